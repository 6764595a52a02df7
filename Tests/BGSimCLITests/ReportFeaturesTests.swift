@testable import BGSimCLI
import Foundation
import Testing

/// The reports' features end to end, through `bgsim run` and `bgsim report`: what a person sees in each.
@Suite(.serialized) struct ReportFeaturesTests {
    @Test func theTerminalFoldsRepetitionsCondensesIdleTimeAndKeepsSecondsPastDayOne() {
        let cleanup = runTool(["run", "Scenarios/database-cleanup-processing.json"])
        #expect(cleanup.status == 0)
        #expect(cleanup.out.contains("   23h00m30s  app #1     saved \"cleanup-progress\" × 27, the last at 23h04m50s\n"))
        #expect(cleanup.out.contains("┊ 4 idle stretches of 23h54m in all, one column"))
        let week = runTool(["run", "Scenarios/feed-refresh-week.json"])
        #expect(week.status == 0)
        #expect(week.out.contains(" 1d00h19m28s  system     launches com.example.news.refresh (policy)"))
        #expect(week.out.contains("↻ the 8 lines above, 3 more times with other numbers, until"))
        #expect(week.out.contains("\nLanes by day 0h"))
        #expect(week.out.contains("\nday 7  6d to 7d\n"))
    }

    @Test func thePageOfAWeekOpensOnALineADayAndLinksItsDiagnostics() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let week = folder.appendingPathComponent("week.html").path
        #expect(runTool(["run", "Scenarios/feed-refresh-week.json", "--report", week]).status == 0)
        let page = try String(contentsOfFile: week, encoding: .utf8)
        #expect(page.contains("id=\"view-days\" checked=\"checked\""))
        #expect(page.contains(">Day 7 · 6d to 7d</text>"))
        #expect(page.contains("<svg class=\"minimap\""))
        let trace = folder.appendingPathComponent("leak.jsonl").path
        #expect(runTool(["run", "Scenarios/leaked-assertion-watchdog.json", "--trace", trace]).status == 0)
        let leak = folder.appendingPathComponent("leak.html").path
        #expect(runTool(["report", trace, "-o", leak]).status == 0)
        let report = try String(contentsOfFile: leak, encoding: .utf8)
        #expect(report.contains("<a href=\"#d1\" class=\"marker warning\">"))
        #expect(report.contains("<li class=\"diagnostic warning\" id=\"d1\">"))
        #expect(report.contains("<div class=\"details\" aria-live=\"polite\" hidden=\"hidden\"></div>"))
        #expect(report.contains("@media (prefers-color-scheme:dark)"))
    }

    @Test func thePerfettoTraceHasCountersFlowsAndIdsThatDoNotCollide() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("export.jsonl").path
        #expect(runTool(["run", "Scenarios/continued-video-export.json", "--trace", trace]).status == 0)
        let perfetto = folder.appendingPathComponent("export.json").path
        #expect(runTool(["report", trace, "--perfetto", perfetto]).status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: perfetto))) as? [String: Any])
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let counters = Set(events.filter { $0["ph"] as? String == "C" }.compactMap { $0["name"] as? String })
        #expect(counters.contains("battery"))
        #expect(counters.contains { $0.hasSuffix(" progress") })
        #expect(events.contains { $0["flow_out"] as? Bool == true } && events.contains { $0["flow_in"] as? Bool == true })
        let pids = Set(events.compactMap { $0["pid"] as? Int })
        var processOfThread: [Int: Int] = [:]
        for event in events {
            guard let pid = event["pid"] as? Int, let tid = event["tid"] as? Int else { continue }
            #expect(processOfThread[tid, default: pid] == pid)
            processOfThread[tid] = pid
            #expect(tid == pid || !pids.contains(tid))
        }
    }
}
