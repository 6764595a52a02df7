import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationReports
import SimulationSupport

/// `bgsim rules [<rule>]`: the catalog of diagnostic rules, the coverage table, or one rule explained.
struct RulesCommand {
    var options: RulesOptions

    func execute(console: Console) -> Int32 {
        let rules = options.rule.flatMap(Rules.rule(withID:)).map { [$0] } ?? Rules.all
        let explaining = options.rule != nil
        switch options.format {
        case .json:
            console.out(JSONValue.array(rules.map(json)).rendered() + "\n")
        case .text:
            console.out(explaining ? explanation(of: rules[0]) : catalogText())
        case .markdown:
            console.out(explaining ? markdown(of: rules[0], level: "#") : catalogMarkdown())
        }
        return ExitCode.success
    }

    // MARK: Text

    private func catalogText() -> String {
        var lines: [String] = []
        for rule in Rules.all {
            lines.append("\(rule.id)  \(rule.name)  (\(rule.severity.rawValue), \(rule.category.words))")
            lines.append(TextLayout.wrap("    ", rule.summary, width: 80))
            lines.append(TextLayout.wrap("    why: ", rule.categoryReason, width: 80))
            lines.append(TextLayout.wrap("    fix: ", rule.fix, width: 80))
            lines.append(TextLayout.wrap("    source: ", rule.source, width: 80))
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// One rule, with what it catches of the seeds' checklist and common mistakes, and where to see it.
    private func explanation(of rule: Rule) -> String {
        var lines = ["\(rule.id)  \(rule.name)  (\(rule.severity.rawValue), \(rule.category.words))", ""]
        lines.append(TextLayout.wrap("", rule.summary, width: 80))
        lines.append("")
        lines.append(TextLayout.wrap("\(Self.categoryTitle(rule.category))  ", rule.categoryReason + " " + Self.judging(rule.category), width: 80))
        lines.append(TextLayout.wrap("Fix      ", rule.fix, width: 80))
        lines.append(TextLayout.wrap("Source   ", rule.source, width: 80))
        let items = RuleCoverage.items(for: rule.id)
        if !items.isEmpty {
            lines.append("")
            lines.append("Catches")
            for item in items {
                lines.append(TextLayout.wrap("  - ", "\(Self.originName(item.origin)): \(item.practice). \(item.note)", width: 80))
            }
        }
        let samples = Self.samples(of: items)
        if !samples.isEmpty {
            lines.append("")
            lines.append("Samples")
            for sample in samples { lines.append("  bgsim run Scenarios/\(sample).json") }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    // MARK: JSON

    private func json(_ rule: Rule) -> JSONValue {
        let items = RuleCoverage.items(for: rule.id)
        // The output is a list of rules, so each rule carries the schema version (a list cannot).
        return .object([
            ("schemaVersion", .int(RunSummary.schemaVersion)),
            ("id", .string(rule.id)), ("name", .string(rule.name)), ("severity", .string(rule.severity.rawValue)),
            ("category", .string(rule.category.rawValue)), ("categoryReason", .string(rule.categoryReason)),
            ("summary", .string(rule.summary)), ("fix", .string(rule.fix)), ("source", .string(rule.source)),
            ("catches", .array(items.map { .object([("origin", .string($0.origin.rawValue)), ("practice", .string($0.practice))]) })),
            ("samples", .array(Self.samples(of: items).map { .string($0) })),
        ])
    }

    // MARK: Markdown

    /// docs/rules.md: the catalog, each rule in full, and the coverage table.
    private func catalogMarkdown() -> String {
        var text = """
            # Rules

            Every diagnostic bgsim reports, with its stable identifier. This page is the
            output of `bgsim rules --format markdown`; CI checks that it is. `bgsim rules
            BGS018` explains one rule in the terminal.

            Each rule has a category as well as a severity. An **app bug** is something
            the app's own code, its Info.plist, its server or its test harness could have
            done otherwise; a **system notice** says what the system, the person or the
            simulator did, to explain a run. `bgsim fuzz` and `bgsim explore` fail a run
            on an app bug the scenario does not expect, at any severity (`--fail-on`
            narrows it), and never on a system notice. Every system notice is `info`, so
            `--fail-on warning|error`, and a scenario with no `expect` (which fails on
            error diagnostics), only ever fail on app bugs. Each rule below says why it
            has its category.

            | id | name | category | severity | what it checks |
            |---|---|---|---|---|

            """
        for rule in Rules.all {
            text += "| [\(rule.id)](#\(rule.id.lowercased())) | `\(rule.name)` | \(rule.category.words) | \(rule.severity.rawValue) | "
                + "\(Self.cell(rule.summary)) |\n"
        }
        text += "\n"
        for rule in Rules.all { text += markdown(of: rule, level: "##") }
        text += """
            ## Coverage

            What the seeds ask of apps (the review checklist) and the mistakes they
            name, with the rules that fire when an app gets it wrong, or why no rule
            can. Samples are in Scenarios/.

            | from | practice | rules | how it is observed | samples |
            |---|---|---|---|---|

            """
        for item in RuleCoverage.items {
            let rules = item.rules.isEmpty ? "none" : item.rules.map { "[\($0)](#\($0.lowercased()))" }.joined(separator: ", ")
            let samples = item.samples.map { "`\($0)`" }.joined(separator: ", ")
            text += "| \(Self.originName(item.origin)) | \(Self.cell(item.practice)) | \(rules) | \(Self.cell(item.note)) | \(samples) |\n"
        }
        return text
    }

    private func markdown(of rule: Rule, level: String) -> String {
        var text = "\(level) \(rule.id)\n\n`\(rule.name)`, \(rule.severity.rawValue), \(rule.category.words). \(rule.summary)\n\n"
        let why = switch rule.category {
        case .appBug: "Why an app bug"
        case .systemNotice: "Why a system notice"
        }
        text += "- **\(why):** \(rule.categoryReason)\n"
        text += "- **Fix:** \(rule.fix)\n- **Source:** \(rule.source)\n"
        let items = RuleCoverage.items(for: rule.id)
        if !items.isEmpty {
            text += "- **Catches:** " + items.map { "\(Self.originName($0.origin)): \($0.practice)" }.joined(separator: "; ") + "\n"
        }
        let samples = Self.samples(of: items)
        if !samples.isEmpty {
            text += "- **Samples:** " + samples.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        }
        return text + "\n"
    }

    // MARK: Shared

    /// The heading of a rule's category in `bgsim rules <id>`, as wide as "Fix     " and "Source  ".
    private static func categoryTitle(_ category: Rule.Category) -> String {
        switch category {
        case .appBug: "App bug"
        case .systemNotice: "Notice "
        }
    }

    /// What the category means for a campaign's verdict, in one sentence.
    private static func judging(_ category: Rule.Category) -> String {
        switch category {
        case .appBug: "bgsim fuzz and bgsim explore fail a run on it unless the scenario expects it."
        case .systemNotice: "It explains a run and never fails bgsim fuzz or bgsim explore."
        }
    }

    private static func originName(_ origin: CoverageItem.Origin) -> String {
        switch origin {
        case .checklist: "checklist"
        case .commonMistake: "common mistake"
        }
    }

    /// The sample scenarios of `items`, each once, in the order first named.
    private static func samples(of items: [CoverageItem]) -> [String] {
        var samples: [String] = []
        for sample in items.flatMap(\.samples) where !samples.contains(sample) { samples.append(sample) }
        return samples
    }

    /// Text safe inside a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
