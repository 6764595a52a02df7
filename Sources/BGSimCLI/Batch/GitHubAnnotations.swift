import Foundation

/// GitHub Actions workflow commands (`::error file=...,line=...::message`) for each finding of a failed scenario.
///
/// Printed by `bgsim run` when the environment says `GITHUB_ACTIONS=true`;
/// GitHub shows them on the pull request's files. Only what fails a run is
/// annotated (as `error`), plus the warnings of those runs, so a passing
/// sample that shows a mistake on purpose adds no noise.
enum GitHubAnnotations {
    /// Whether the environment is a GitHub Actions job.
    static func isWanted(environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// Prints the workflow commands when the environment is GitHub Actions: on standard output with text, on standard
    /// error with JSON (so that standard output stays JSON; the runner reads both).
    static func print(_ outcomes: [ScenarioOutcome], environment: [String: String], format: OutputFormat, console: Console) {
        guard isWanted(environment: environment) else { return }
        let lines = lines(outcomes)
        guard !lines.isEmpty else { return }
        let text = lines.joined(separator: "\n") + "\n"
        if format == .json { console.error(text) } else { console.out(text) }
    }

    /// The workflow commands for the failed outcomes, one line each.
    static func lines(_ outcomes: [ScenarioOutcome]) -> [String] {
        var lines: [String] = []
        for outcome in outcomes where !outcome.passed {
            let failing = Set(outcome.verdict?.diagnosticFailures.compactMap { $0.split(separator: " ").first.map(String.init) } ?? [])
            for finding in Finding.all(in: outcome) {
                let command: String
                if finding.rule.hasPrefix("BGS-") || failing.contains(finding.rule) {
                    command = "error"
                } else if finding.level == "warning" || finding.level == "error" {
                    command = "warning"
                } else {
                    continue
                }
                var properties = "file=\(property(outcome.input.name))"
                if let line = finding.line { properties += ",line=\(line)" }
                properties += ",title=\(property("bgsim \(finding.rule)"))"
                lines.append("::\(command) \(properties)::\(data(finding.message))")
            }
        }
        return lines
    }

    /// A message escaped as GitHub's toolkit escapes command data.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value escaped as GitHub's toolkit escapes properties.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
