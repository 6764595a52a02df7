import PlatformLookalikes
import ScenarioFormat
import SimulationKernel
import SimulationModel
import SimulationReports

/// `bgsim report`: draws a trace file as an HTML page, a Markdown summary or a Perfetto trace.
struct ReportCommand {
    var options: ReportOptions

    func execute(console: Console) -> Int32 {
        let named: [(option: String, path: String?, render: (RunReport) -> String)] = [
            ("--output", options.outputPath, { HTMLReport().render($0) }),
            ("--markdown", options.markdownPath, { MarkdownReport().render($0) }),
            ("--perfetto", options.perfettoPath, { PerfettoTrace().render($0) }),
        ]
        let outputs = named.compactMap { output in output.path.map { (option: output.option, path: $0, render: output.render) } }
        let toStandardOutput = outputs.filter { $0.path == "-" }
        if toStandardOutput.count > 1 {
            console.error("bgsim: error: \"\(toStandardOutput[0].option)\" and \"\(toStandardOutput[1].option)\" both name standard output (-); "
                + "only one output may\nRun \"bgsim report --help\" for usage.\n")
            return ExitCode.usage
        }
        let files = outputs.filter { $0.path != "-" }.map { (option: $0.option, path: $0.path) }
        let inputs = options.tracePath == "-" ? [] : [(name: "the trace file", path: options.tracePath)]
        if let problem = OutputCollision.problem(outputs: files, inputs: inputs) {
            console.error("bgsim: error: \(problem)\nRun \"bgsim report --help\" for usage.\n")
            return ExitCode.usage
        }
        let trace: TraceFile
        do {
            trace = try TraceInput.read(options.tracePath, console: console)
            if let problem = TraceBounds.problem(in: trace, path: TraceInput.name(options.tracePath)) { throw problem }
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.invalidScenario
        }
        var replay: String?
        if let scenarioPath = options.scenarioPath {
            let timeline = Timeline(events: Array(trace.events.prefix(1)))
            replay = ReplayCommand.line(scenarioPath: scenarioPath, seed: timeline.seed, until: (timeline.end - .zero).duration)
        }
        let report = RunReport(trace: trace, replay: replay)
        // "wrote" lines go to standard error when standard output carries a report.
        let messages = toStandardOutput.isEmpty ? console : console.outputToError
        for output in outputs {
            if output.path == "-" {
                console.out(output.render(report))
                continue
            }
            do {
                try AtomicFile.write(output.render(report), to: output.path)
            } catch {
                console.error("bgsim: error: \(error)\n")
                return ExitCode.cannotWrite
            }
            messages.out("wrote \(output.path)\n")
        }
        return ExitCode.success
    }
}
