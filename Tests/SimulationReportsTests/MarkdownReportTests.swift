import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
@testable import SimulationReports
import Testing

/// The Markdown summary for pull requests.
@Suite struct MarkdownReportTests {
    @Test(arguments: Runs.names)
    func hasOutcomeDiagnosticsTableTimelineAndReplay(name: String) throws {
        let report = try Runs.report(name)
        let text = MarkdownReport().render(report)
        #expect(text.hasPrefix("## bgsim: \(name) · ✅ **PASS**\n"))
        #expect(text.contains("fingerprint `\(report.fingerprint)`"))
        #expect(text.contains("### Diagnostics\n"))
        #expect(text.contains("### Timeline\n\n```text\nLanes"))
        #expect(text.contains("### Replay\n\n```sh\n\(report.replay)\n```\n"))
        // Fences are balanced, so nothing after the timeline renders as code by accident.
        #expect(text.components(separatedBy: "```").count % 2 == 1)
        let markers = report.timeline.markers
        if markers.isEmpty {
            #expect(text.contains("None: the run broke no rule"))
        } else {
            #expect(text.contains("| # | Time | Rule | Severity | Subject | Message | Fix |"))
            let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains(" | `BGS") }
            #expect(rows.count == markers.count)
            for (row, marker) in zip(rows, markers) {
                #expect(row.contains("`\(marker.rule)`"))
                // A row has its seven cells: pipes inside text are escaped.
                let cells = row.replacingOccurrences(of: "\\|", with: "").split(separator: "|", omittingEmptySubsequences: false)
                #expect(cells.count == 9)
            }
        }
    }

    @Test func longListsAreCutAndCountedByRule() throws {
        let report = try Runs.report("leaked-assertion-watchdog")
        let text = MarkdownReport(maximumDiagnostics: 2).render(report)
        #expect(text.contains("| Rule | Name | Severity | Count | First at |"))
        #expect(text.contains("| `BGS002` | endedUnknownBackgroundTask | warning | 2 | 34.200s |"))
        #expect(text.contains("The first 2 of 5:"))
    }

    @Test func tableCellsStayOnOneLineWithoutHTML() throws {
        var report = try Runs.report("expiration-ends-async")
        report.timeline.markers[0].message = "a | b\nc <script>"
        let text = MarkdownReport().render(report)
        #expect(text.contains("a \\| b c &lt;script&gt;"))
    }

    @Test func aReportFromATraceSaysSo() throws {
        let (result, _) = try Runs.result("save-on-background")
        let lines = result.events.map(\.jsonLine).joined(separator: "\n")
        let trace = try TraceFile.parse(Data(lines.utf8), path: "t.jsonl")
        let text = MarkdownReport().render(RunReport(trace: trace))
        #expect(text.hasPrefix("## bgsim: save-on-background · **from a trace file**"))
        #expect(!text.contains("### Expectations"))
        #expect(text.contains("bgsim run save-on-background.json --seed 1 --until 10m"))
    }
}
