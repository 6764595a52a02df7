import SimulationKernel
import SimulationModel
import SimulationSupport

/// One problem of one scenario, as SARIF, JUnit and GitHub annotations report it.
struct Finding {
    var rule: String
    /// `error`, `warning` or `note`.
    var level: String
    var message: String
    var line: Int?
    /// The rule's category, for a rule of the catalog; nil for the command's own (`BGS-EXPECT`...).
    var category: Rule.Category? = nil
    /// The trace events that led to it, in words, oldest first.
    var flow: [(time: Int64, text: String)] = []

    /// Every finding of an outcome: the reader's error; or each rule that fired (first diagnostic, counted), each failed expectation, a bad ending.
    static func all(in outcome: ScenarioOutcome) -> [Finding] {
        if let error = outcome.error {
            return [Finding(rule: "BGS-INVALID", level: "error", message: error.locatedMessage, line: outcome.input.position(of: error)?.line)]
        }
        guard let result = outcome.result else { return [] }
        var findings: [Finding] = []
        for tally in result.diagnosticCounts {
            guard let first = result.diagnostics.first(where: { $0.rule.id == tally.rule.id }) else { continue }
            var message = "\(first.message) (\(tally.rule.name); fix: \(first.fix))"
            if tally.count > 1 { message += " — \(tally.count) times, the last at \(TimeText.format(tally.lastTime))" }
            // In a scenario that passed, the rule fired as the scenario expects (a sample showing a mistake): a note, not an alert.
            if outcome.passed {
                message += " (the scenario passed: it expects this)"
            } else if tally.rule.category == .systemNotice {
                message += " (a system notice: what the system did, not an app bug)"
            }
            findings.append(Finding(
                rule: tally.rule.id, level: outcome.passed ? "note" : SARIFReport.level(tally.rule), message: message,
                line: outcome.line(at: first.time.nanoseconds), category: tally.rule.category, flow: flow(to: first, in: result.events)))
        }
        let expectLine = outcome.line(of: "expect")
        for expectation in result.expectations where !expectation.passed {
            findings.append(Finding(
                rule: "BGS-EXPECT", level: "error", message: "expected \(expectation.expectation) — got \(expectation.actual)",
                line: expectLine))
        }
        if let ending = outcome.verdict?.resultFailures.first(where: { $0.hasPrefix("the run ") }) {
            findings.append(Finding(rule: "BGS-ENDING", level: "error", message: ending, line: outcome.line(of: "stopAt")))
        }
        return findings
    }

    /// The last events of the diagnostic's process up to its record, in words.
    static func flow(to diagnostic: Diagnostic, in events: [TraceEvent]) -> [(time: Int64, text: String)] {
        guard let index = events.firstIndex(where: {
            $0.kind == .diagnostic && $0.time == diagnostic.time && $0["rule"]?.string == diagnostic.rule.id
        }) else { return [] }
        let process = events[index]["process"]
        var chain: [TraceEvent] = []
        var position = index
        while position >= 0 && chain.count < SARIFReport.flowLength {
            let event = events[position]
            if position == index || process == nil || event["process"] == process { chain.append(event) }
            position -= 1
        }
        return chain.reversed().map { event in
            let fields = event.fields.filter { $0.key != "process" }.map { "\($0.key)=\(text($0.value))" }
            return (event.time.nanoseconds, ([TimeText.format(event.time), event.kind.rawValue] + fields).joined(separator: " "))
        }
    }

    private static func text(_ value: TraceValue) -> String {
        switch value {
        case .int(let number): String(number)
        case .string(let text): QuotableText.quotable(text, limit: 80)
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}
