import SimulationKernel
import SimulationModel
import SimulationReports
import Testing

/// How the expectations of this module describe a run when they fail: rule ids and instants, a replay line,
/// and the run's HTML timeline attached to the test.
enum FailureReport {
    /// One diagnostic in a few readable lines.
    static func describe(_ diagnostic: Diagnostic) -> String {
        let process = diagnostic.process.map { ", process \($0)" } ?? ""
        return "\(diagnostic.rule.id) \(diagnostic.rule.name) (\(diagnostic.rule.severity.rawValue)) at "
            + "\(TimeText.format(diagnostic.time))\(process), \(diagnostic.subject)\n"
            + "    \(diagnostic.message)\n"
            + "    fix: \(diagnostic.rule.fix)"
    }

    /// How the run ended, in words.
    static func describe(_ ending: SimulationResult.Ending) -> String {
        switch ending {
        case .completed: "completed"
        case .stalled(let report): "stalled: \(report)"
        case .limitExceeded(let message): "stopped by a limit: \(message)"
        }
    }

    /// Records an issue with `message`, the run's seed and replay line, and attaches the run's HTML timeline.
    static func record(_ message: String, for result: SimulationResult, sourceLocation: SourceLocation) {
        let lines = [
            message,
            "run: \(result.scenarioName), seed \(result.seed), fingerprint \(result.fingerprint), ended \(describe(result.ending))",
            SimulationSeed.replayLine,
        ]
        Issue.record(Comment(rawValue: lines.joined(separator: "\n")), sourceLocation: sourceLocation)
        attachTimeline(of: result, sourceLocation: sourceLocation)
    }

    /// Attaches the run's HTML report (timeline, diagnostics with fixes) to the current test; nothing if the trace
    /// was not kept.
    static func attachTimeline(of result: SimulationResult, sourceLocation: SourceLocation) {
        guard !result.events.isEmpty else { return }
        let replay = SimulationSeed.replayLine.replacingOccurrences(of: "replay: ", with: "")
        let html = HTMLReport().render(RunReport(result: result, summary: nil, replay: replay))
        Attachment.record(html, named: "\(result.scenarioName)-seed-\(result.seed).html", sourceLocation: sourceLocation)
    }
}
