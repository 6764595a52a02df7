import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import SimulationReports

/// The files of Reports/: the reports of every sample scenario and the README that indexes them.
///
/// `bgsim run Scenarios/<name>.json --report … --markdown … --perfetto …` writes the same bytes for
/// each scenario (BGSimCLITests checks it); the README is generated here so that its table
/// follows the scenarios.
enum ReportsFolder {
    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The command that rewrites Reports/ when a report is out of date.
    static let regenerateCommand = "Reports/regenerate.sh"

    /// The environment variable that makes the folder test write the files instead of comparing them.
    static let recordVariable = "BGSIM_RECORD_REPORTS"

    /// One generated file: its path relative to the package root, and its contents.
    struct File {
        var path: String
        var contents: String
    }

    /// Every sample scenario, by path relative to the root, sorted.
    static func scenarioPaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Scenarios").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "Scenarios/\($0)" }
    }

    /// The report files of one scenario, as `bgsim run <path>` writes them.
    static func reports(scenarioPath: String) throws -> (files: [File], row: String) {
        let scenario = try Scenario.load(from: root.appendingPathComponent(scenarioPath).path)
        let result = Simulation(scenario: scenario).run()
        let replay = ReplayCommand.line(scenarioPath: scenarioPath, seed: String(result.seed), until: nil)
        let report = RunReport(result: result, summary: scenario.summary, replay: replay)
        let name = URL(fileURLWithPath: scenarioPath).deletingPathExtension().lastPathComponent
        let files = [
            File(path: "Reports/\(name).html", contents: HTMLReport().render(report)),
            File(path: "Reports/\(name).md", contents: MarkdownReport().render(report)),
            File(path: "Reports/\(name).perfetto.json", contents: PerfettoTrace().render(report)),
        ]
        var rules: [String] = []
        for diagnostic in result.diagnostics where !rules.contains(diagnostic.rule.id) { rules.append(diagnostic.rule.id) }
        let row = "| [\(name)](../\(scenarioPath)) | \(result.passed ? "PASS" : "FAIL") | \(rules.isEmpty ? "none" : rules.joined(separator: ", "))"
            + " | \(result.eventCount) | `\(result.fingerprint)` | [page](\(name).html) | [summary](\(name).md) | [trace](\(name).perfetto.json) |"
        return (files, row)
    }

    /// Every file of Reports/ that is generated, README last.
    static func generate() throws -> [File] {
        var files: [File] = []
        var rows: [String] = []
        for path in scenarioPaths() {
            let reports = try reports(scenarioPath: path)
            files += reports.files
            rows.append(reports.row)
        }
        files.append(File(path: "Reports/README.md", contents: readme(rows: rows)))
        return files
    }

    private static func readme(rows: [String]) -> String {
        """
        # Reports

        The reports of every sample scenario in [Scenarios/](../Scenarios), exactly as
        `bgsim run Scenarios/<name>.json --report <name>.html --markdown <name>.md --perfetto <name>.perfetto.json`
        writes them. Generated, not edited: a test (`ReportsFolderTests`) runs every scenario again, renders every
        report in memory and fails when one differs from the file here, byte for byte. That is the visible proof
        that a run is deterministic: same scenario, seed and bgsim version, same bytes.

        Regenerate them all (after changing the model, a scenario or a renderer) with one command:

        ```sh
        \(regenerateCommand)
        ```

        | scenario | result | diagnostics | trace events | fingerprint | HTML | Markdown | Perfetto |
        |---|---|---|---:|---|---|---|---|
        \(rows.joined(separator: "\n"))

        - **HTML**: one self-contained page (no network, no external scripts or fonts). Open it in a browser;
          on GitHub, download it first, since GitHub shows HTML files as source.
        - **Markdown**: the summary `--markdown` writes for a pull request.
        - **Perfetto**: Chrome trace event JSON; open it at https://ui.perfetto.dev (Open trace file) or in
          `chrome://tracing`.

        docs/reports.md describes the formats.

        """
    }
}
