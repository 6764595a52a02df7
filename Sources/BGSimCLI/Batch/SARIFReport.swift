import SimulationKernel
import SimulationModel
import SimulationSupport

/// SARIF 2.1.0 for GitHub code scanning and other static-analysis viewers: what `bgsim run --sarif` writes.
///
/// `tool.driver.rules` is the rule catalog (stable ids `BGSnnn`), followed by
/// three rules of the command itself: `BGS-EXPECT` (an expectation did not
/// hold), `BGS-ENDING` (the run stalled or a limit stopped it) and
/// `BGS-INVALID` (the file could not be read). Each result names the
/// scenario file and, where the file shows it, the line: of the timeline
/// entry in force when a diagnostic fired, of `expect`, or of the reader's
/// error. A diagnostic's result carries the trace events that led to it (the
/// last events of its process, up to it) as a code flow. One result per rule
/// and scenario: its message counts the rest. A rule that fired in a
/// scenario that passed is what the scenario expects (a sample showing a
/// mistake), so its result is a `note`; in a failed scenario its level is
/// the rule's severity, except that a system notice is always a `note`.
/// Each catalog rule and each of its results carries `properties.category`
/// (`appBug` or `systemNotice`).
enum SARIFReport {
    /// How many trace events a code flow shows at most.
    static let flowLength = 12

    /// The command's own rules, after the catalog.
    static let commandRules: [(id: String, name: String, summary: String, level: String)] = [
        ("BGS-EXPECT", "Expectation not met", "An expectation the scenario states did not hold.", "error"),
        ("BGS-ENDING", "Run did not end normally", "The run stalled, or a run limit stopped it.", "error"),
        ("BGS-INVALID", "Invalid scenario", "The scenario file could not be read.", "error"),
    ]

    static func render(_ outcomes: [ScenarioOutcome]) -> String {
        var rules: [JSONValue] = Rules.all.map { rule in
            .object([
                ("id", .string(rule.id)), ("name", .string(pascalCase(rule.name))),
                ("shortDescription", .object([("text", .string(rule.name))])),
                ("fullDescription", .object([("text", .string(rule.summary))])),
                ("help", .object([("text", .string("Fix: \(rule.fix)\nSource: \(rule.source)"))])),
                ("defaultConfiguration", .object([("level", .string(level(rule)))])),
                ("properties", .object([("category", .string(rule.category.rawValue))])),
            ])
        }
        rules += commandRules.map { rule in
            .object([
                ("id", .string(rule.id)), ("name", .string(pascalCase(rule.name))),
                ("shortDescription", .object([("text", .string(rule.name))])),
                ("fullDescription", .object([("text", .string(rule.summary))])),
                ("defaultConfiguration", .object([("level", .string(rule.level))])),
            ])
        }
        let ruleIDs = Rules.all.map(\.id) + commandRules.map(\.id)
        var results: [JSONValue] = []
        for outcome in outcomes {
            for finding in Finding.all(in: outcome) {
                var members: [(String, JSONValue)] = [
                    ("ruleId", .string(finding.rule)), ("ruleIndex", .int(Int64(ruleIDs.firstIndex(of: finding.rule) ?? 0))),
                    ("level", .string(finding.level)), ("message", .object([("text", .string(finding.message))])),
                    ("locations", .array([location(outcome.input.name, line: finding.line)])),
                ]
                if let category = finding.category { members.append(("properties", .object([("category", .string(category.rawValue))]))) }
                if !finding.flow.isEmpty {
                    let steps = finding.flow.map { step in
                        JSONValue.object([("location", location(outcome.input.name, line: outcome.line(at: step.time), message: step.text))])
                    }
                    members.append(("codeFlows", .array([.object([("threadFlows", .array([.object([("locations", .array(steps))])]))])])))
                }
                results.append(.object(members))
            }
        }
        let document = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("bgsim")), ("version", .string(BGSimVersion.current)),
                    ("informationUri", .string("https://github.com/bgsim/bgsim")),
                    ("rules", .array(rules)),
                ]))])),
                ("results", .array(results)),
            ])])),
        ])
        return document.rendered() + "\n"
    }

    /// A physical location in the scenario file, with its line when known.
    static func location(_ file: String, line: Int?, message: String? = nil) -> JSONValue {
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(file))]))]
        if let line { physical.append(("region", .object([("startLine", .int(Int64(line)))]))) }
        var members: [(String, JSONValue)] = [("physicalLocation", .object(physical))]
        if let message { members.append(("message", .object([("text", .string(message))]))) }
        return .object(members)
    }

    /// SARIF's level for a rule: `note` for a system notice (it explains, it never alerts), else its severity's.
    static func level(_ rule: Rule) -> String {
        rule.category == .systemNotice ? "note" : level(rule.severity)
    }

    /// SARIF's level for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// `LeakedBackgroundTask` from "leaked background task": SARIF's rule names are identifiers.
    static func pascalCase(_ words: String) -> String {
        words.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
