import PlatformLookalikes
import ScenarioFormat
import SimulationExplorer
import SimulationModel
import SimulationKernel
import SimulationReports

/// `bgsim run`: runs a scenario, prints its timeline and verdict, and optionally writes the trace.
struct RunCommand {
    var options: RunOptions
    var arguments: [String]
    /// Whether to colour the text output (standard output is a terminal that wants colour).
    var colour = false

    func execute(console: Console) -> Int32 {
        let outputs = [
            ("--trace", options.tracePath), ("--report", options.reportPath), ("--markdown", options.markdownPath),
            ("--perfetto", options.perfettoPath),
        ].compactMap { option, path in path.map { (option: option, path: $0) } }
        if let problem = OutputCollision.problem(outputs: outputs, inputs: [("the scenario file", options.scenarioPath)]) {
            console.error("bgsim: error: \(problem)\nRun \"bgsim run --help\" for usage.\n")
            return ExitCode.usage
        }
        var scenario: Scenario
        do {
            scenario = try Scenario.load(from: options.scenarioPath)
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.invalidScenario
        }
        var plan: FaultPlan?
        if let faults = options.faults {
            do {
                let loaded = try FaultsOption.plan(faults)
                scenario = try loaded.applied(to: scenario)
                plan = loaded
            } catch {
                console.error("bgsim: error: \(error)\n")
                return ExitCode.invalidScenario
            }
        }
        if let until = options.until, until == 0 {
            console.error("bgsim: error: \"--until\" must be after the start\n")
            return ExitCode.usage
        }

        // Every output is opened before the run, so that a wrong folder fails at once rather than after a long run.
        // A file not committed removes its temporary file when released, on every way out of this function.
        var traceFile: AtomicFile?
        var reportFiles: [(file: AtomicFile, render: @Sendable (RunReport) -> String)] = []
        let reports: [(String?, @Sendable (RunReport) -> String)] = [
            (options.reportPath, { HTMLReport().render($0) }),
            (options.markdownPath, { MarkdownReport().render($0) }),
            (options.perfettoPath, { PerfettoTrace().render($0) }),
        ]
        do {
            traceFile = try options.tracePath.map { path throws(AtomicFile.WriteError) in try AtomicFile(path: path) }
            for case (let path?, let render) in reports {
                reportFiles.append((try AtomicFile(path: path), render))
            }
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.cannotWrite
        }
        var sink: (@Sendable (String) -> Void)?
        if let traceFile {
            sink = { line in traceFile.writeLine(line) }
        }
        let runOptions = Simulation.Options(retention: .keep, traceSink: sink)
        let simulation = Simulation(
            scenario: scenario, seed: plan?.seed ?? options.seed, stopAt: options.until.map { .nanoseconds($0) },
            options: plan?.options(runOptions) ?? runOptions)
        let result = simulation.run()

        let replay = options.faults.map { FaultsOption.replayLine(scenarioPath: options.scenarioPath, faults: $0, until: options.until) }
            ?? ReplayCommand.line(scenarioPath: options.scenarioPath, seed: String(result.seed), until: options.until)
        if !reportFiles.isEmpty {
            let report = RunReport(result: result, summary: scenario.summary, replay: replay)
            for output in reportFiles { output.file.write(output.render(report)) }
        }
        // All written before any is renamed into place: a failure leaves every output as it was.
        let files = (traceFile.map { [$0] } ?? []) + reportFiles.map(\.file)
        do {
            for file in files { try file.finish() }
            for file in files { try file.commit() }
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.cannotWrite
        }
        switch options.format {
        case .json:
            console.out(RunSummary.json(result, scenarioPath: options.scenarioPath, replay: replay).rendered() + "\n")
        case .text:
            var header = "bgsim \(BGSimVersion.current) · \(scenario.name) · seed \(result.seed) · \(result.profile.name.rawValue)"
            header += " · 0s to \(TimeText.formatExact(nanoseconds: result.stopAt.nanoseconds))"
            var text = header + "\n"
            if let summary = scenario.summary { text += "\n" + TextLayout.wrap("", summary, width: 78) + "\n" }
            text += "\n" + TerminalTimeline(colour: colour).render(Timeline(events: result.events)) + "\n\n"
            text += RunSummary.text(result, replay: replay, colour: colour) + "\n"
            if let tracePath = options.tracePath { text += "Trace        \(tracePath)\n" }
            if let reportPath = options.reportPath { text += "Report       \(reportPath)\n" }
            if let markdownPath = options.markdownPath { text += "Markdown     \(markdownPath)\n" }
            if let perfettoPath = options.perfettoPath { text += "Perfetto     \(perfettoPath)\n" }
            console.out(text)
        }
        return result.passed ? ExitCode.success : ExitCode.expectationsFailed
    }
}
