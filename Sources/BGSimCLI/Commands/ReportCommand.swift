import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationReports

/// `bgsim report`: draws a trace file as an HTML page, a Markdown summary or a Perfetto trace.
struct ReportCommand {
    var options: ReportOptions

    func execute(console: Console) -> Int32 {
        let trace: TraceFile
        do {
            trace = try TraceFile.read(from: options.tracePath)
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.invalidScenario
        }
        var replay: String?
        if let scenarioPath = options.scenarioPath {
            let timeline = Timeline(events: Array(trace.events.prefix(1)))
            replay = ReplayCommand.line(scenarioPath: scenarioPath, seed: timeline.seed, until: timeline.end)
        }
        let report = RunReport(trace: trace, replay: replay)
        let outputs: [(String?, (RunReport) -> String)] = [
            (options.outputPath, { HTMLReport().render($0) }),
            (options.markdownPath, { MarkdownReport().render($0) }),
            (options.perfettoPath, { PerfettoTrace().render($0) }),
        ]
        for case (let path?, let render) in outputs {
            do {
                try AtomicFile.write(render(report), to: path)
            } catch {
                console.error("bgsim: error: \(error)\n")
                return ExitCode.cannotWrite
            }
            console.out("wrote \(path)\n")
        }
        return ExitCode.success
    }
}
