import SimulationModel
import SimulationKernel

/// A summary of a run in GitHub-flavoured Markdown, to paste into a pull request.
///
/// The outcome and header facts, a table of diagnostics with their rule ids,
/// the expectations, the lanes as a compact text picture, the story in a
/// collapsed block, and the replay command. It stays well under GitHub's
/// 65,536-character limit for a comment: long lists are cut in the middle.
public struct MarkdownReport: Sendable {
    /// The most diagnostics listed in the table; all are counted by rule.
    var maximumDiagnostics: Int
    /// The most story lines in the collapsed story.
    var maximumStoryLines: Int

    /// Creates a renderer.
    public init(maximumDiagnostics: Int = 40, maximumStoryLines: Int = 60) {
        self.maximumDiagnostics = max(1, maximumDiagnostics)
        self.maximumStoryLines = max(20, maximumStoryLines)
    }

    /// The Markdown text, ending with a newline.
    public func render(_ report: RunReport) -> String {
        let timeline = report.timeline
        var lines: [String] = []
        let verdict = switch report.passed {
        case .some(true): "✅ **PASS**"
        case .some(false): "❌ **FAIL**"
        case .none: "**from a trace file**"
        }
        lines.append("## bgsim: \(inline(timeline.scenario)) · \(verdict)")
        lines.append("")
        lines.append(
            "seed \(inline(timeline.seed)) · \(inline(timeline.profile)) · 0s to \(DurationText.span(timeline.end - .zero))"
                + " · \(inline(report.endingWords)) · \(report.eventCount) trace events · fingerprint `\(report.fingerprint)` · bgsim \(inline(timeline.version))")
        if let summary = report.summary {
            lines.append("")
            lines.append("> " + inline(summary))
        }
        let terminations = timeline.processes.compactMap { process in
            process.termination.map { "app #\(process.number) terminated: \($0.reason.rawValue)" + ($0.reason.exceptionCode.map { " (\($0))" } ?? "") }
        }
        if !terminations.isEmpty {
            lines.append("")
            lines.append(terminations.map { "**\(inline($0))**" }.joined(separator: " · "))
        }

        lines.append("")
        lines.append("### Diagnostics")
        lines.append("")
        lines += diagnostics(timeline.markers)

        if let expectations = report.expectations {
            lines.append("")
            lines.append("### Expectations")
            lines.append("")
            if expectations.isEmpty { lines.append("The scenario states none.") }
            for expectation in expectations {
                let actual = expectation.passed ? "" : " — got \(inline(expectation.actual))"
                lines.append("- \(expectation.passed ? "✓" : "✗") \(inline(expectation.expectation))\(actual)")
            }
            if report.ending != .completed { lines.append("- ✗ the run did not complete: \(inline(report.endingWords))") }
        }

        lines += pending(timeline)

        lines.append("")
        lines.append("### Timeline")
        lines.append("")
        lines.append("```text")
        lines += TerminalTimeline(width: 80).lanes(timeline)
        lines.append("```")
        lines.append("")
        lines.append("<details><summary>Story (\(timeline.entries.count) lines)</summary>")
        lines.append("")
        lines.append("```text")
        lines += TerminalTimeline(width: 80, maximumEntries: maximumStoryLines).story(timeline)
        lines.append("```")
        lines.append("")
        lines.append("</details>")
        lines.append("")
        lines.append("### Replay")
        lines.append("")
        lines.append("```sh")
        lines.append(report.replay)
        lines.append("```")
        return lines.joined(separator: "\n") + "\n"
    }

    private func diagnostics(_ markers: [Timeline.Marker]) -> [String] {
        guard !markers.isEmpty else { return ["None: the run broke no rule bgsim checks."] }
        var lines: [String] = []
        if markers.count > maximumDiagnostics {
            let rules = Timeline.Marker.countsByRule(markers)
            lines.append("| Rule | Name | Severity | Count | First at |")
            lines.append("|---|---|---|---:|---:|")
            for rule in rules {
                lines.append("| `\(cell(rule.rule))` | \(cell(Rules.ruleName(rule.rule))) | \(cell(Rules.severityWords(rule.rule, rule.severity))) | \(rule.count) | \(DurationText.instant(rule.first)) |")
            }
            lines.append("")
            lines.append("The first \(maximumDiagnostics) of \(markers.count):")
            lines.append("")
        }
        lines.append("| # | Time | Rule | Severity | Subject | Message | Fix |")
        lines.append("|---:|---:|---|---|---|---|---|")
        for (index, marker) in markers.prefix(maximumDiagnostics).enumerated() {
            let name = Rules.ruleName(marker.rule)
            let rule = "`\(cell(marker.rule))`" + (name.isEmpty ? "" : " \(cell(name))")
            lines.append(
                "| \(index + 1) | \(DurationText.instant(marker.time)) | \(rule) | \(cell(Rules.severityWords(marker.rule, marker.severity))) | \(cell(marker.subject)) | \(cell(marker.message)) | \(cell(marker.fix)) |")
        }
        return lines
    }

    /// Text safe in a table cell: no pipes, no line breaks, no HTML.
    func cell(_ text: String) -> String {
        var output = ""
        for character in inline(text) {
            if character == "|" { output += "\\|" } else { output.append(character) }
        }
        return output
    }

    /// Text safe in a line of Markdown: one line, no HTML tags.
    private func inline(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "\n", "\r": output.append(" ")
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            default: output.append(character)
            }
        }
        return output
    }
}
