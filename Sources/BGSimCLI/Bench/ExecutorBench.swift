import SimulationKernel

/// Async code on the deterministic executor: simulated tasks sleeping on the virtual clock in a loop.
///
/// Each sleep is one suspend/resume pair: a `Kernel.wait` with its waiter and
/// continuation, a timer event, the resumption enqueued on the executor and
/// the job run. The tasks are spawned before the stopwatch starts.
enum ExecutorBench {
    /// What one size measured.
    struct Figure: Sendable {
        /// Tasks sleeping at once.
        var tasks: Int
        /// Suspend/resume pairs in the fastest trial.
        var pairs: Int
        /// Wall time of the fastest trial.
        var nanoseconds: Int64
        var pairsPerSecond: Int64 { Stopwatch.rate(pairs, nanoseconds: nanoseconds) }
    }

    static func run(_ configuration: BenchConfiguration) -> [Figure] {
        configuration.executorTaskCounts.map { tasks in
            let perTask = max(1, configuration.executorPairs / tasks)
            var best = Int64.max
            for _ in 0..<configuration.trials {
                best = min(best, sleepers(tasks: tasks, sleepsPerTask: perTask))
            }
            return Figure(tasks: tasks, pairs: perTask * tasks, nanoseconds: best)
        }
    }

    /// Runs `tasks` tasks that each sleep `sleepsPerTask` times; returns the wall time of the run alone.
    static func sleepers(tasks: Int, sleepsPerTask: Int) -> Int64 {
        let kernel = Kernel(seed: 1, limits: RunLimits(maximumEvents: .max, maximumJobs: .max))
        for index in 0..<tasks {
            // Different periods, so that wake-ups interleave as they do in a model.
            let period = Int64(1 + index % 7)
            kernel.spawn("sleeper") {
                for _ in 0..<sleepsPerTask {
                    try? await kernel.clock.sleep(for: .nanoseconds(period))
                }
            }
        }
        let measured = Stopwatch.time { kernel.run() }
        precondition(measured.result == .idle, "the executor bench ended with \(measured.result)")
        precondition(kernel.eventCount == tasks * sleepsPerTask, "the executor bench lost a wake-up")
        kernel.shutDown()
        return measured.nanoseconds
    }
}
