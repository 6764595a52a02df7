import SimulationModel
import SimulationKernel
import SimulationSupport

/// The verdict of a run as text and as JSON: diagnostics, expectations, fingerprint and replay line.
public enum RunSummary {
    /// How many diagnostics of one rule the text shows in full; the rest are counted on one line ("× N more").
    static let shownPerRule = 3

    /// The version of the JSON documents bgsim prints (`schemaVersion`): raised when a field changes meaning or goes away, not when one is added.
    package static let schemaVersion: Int64 = 1

    /// The diagnostics, expectations and fingerprint as text; with `colour`, severities and the verdict are coloured with ANSI escapes.
    ///
    /// - Parameters:
    ///   - result: The finished run.
    ///   - replay: The command line that replays the run.
    ///   - width: The columns the text may use.
    ///   - colour: Whether to colour with ANSI escapes.
    ///   - failures: Reasons the command line fails the run beyond its expectations (`--fail-on`), one ✗ line each.
    public static func text(
        _ result: SimulationResult, replay: String, width: Int = 80, colour: Bool = false, failures: [String] = []
    ) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        // Lines are wrapped plain, then painted, so escape sequences never count as columns.
        func marked(_ line: String, _ passed: Bool) -> String {
            colour ? "  " + paint(String(line.dropFirst(2).prefix(1)), passed ? "32" : "31") + String(line.dropFirst(3)) : line
        }
        var lines: [String] = []
        lines.append(paint("Diagnostics", "1"))
        if result.diagnostics.isEmpty {
            lines.append("  none")
        }
        // Repeated diagnostics are counted: the first few of a rule show what it is about, a line counts the rest.
        // Each shows its own fix (the text that fits its case) unless it is the one shown last for the rule.
        var shown: [(rule: String, count: Int, fix: String)] = []
        for diagnostic in result.diagnostics {
            let code = switch diagnostic.severity {
            case .error: "1;31"
            case .warning: "1;33"
            case .info: "1;34"
            }
            let index = shown.firstIndex { $0.rule == diagnostic.rule.id } ?? shown.endIndex
            if index == shown.endIndex { shown.append((diagnostic.rule.id, 0, "")) }
            guard shown[index].count < shownPerRule else { continue }
            shown[index].count += 1
            let severity = Rules.severityWords(diagnostic.rule.id, diagnostic.severity)
            lines.append("  \(paint(diagnostic.rule.id, code)) \(severity) at \(TimeText.format(diagnostic.time)): \(diagnostic.rule.name)")
            lines.append(TextLayout.wrap("      ", diagnostic.message, width: width))
            if shown[index].fix != diagnostic.fix {
                shown[index].fix = diagnostic.fix
                let fix = TextLayout.wrap("      fix: ", diagnostic.fix, width: width)
                lines.append(colour ? "      " + paint("fix:", "32") + String(fix.dropFirst(10)) : fix)
            }
            if shown[index].count == shownPerRule,
               let tally = result.diagnosticCounts.first(where: { $0.rule.id == diagnostic.rule.id }), tally.count > shownPerRule {
                lines.append("  \(paint(diagnostic.rule.id, code)) \(severity) × \(tally.count - shownPerRule) more, "
                    + "the last at \(TimeText.format(tally.lastTime)) (\(tally.count) in all)")
            }
        }
        lines.append("")
        lines.append(paint("Expectations", "1"))
        if result.expectations.isEmpty { lines.append("  none stated") }
        for expectation in result.expectations {
            let mark = expectation.passed ? "✓" : "✗"
            let actual = expectation.passed ? "" : " — got \(expectation.actual)"
            lines.append(marked(TextLayout.wrap("  \(mark) ", expectation.expectation + actual, width: width), expectation.passed))
        }
        switch result.ending {
        case .completed: break
        case .stalled(let report):
            lines.append(marked(TextLayout.wrap("  ✗ ", "the run stalled: \(report.description)", width: width), false))
        case .limitExceeded(let message):
            lines.append(marked(TextLayout.wrap("  ✗ ", "the run was stopped: \(message)", width: width), false))
        }
        for failure in failures { lines.append(marked(TextLayout.wrap("  ✗ ", failure, width: width), false)) }
        let passed = result.passed && failures.isEmpty
        lines.append("")
        lines.append("Result       \(passed ? paint("PASS", "1;32") : paint("FAIL", "1;31"))")
        lines.append("Fingerprint  \(result.fingerprint)  (\(result.eventCount) trace events)")
        lines.append("Replay       \(replay)")
        return lines.joined(separator: "\n")
    }

    /// The run's verdict as a JSON document, for scripts.
    ///
    /// - Parameters:
    ///   - result: The finished run.
    ///   - scenarioPath: The scenario file, as given.
    ///   - replay: The command line that replays the run.
    ///   - failures: Reasons the command line fails the run beyond its expectations (`--fail-on`); they make `passed` false.
    package static func json(_ result: SimulationResult, scenarioPath: String, replay: String, failures: [String] = []) -> JSONValue {
        let diagnostics = result.diagnostics.map { diagnostic in
            JSONValue.object([
                ("rule", .string(diagnostic.rule.id)), ("name", .string(diagnostic.rule.name)),
                ("severity", .string(diagnostic.severity.rawValue)), ("category", .string(diagnostic.rule.category.rawValue)),
                ("time", .int(diagnostic.time.nanoseconds)),
                ("process", diagnostic.process.map { .int(Int64($0)) } ?? .null),
                ("subject", .string(diagnostic.subject)), ("message", .string(diagnostic.message)),
                ("fix", .string(diagnostic.fix)),
            ])
        }
        // What the reports list under "still pending": the requests the run ended with, and what held each back.
        let timeline = Timeline(events: result.events)
        let pending = timeline.pending.map { request in
            JSONValue.object([
                ("identifier", .string(request.identifier)), ("kind", .string(request.kind.rawValue)),
                ("submitted", .int(request.submitted.nanoseconds)), ("why", .string(request.why(runEnd: timeline.end))),
                ("since", request.reason == nil ? .null : .int(request.since.nanoseconds)),
            ])
        }
        // The list above holds the first diagnostics of each rule (RunLimits.keptDiagnosticsPerRule); these count them all.
        let diagnosticCounts = result.diagnosticCounts.map { tally in
            JSONValue.object([
                ("rule", .string(tally.rule.id)), ("name", .string(tally.rule.name)),
                ("severity", .string(tally.rule.severity.rawValue)), ("category", .string(tally.rule.category.rawValue)),
                ("count", .int(Int64(tally.count))),
                ("firstTime", .int(tally.firstTime.nanoseconds)), ("lastTime", .int(tally.lastTime.nanoseconds)),
            ])
        }
        let expectations = result.expectations.map { expectation in
            JSONValue.object([
                ("expectation", .string(expectation.expectation)), ("passed", .bool(expectation.passed)),
                ("actual", .string(expectation.actual)),
            ])
        }
        let ending: JSONValue = switch result.ending {
        case .completed: .string("completed")
        case .stalled: .string("stalled")
        case .limitExceeded: .string("limitExceeded")
        }
        return .object([
            ("schemaVersion", .int(schemaVersion)),
            ("scenario", .string(result.scenarioName)), ("file", .string(scenarioPath)),
            ("seed", .string(String(result.seed))), ("profile", .string(result.profile.name.rawValue)),
            ("stopAt", .int(result.stopAt.nanoseconds)), ("endTime", .int(result.endTime.nanoseconds)), ("ending", ending),
            ("passed", .bool(result.passed && failures.isEmpty)), ("failures", .array(failures.map(JSONValue.string))),
            ("fingerprint", .string(result.fingerprint.description)),
            ("traceEvents", .int(Int64(result.eventCount))), ("diagnostics", .array(diagnostics)),
            ("diagnosticCounts", .array(diagnosticCounts)),
            ("expectations", .array(expectations)), ("pending", .array(pending)),
            ("terminations", .array(result.terminations.map { .string($0.rawValue) })),
            ("saved", .array(result.saved.checkpoints.map { .string($0.name) })),
            ("finalState", .string(result.finalState.name.rawValue)), ("replay", .string(replay)),
            ("version", .string(BGSimVersion.current)),
        ])
    }
}
