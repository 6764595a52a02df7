import BackgroundSimulation
import SimulationKernel

/// The verdict of a run as text and as JSON: diagnostics, expectations, fingerprint and replay line.
public enum RunSummary {
    /// The diagnostics, expectations and fingerprint as text.
    public static func text(_ result: SimulationResult, replay: String, width: Int = 80) -> String {
        var lines: [String] = []
        lines.append("Diagnostics")
        if result.diagnostics.isEmpty {
            lines.append("  none")
        }
        for diagnostic in result.diagnostics {
            lines.append("  \(diagnostic.rule.id) \(diagnostic.severity.rawValue) at \(TimeText.format(nanoseconds: diagnostic.time)): \(diagnostic.rule.name)")
            lines.append(TextLayout.wrap("      ", diagnostic.message, width: width))
            lines.append(TextLayout.wrap("      fix: ", diagnostic.rule.fix, width: width))
        }
        lines.append("")
        lines.append("Expectations")
        if result.expectations.isEmpty { lines.append("  none stated") }
        for expectation in result.expectations {
            let mark = expectation.passed ? "✓" : "✗"
            let actual = expectation.passed ? "" : " — got \(expectation.actual)"
            lines.append(TextLayout.wrap("  \(mark) ", expectation.expectation + actual, width: width))
        }
        switch result.ending {
        case .completed: break
        case .stalled(let report): lines.append(TextLayout.wrap("  ✗ ", "the run stalled: \(report.description)", width: width))
        case .limitExceeded(let message): lines.append(TextLayout.wrap("  ✗ ", "the run was stopped: \(message)", width: width))
        }
        lines.append("")
        lines.append("Result       \(result.passed ? "PASS" : "FAIL")")
        lines.append("Fingerprint  \(result.fingerprint)  (\(result.eventCount) trace events)")
        lines.append("Replay       \(replay)")
        return lines.joined(separator: "\n")
    }

    /// The run's verdict as a JSON document, for scripts.
    public static func json(_ result: SimulationResult, scenarioPath: String, replay: String) -> JSONValue {
        let diagnostics = result.diagnostics.map { diagnostic in
            JSONValue.object([
                ("rule", .string(diagnostic.rule.id)), ("name", .string(diagnostic.rule.name)),
                ("severity", .string(diagnostic.severity.rawValue)), ("time", .int(diagnostic.time)),
                ("process", diagnostic.process.map { .int(Int64($0)) } ?? .null),
                ("subject", .string(diagnostic.subject)), ("message", .string(diagnostic.message)),
                ("fix", .string(diagnostic.rule.fix)),
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
            ("scenario", .string(result.scenarioName)), ("file", .string(scenarioPath)),
            ("seed", .string(String(result.seed))), ("profile", .string(result.profile.name.rawValue)),
            ("stopAt", .int(result.stopAt)), ("endTime", .int(result.endTime)), ("ending", ending),
            ("passed", .bool(result.passed)), ("fingerprint", .string(result.fingerprint.description)),
            ("traceEvents", .int(Int64(result.eventCount))), ("diagnostics", .array(diagnostics)),
            ("expectations", .array(expectations)),
            ("terminations", .array(result.terminations.map { .string($0.rawValue) })),
            ("saved", .array(result.saved.checkpoints.map { .string($0.name) })),
            ("finalState", .string(result.finalState.name)), ("replay", .string(replay)),
            ("version", .string(BGSimVersion.current)),
        ])
    }
}
