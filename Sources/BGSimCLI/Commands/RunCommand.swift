import BackgroundSimulation
import SimulationKernel
import SimulationReports

/// `bgsim run`: runs a scenario, prints its timeline and verdict, and optionally writes the trace.
struct RunCommand {
    var options: RunOptions
    var arguments: [String]

    func execute(console: Console) -> Int32 {
        let scenario: Scenario
        do {
            scenario = try Scenario.load(from: options.scenarioPath)
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.invalidScenario
        }
        if let until = options.until, until == 0 {
            console.error("bgsim: error: \"--until\" must be after the start\n")
            return ExitCode.usage
        }

        var traceFile: AtomicFile?
        if let tracePath = options.tracePath {
            do {
                traceFile = try AtomicFile(path: tracePath)
            } catch {
                console.error("bgsim: error: \(error)\n")
                return ExitCode.cannotWrite
            }
        }
        var sink: (@Sendable (String) -> Void)?
        if let traceFile {
            sink = { line in traceFile.writeLine(line) }
        }
        let simulation = Simulation(
            scenario: scenario, seed: options.seed, stopAt: options.until,
            options: Simulation.Options(retention: .keep, traceSink: sink))
        let result = simulation.run()
        do {
            try traceFile?.commit()
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.cannotWrite
        }

        let replay = replayCommand(seed: result.seed)
        switch options.format {
        case .json:
            console.out(RunSummary.json(result, scenarioPath: options.scenarioPath, replay: replay).rendered() + "\n")
        case .text:
            var header = "bgsim \(BGSimVersion.current) · \(scenario.name) · seed \(result.seed) · \(result.profile.name.rawValue)"
            header += " · 0s to \(TimeText.formatExact(nanoseconds: result.stopAt))"
            var text = header + "\n"
            if let summary = scenario.summary { text += "\n" + TextLayout.wrap("", summary, width: 78) + "\n" }
            text += "\n" + TerminalTimeline().render(Timeline(events: result.events)) + "\n\n"
            text += RunSummary.text(result, replay: replay) + "\n"
            if let tracePath = options.tracePath { text += "Trace        \(tracePath)\n" }
            console.out(text)
        }
        return result.passed ? ExitCode.success : ExitCode.expectationsFailed
    }

    /// The one line that reruns exactly this run.
    private func replayCommand(seed: UInt64) -> String {
        var parts = ["bgsim", "run", shellQuoted(options.scenarioPath), "--seed", String(seed)]
        if let until = options.until { parts += ["--until", TimeText.formatExact(nanoseconds: until)] }
        return parts.joined(separator: " ")
    }

    private func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_./+:@".unicodeScalars.contains($0)) }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
