import Foundation
import PlatformLookalikes
import ScenarioFormat
import SimulationExplorer
import SimulationModel
import SimulationKernel
import SimulationReports

/// `bgsim run`: runs scenarios, prints each timeline and verdict, and optionally writes the trace and reports.
struct RunCommand {
    var options: RunOptions
    var arguments: [String]
    /// Whether to colour the text output (standard output is a terminal that wants colour).
    var colour = false
    /// How many columns the text output may use.
    var width = TerminalWidth.standard
    /// The environment, for `GITHUB_ACTIONS`.
    var environment: [String: String] = [:]

    /// The outputs of one run, as the option that named each and its path.
    var runOutputs: [(option: String, path: String)] {
        [
            ("--trace", options.tracePath), ("--report", options.reportPath), ("--markdown", options.markdownPath),
            ("--perfetto", options.perfettoPath),
        ].compactMap { option, path in path.map { (option: option, path: $0) } }
    }

    /// The outputs about all runs.
    var batchOutputs: [(option: String, path: String)] {
        [("--junit", options.junitPath), ("--sarif", options.sarifPath)].compactMap { option, path in path.map { (option: option, path: $0) } }
    }

    func execute(console: Console) -> Int32 {
        if let problem = usageProblem() {
            console.error("bgsim: error: \(problem)\nRun \"bgsim run --help\" for usage.\n")
            return ExitCode.usage
        }
        let files = (runOutputs + batchOutputs).filter { $0.path != "-" }
        let inputs = options.scenarioPaths.filter { $0 != "-" }.map { (name: "the scenario file", path: $0) }
        if let problem = OutputCollision.problem(outputs: files, inputs: inputs) {
            console.error("bgsim: error: \(problem)\nRun \"bgsim run --help\" for usage.\n")
            return ExitCode.usage
        }
        if let seeds = options.seeds {
            return SeedsRun(options: options, seeds: seeds).execute(console: console)
        }
        let batch = options.scenarioPaths.count > 1 || options.quiet || options.junitPath != nil || options.sarifPath != nil
        if !batch {
            let (status, outcome) = runOne(options.scenarioPath, console: console)
            let text = runOutputs.contains { $0.path == "-" } ? console.outputToError : console
            GitHubAnnotations.print([outcome], environment: environment, format: options.format, console: text)
            return status
        }
        return BatchRun(command: self).execute(console: console)
    }

    /// What is wrong with this combination of options, or nil.
    func usageProblem() -> String? {
        let toStandardOutput = (runOutputs + batchOutputs).filter { $0.path == "-" }
        if toStandardOutput.count > 1 {
            return "\"\(toStandardOutput[0].option)\" and \"\(toStandardOutput[1].option)\" both name standard output (-); only one output may"
        }
        if options.scenarioPaths.filter({ $0 == "-" }).count > 1 { return "standard input (-) can be read only once" }
        let many = options.scenarioPaths.count > 1
        if many || options.seeds != nil, let first = runOutputs.first {
            let why = many ? "with more than one scenario" : "with --seeds"
            return "\"\(first.option)\" writes one run; it cannot be used \(why) (use --junit or --sarif for many)"
        }
        if options.seeds != nil {
            if many { return "\"--seeds\" runs one scenario over many seeds; give one scenario" }
            if options.faults != nil { return "\"--seeds\" cannot be used with \"--faults\": a fault plan has its own seed" }
            if options.seed != nil { return "\"--seeds\" and \"--seed\" cannot be used together" }
            if let first = batchOutputs.first { return "\"\(first.option)\" cannot be used with --seeds" }
            if options.quiet { return "\"--quiet\" cannot be used with --seeds: it prints one distribution" }
        }
        if many && options.faults != nil { return "\"--faults\" replays one run; give one scenario" }
        return nil
    }

