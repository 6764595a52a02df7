import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation

/// Whole-model runs: each sample scenario, run again and again on fresh simulations.
///
/// The scenario is loaded once; each run builds the world, runs it and
/// fingerprints the trace, with the trace kept (as `bgsim run` does) or
/// discarded (as a fuzz campaign does). Every run of a scenario must give the
/// same fingerprint: the bench checks determinism as it goes.
enum ScenarioBench {
    /// What one scenario measured with one retention.
    struct Figure: Sendable {
        /// The scenario file, as found.
        var file: String
        /// `keep` or `discard`.
        var retention: String
        /// Runs in the fastest trial.
        var runs: Int
        /// Wall time of the fastest trial.
        var nanoseconds: Int64
        /// Trace events of one run.
        var traceEventsPerRun: Int
        /// Kernel events of one run.
        var kernelEventsPerRun: Int
        /// The fingerprint of every run.
        var fingerprint: String
        /// Whether every run gave that fingerprint.
        var deterministic: Bool
        var runsPerSecond: Int64 { Stopwatch.rate(runs, nanoseconds: nanoseconds) }
        var traceEventsPerSecond: Int64 { Stopwatch.rate(runs * traceEventsPerRun, nanoseconds: nanoseconds) }
        var kernelEventsPerSecond: Int64 { Stopwatch.rate(runs * kernelEventsPerRun, nanoseconds: nanoseconds) }
        /// Wall time of one run.
        var nanosecondsPerRun: Int64 { nanoseconds / Int64(max(1, runs)) }
    }

    /// A scenario file that could not be loaded, with why.
    struct Skipped: Sendable {
        var file: String
        var reason: String
    }

    /// The `*.json` files of `folder`, sorted by name, relative paths as given.
    static func scenarioFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.filter { $0.hasSuffix(".json") }.sorted().map { prefix + $0 }
    }

    static func run(_ configuration: BenchConfiguration, folder: String) -> (figures: [Figure], skipped: [Skipped]) {
        var figures: [Figure] = []
        var skipped: [Skipped] = []
        for file in scenarioFiles(in: folder) {
            let scenario: Scenario
            do {
                scenario = try Scenario.load(from: file)
            } catch {
                skipped.append(Skipped(file: file, reason: "\(error)"))
                continue
            }
            for retention in [TraceRecorder.Retention.keep, .discard] {
                figures.append(measure(scenario, file: file, retention: retention, configuration))
            }
        }
        return (figures, skipped)
    }

    static func measure(
        _ scenario: Scenario, file: String, retention: TraceRecorder.Retention, _ configuration: BenchConfiguration
    ) -> Figure {
        let options = Simulation.Options(retention: retention)
        // A first run, untimed: what one run produces, and warm caches.
        let first = Simulation(scenario: scenario, options: options).run()
        var deterministic = true
        var best: (runs: Int, nanoseconds: Int64)?
        let trialBudget = configuration.scenarioBudget / Int64(configuration.trials)
        let trialMinimum = max(1, configuration.scenarioMinimumRuns / configuration.trials)
        for _ in 0..<configuration.trials {
            let measured = Stopwatch.time { () -> Int in
                let clock = ContinuousClock()
                let start = clock.now
                var runs = 0
                // Check the clock every few runs only: reading it costs about as much as a small run.
                while runs < trialMinimum || start.duration(to: clock.now) < .nanoseconds(trialBudget) {
                    for _ in 0..<8 {
                        let result = Simulation(scenario: scenario, options: options).run()
                        if result.fingerprint != first.fingerprint { deterministic = false }
                    }
                    runs += 8
                }
                return runs
            }
            let rate = Double(measured.result) / Double(measured.nanoseconds)
            if best.map({ rate > Double($0.runs) / Double($0.nanoseconds) }) ?? true {
                best = (measured.result, measured.nanoseconds)
            }
        }
        return Figure(
            file: file, retention: retention == .keep ? "keep" : "discard", runs: best!.runs,
            nanoseconds: best!.nanoseconds, traceEventsPerRun: first.eventCount,
            kernelEventsPerRun: first.kernelEventCount, fingerprint: first.fingerprint.description,
            deterministic: deterministic)
    }
}
