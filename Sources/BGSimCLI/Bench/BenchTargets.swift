/// The targets of the performance issue, checked against measured figures.
///
/// On one core, in release: the hold model at N = 1,000 at least 20 million
/// events per second; the executor at least 5 million suspend/resume pairs
/// per second; each small sample scenario at least 20,000 runs per second;
/// peak memory flat in the run's length when the trace is streamed or not kept.
enum BenchTargets {
    /// One target and how the run measured against it.
    struct Check: Sendable {
        /// What is measured, for example `hold model, Kernel, N = 1,000`.
        var name: String
        /// The target, in words.
        var target: String
        /// The figure, in words.
        var measured: String
        /// Whether the figure meets the target.
        var met: Bool
    }

    static let holdEventsPerSecond: Int64 = 20_000_000
    static let executorPairsPerSecond: Int64 = 5_000_000
    static let smallScenarioRunsPerSecond: Int64 = 20_000
    /// A scenario is small when one run writes at most this many trace events.
    static let smallScenarioTraceEvents = 200
    /// Peak memory is flat when the longest run's peak exceeds the shortest's by at most this share...
    static let flatGrowthPercent: Int64 = 10
    /// ...or by at most this many KiB, whichever is larger.
    static let flatGrowthKiB: Int64 = 4_096

    static func check(
        hold: [HoldModelBench.Figure], executor: [ExecutorBench.Figure], scenarios: [ScenarioBench.Figure],
        memory: [MemoryBench.Figure]
    ) -> [Check] {
        var checks: [Check] = []
        for figure in hold where figure.pending == 1_000 {
            checks.append(Check(
                name: "hold model, \(figure.variant), N = 1,000", target: "≥ 20M events/s",
                measured: BenchText.rate(figure.eventsPerSecond) + " events/s",
                met: figure.eventsPerSecond >= holdEventsPerSecond))
        }
        if let figure = executor.first(where: { $0.tasks == 1 }) ?? executor.first {
            checks.append(Check(
                name: "executor, \(figure.tasks) task\(figure.tasks == 1 ? "" : "s")", target: "≥ 5M pairs/s",
                measured: BenchText.rate(figure.pairsPerSecond) + " pairs/s",
                met: figure.pairsPerSecond >= executorPairsPerSecond))
        }
        for figure in scenarios where figure.traceEventsPerRun <= smallScenarioTraceEvents {
            checks.append(Check(
                name: "\(BenchText.scenarioName(figure.file)), trace \(figure.retention)", target: "≥ 20k runs/s",
                measured: BenchText.rate(figure.runsPerSecond) + " runs/s",
                met: figure.runsPerSecond >= smallScenarioRunsPerSecond && figure.deterministic))
        }
        for trace in [MemoryProbe.TraceMode.streamed, .discarded] {
            let samples = memory.filter { $0.trace == trace.rawValue }.compactMap { figure in
                figure.sample.map { (events: figure.events, sample: $0) }
            }.sorted { $0.events < $1.events }
            guard let shortest = samples.first, let longest = samples.last, samples.count >= 2 else {
                checks.append(Check(
                    name: "peak memory, trace \(trace.rawValue)", target: "flat in run length",
                    measured: "not measured", met: false))
                continue
            }
            let growth = longest.sample.peakKiB - shortest.sample.peakKiB
            let allowed = max(flatGrowthKiB, shortest.sample.peakKiB * flatGrowthPercent / 100)
            checks.append(Check(
                name: "peak memory, trace \(trace.rawValue)", target: "flat in run length",
                measured: "\(BenchText.mebibytes(shortest.sample.peakKiB)) at \(BenchText.count(shortest.events)) events, "
                    + "\(BenchText.mebibytes(longest.sample.peakKiB)) at \(BenchText.count(longest.events))",
                met: growth <= allowed))
        }
        return checks
    }

    /// Fuzz runs per second on one core that the fuzzing issue asks for, on the small samples.
    static let fuzzRunsPerSecond: Int64 = 10_000
    /// How much faster two jobs must be than one, in hundredths.
    static let fuzzTwoJobSpeedup: Int64 = 180

    /// The fuzzing targets: at least 10,000 runs/s with one job on each small sample, 1.8x that with two, same results.
    static func check(fuzz: [FuzzBench.Figure]) -> [Check] {
        var checks: [Check] = []
        let speedups = FuzzBench.speedups(fuzz)
        for figure in fuzz where figure.jobs == 1 {
            checks.append(Check(
                name: "fuzz, \(BenchText.scenarioName(figure.file)), 1 job", target: "≥ 10k runs/s",
                measured: BenchText.rate(figure.runsPerSecond) + " runs/s",
                met: figure.runsPerSecond >= fuzzRunsPerSecond))
        }
        for speedup in speedups {
            let same = fuzz.filter { $0.file == speedup.file }.allSatisfy(\.sameAsOneJob)
            checks.append(Check(
                name: "fuzz, \(BenchText.scenarioName(speedup.file)), 2 jobs", target: "≥ 1.8x one job, same result",
                measured: FuzzBench.ratio(speedup.hundredths) + (same ? "" : ", DIFFERENT result"),
                met: speedup.hundredths >= fuzzTwoJobSpeedup && same))
        }
        return checks
    }
}
