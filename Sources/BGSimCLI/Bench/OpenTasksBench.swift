import PlatformLookalikes
import ScenarioFormat
import SimulationModel

/// How a whole-model run's cost grows with the work in flight at once.
///
/// The app goes to the background and begins K background tasks, each
/// protecting CPU work on its own simulated task: K tasks, K waiters and K
/// timers pending at once, and K assertions the model checks on every change.
/// The cost per background task should stay flat as K grows; where it does
/// not, the model has a cost that grows with K.
enum OpenTasksBench {
    /// What one size measured.
    struct Figure: Sendable {
        /// Background tasks open at once.
        var openTasks: Int
        /// Runs in the fastest trial.
        var runs: Int
        /// Wall time of the fastest trial.
        var nanoseconds: Int64
        /// Trace events of one run.
        var traceEventsPerRun: Int
        /// Kernel events of one run.
        var kernelEventsPerRun: Int
        var nanosecondsPerRun: Int64 { nanoseconds / Int64(max(1, runs)) }
        var nanosecondsPerTask: Int64 { nanosecondsPerRun / Int64(max(1, openTasks)) }
    }

    /// The scenario with `count` background tasks open at once.
    static func scenario(openTasks count: Int) -> Scenario {
        var steps: [Step] = []
        for index in 0..<count {
            let variable = "task\(index)"
            steps.append(.beginBackgroundTask(
                variable: variable, name: "Upload \(index)", onExpiration: .steps([.endBackgroundTask(variable: nil)])))
            steps.append(.async([
                .work(duration: .seconds(5), jitter: .seconds(1), changesState: false),
                .endBackgroundTask(variable: variable),
            ]))
        }
        let app = AppDefinition(
            bundleIdentifier: "com.example.uploads",
            handlers: [(callback: .didEnterBackground, action: "startUploads")],
            actions: ["startUploads": steps])
        return Scenario(
            name: "open-tasks-\(count)", seed: 1, stopAt: .seconds(600), app: app,
            timeline: [TimelineEntry(at: .zero, action: .launch), TimelineEntry(at: .seconds(10), action: .goHome)])
    }

    static func run(_ configuration: BenchConfiguration) -> [Figure] {
        configuration.openTaskCounts.map { count in
            let scenario = scenario(openTasks: count)
            let options = Simulation.Options(retention: .discard)
            let first = Simulation(scenario: scenario, options: options).run()
            // Fewer runs of the big cases: about the same work per size.
            let runs = max(1, configuration.openTaskRuns * 100 / count)
            let measured = Stopwatch.best(of: configuration.trials) {
                for _ in 0..<runs { _ = Simulation(scenario: scenario, options: options).run() }
            }
            return Figure(
                openTasks: count, runs: runs, nanoseconds: measured.nanoseconds, traceEventsPerRun: first.eventCount,
                kernelEventsPerRun: first.kernelEventCount)
        }
    }
}
