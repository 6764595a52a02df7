import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationReports

/// `bgsim rules`: the catalog of diagnostic rules.
struct RulesCommand {
    var format: OutputFormat

    func execute(console: Console) -> Int32 {
        switch format {
        case .json:
            let rules = Rules.all.map { rule in
                JSONValue.object([
                    ("id", .string(rule.id)), ("name", .string(rule.name)), ("severity", .string(rule.severity.rawValue)),
                    ("summary", .string(rule.summary)), ("fix", .string(rule.fix)), ("source", .string(rule.source)),
                ])
            }
            console.out(JSONValue.array(rules).rendered() + "\n")
        case .text:
            var lines: [String] = []
            for rule in Rules.all {
                lines.append("\(rule.id)  \(rule.name)  (\(rule.severity.rawValue))")
                lines.append(TextLayout.wrap("    ", rule.summary, width: 80))
                lines.append(TextLayout.wrap("    fix: ", rule.fix, width: 80))
                lines.append(TextLayout.wrap("    source: ", rule.source, width: 80))
                lines.append("")
            }
            console.out(lines.joined(separator: "\n"))
        }
        return ExitCode.success
    }
}
