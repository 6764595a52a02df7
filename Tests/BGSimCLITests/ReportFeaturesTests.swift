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

    @Test func aSystemNoticeIsANoteInEveryReportAndItsCategoryIsInTheJSON() throws {
        // chat-push-burst-throttled: three BGS040 (the system holds pushes), a system notice, beside the three BGS049
        // of its server (an app bug).
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("push.html").path
        let summary = folder.appendingPathComponent("push.md").path
        let run = runTool(["run", "Scenarios/chat-push-burst-throttled.json", "--report", page, "--markdown", summary])
        #expect(run.status == 0)
        #expect(run.out.contains("  BGS040 info, system notice at 1h06m00s: pushThrottled\n"))
        #expect(run.out.contains("    1h06m00s  ! BGS040   info, system notice: push 4\n"))
        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(markdown.contains("| `BGS040` pushThrottled | info, system notice | push 4 |"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<li class=\"count info notice\"><a href=\"#diagnostics\">3 system notices</a></li>"))
        #expect(!html.contains(">3 infos<"))
        #expect(html.contains("<li class=\"diagnostic warning\" id=\"d1\">"))
        #expect(html.contains("<li class=\"diagnostic info notice\" id=\"d2\">"))
        #expect(html.contains("<span class=\"sev\">info, system notice</span>"))
        let json = try jsonObject(runTool(["run", "Scenarios/chat-push-burst-throttled.json", "--format", "json"]).out)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let throttled = diagnostics.filter { $0["rule"] as? String == "BGS040" }
        #expect(throttled.count == 3 && throttled.allSatisfy { $0["category"] as? String == "systemNotice" })
        #expect(diagnostics.filter { $0["rule"] as? String == "BGS049" }.allSatisfy { $0["category"] as? String == "appBug" })
        let pushCounts = try #require(json["diagnosticCounts"] as? [[String: Any]])
        #expect(pushCounts.first { $0["rule"] as? String == "BGS040" }?["category"] as? String == "systemNotice")
        #expect(pushCounts.first { $0["rule"] as? String == "BGS049" }?["category"] as? String == "appBug")
        // App bugs keep their words; beside them a notice is counted apart.
        let leak = try jsonObject(runTool(["run", "Scenarios/leaked-assertion-watchdog.json", "--format", "json"]).out)
        let counts = try #require(leak["diagnosticCounts"] as? [[String: Any]])
        let categories = Dictionary(uniqueKeysWithValues: counts.map { ($0["rule"] as? String ?? "", $0["category"] as? String ?? "") })
        #expect(categories == ["BGS001": "appBug", "BGS002": "appBug", "BGS003": "systemNotice", "BGS004": "appBug"])
        let leakPage = folder.appendingPathComponent("leak.html").path
        #expect(runTool(["run", "Scenarios/leaked-assertion-watchdog.json", "--report", leakPage]).status == 0)
        let leakHTML = try String(contentsOfFile: leakPage, encoding: .utf8)
        #expect(leakHTML.contains(">1 system notice</a></li>"))
        #expect(leakHTML.contains(">2 errors</a></li>"))
        let text = runTool(["run", "Scenarios/leaked-assertion-watchdog.json"]).out
        #expect(text.contains("  BGS001 error at 44.000s: backgroundTaskLeaked\n"))
        #expect(text.contains("  BGS003 info, system notice at 40.000s: backgroundTaskOpenTooLong\n"))
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
