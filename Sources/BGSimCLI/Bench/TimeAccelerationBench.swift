import PlatformLookalikes
import ScenarioFormat
import SimulationModel

/// Simulated seconds per wall second over long runs: the life of an app for a month, a year and five years.
///
/// Runs keep no trace (as a fuzz campaign would); the fingerprint is still
/// computed over every event. Sample scenarios that last a day or more (a
/// week of refreshes, say) are also run for a year, their timeline repeated,
/// so long scenarios added later join the figure without a change here.
enum TimeAccelerationBench {
    /// What one long run measured.
    struct Figure: Sendable {
        /// The scenario's name.
        var scenario: String
        /// Simulated days.
        var days: Int
        /// Wall time of the fastest trial.
        var nanoseconds: Int64
        /// Trace events of the run.
        var traceEvents: Int
        /// Kernel events of the run.
        var kernelEvents: Int
        /// Diagnostics of the run (0 for the built-in life: it is a correct app).
        var diagnostics: Int
        /// How the run ended.
        var ending: String
        var simulatedSeconds: Int64 { Int64(days) * 86_400 }
        /// Simulated seconds per wall second.
        var acceleration: Int64 { Stopwatch.rate(Int(simulatedSeconds), nanoseconds: nanoseconds) }
        var traceEventsPerSecond: Int64 { Stopwatch.rate(traceEvents, nanoseconds: nanoseconds) }
    }

    static func run(_ configuration: BenchConfiguration, folder: String) -> [Figure] {
        var figures = configuration.lifeDays.map { days in
            measure(LifeOfAnApp.scenario(days: days), days: days, configuration)
        }
        // Long sample scenarios, repeated to a year (or to the longest life run in --quick).
        let yearDays = configuration.lifeDays.contains(365) ? 365 : (configuration.lifeDays.max() ?? 30)
        for file in ScenarioBench.scenarioFiles(in: folder) {
            guard let scenario = try? Scenario.load(from: file), scenario.stopAt >= .seconds(86_400) else { continue }
            figures.append(measure(LifeOfAnApp.stretched(scenario, toDays: yearDays), days: yearDays, configuration))
        }
        return figures
    }

    static func measure(_ scenario: Scenario, days: Int, _ configuration: BenchConfiguration) -> Figure {
        let options = Simulation.Options(retention: .discard)
        let measured = Stopwatch.best(of: configuration.trials) {
            Simulation(scenario: scenario, options: options).run()
        }
        let result = measured.result
        let ending = result.recordedEnding.rawValue
        return Figure(
            scenario: scenario.name, days: days, nanoseconds: measured.nanoseconds, traceEvents: result.eventCount,
            kernelEvents: result.kernelEventCount, diagnostics: result.diagnostics.count, ending: ending)
    }
}