    /// Loads and runs one scenario, writes its outputs and, unless `quiet`, prints it as `bgsim run` always has.
    ///
    /// The status is the exit code a run of this file alone would have.
    func runOne(_ path: String, console: Console, quiet: Bool = false) -> (status: Int32, outcome: ScenarioOutcome) {
        // When an output is standard output, the usual text goes to standard error so that the two never mix.
        let text = runOutputs.contains { $0.path == "-" } ? console.outputToError : console
        let input: ScenarioInput
        do {
            input = try ScenarioInput.read(path, console: console)
        } catch {
            return failed(ScenarioOutcome(input: ScenarioInput(path: path, bytes: []), error: error), console: console, quiet: quiet)
        }
        var outcome = ScenarioOutcome(input: input)
        var scenario: Scenario
        do {
            scenario = try input.load()
        } catch {
            outcome.error = error
            return failed(outcome, console: console, quiet: quiet)
        }
        outcome.scenario = scenario
        var plan: FaultPlan?
        if let faults = options.faults {
            do {
                let loaded = try FaultsOption.plan(faults)
                scenario = try loaded.applied(to: scenario)
                plan = loaded
            } catch {
                console.error("bgsim: error: \(error)\n")
                return (ExitCode.invalidScenario, outcome)
            }
        }

        let outputs: RunOutputFiles
        do {
            outputs = try RunOutputFiles(options: options)
        } catch {
            console.error("bgsim: error: \(error)\n")
            return (ExitCode.cannotWrite, outcome)
        }
        var sink: (@Sendable (String) -> Void)?
        let standardTrace = options.tracePath == "-" ? StandardOutputLines(console: console) : nil
        if let traceFile = outputs.trace {
            sink = { line in traceFile.writeLine(line) }
        } else if let standardTrace {
            sink = { line in standardTrace.writeLine(line) }
        }
        let runOptions = Simulation.Options(retention: .keep, traceSink: sink)
        let simulation = Simulation(
            scenario: scenario, seed: plan?.seed ?? options.seed, stopAt: options.until,
            options: plan?.options(runOptions) ?? runOptions)
        let result = simulation.run()
        standardTrace?.flush()

        let shownPath = outcome.input.name
        // The replay judges as this run did: --fail-on goes with it.
        let replay = (options.faults.map { FaultsOption.replayLine(scenarioPath: shownPath, faults: $0, until: options.until) }
            ?? ReplayCommand.line(scenarioPath: shownPath, seed: String(result.seed), until: options.until))
            + (options.failOn.map { " --fail-on \($0.rawValue)" } ?? "")
        do {
            try outputs.write(RunReport(result: result, summary: scenario.summary, replay: replay), console: console)
        } catch {
            console.error("bgsim: error: \(error)\n")
            return (ExitCode.cannotWrite, outcome)
        }
        let verdict = RunVerdict(result: result, scenario: scenario, failOn: options.failOn)
        outcome.result = result
        outcome.verdict = verdict
        outcome.replay = replay
        if !quiet { printRun(outcome, scenario: scenario, console: text) }
        return (verdict.passed ? ExitCode.success : ExitCode.expectationsFailed, outcome)
    }

    /// Reports a file that could not be read or loaded (unless `quiet`), with the exit code of an invalid scenario.
    private func failed(_ outcome: ScenarioOutcome, console: Console, quiet: Bool) -> (status: Int32, outcome: ScenarioOutcome) {
        if !quiet, let error = outcome.error {
            ErrorReport(error: error, input: outcome.input).print(format: options.format, console: console)
        }
        return (ExitCode.invalidScenario, outcome)
    }

    /// Prints one run as text or JSON.
    func printRun(_ outcome: ScenarioOutcome, scenario: Scenario, console: Console) {
        guard let result = outcome.result, let verdict = outcome.verdict else { return }
        switch options.format {
        case .json:
            let json = RunSummary.json(
                result, scenarioPath: outcome.input.name, replay: outcome.replay, failures: verdict.diagnosticFailures)
            console.out(json.rendered() + "\n")
        case .text:
            var header = "bgsim \(BGSimVersion.current) · \(scenario.name) · seed \(result.seed) · \(result.profile.name.rawValue)"
            header += " · 0s to \(TimeText.formatExact(result.stopAt))"
            var text = header + "\n"
            if let summary = scenario.summary { text += "\n" + TextLayout.wrap("", summary, width: width - 2) + "\n" }
            text += "\n" + TerminalTimeline(width: width, colour: colour).render(Timeline(events: result.events)) + "\n\n"
            text += RunSummary.text(
                result, replay: outcome.replay, width: width, colour: colour, failures: verdict.diagnosticFailures) + "\n"
            for output in runOutputs {
                let label = switch output.option {
                case "--trace": "Trace"
                case "--report": "Report"
                case "--markdown": "Markdown"
                default: "Perfetto"
                }
                let shown = output.path == "-" ? "standard output" : output.path
                text += label.padding(toLength: 13, withPad: " ", startingAt: 0) + shown + "\n"
            }
            console.out(text)
        }
    }
}
