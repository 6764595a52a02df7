/// How much work each section of the bench does: the full suite, or the quick smoke version.
///
/// Sizes are fixed so that two machines run the same work; only the time it
/// takes differs. The full suite is sized to finish well under two minutes on
/// one core; the quick one in seconds even in a debug build.
struct BenchConfiguration: Sendable {
    /// Whether this is the quick smoke version.
    var isQuick: Bool
    /// Trials per measurement; the fastest counts.
    var trials: Int
    /// Pending events in the hold model.
    var holdSizes: [Int]
    /// Steps (pop one, push one) per hold-model trial at N of 1,000 or less; half as many above.
    var holdSteps: Int
    /// Simulated tasks sleeping at once in the executor section.
    var executorTaskCounts: [Int]
    /// Suspend/resume pairs per executor trial.
    var executorPairs: Int
    /// Hold-model steps per trial for `pending` events.
    func holdSteps(pending: Int) -> Int {
        pending > 1_000 ? holdSteps / 2 : holdSteps
    }

    /// Wall time spent running each sample scenario, per trace retention, in nanoseconds.
    var scenarioBudget: Int64
    /// Runs of each sample scenario at least, whatever the budget.
    var scenarioMinimumRuns: Int
    /// Background tasks open at once in the scaling section.
    var openTaskCounts: [Int]
    /// Runs of each scaling case per trial.
    var openTaskRuns: Int
    /// Lengths, in days, of the "life of an app" runs; the one of 365 days is the headline.
    var lifeDays: [Int]
    /// Trace events per memory run (each in its own child process).
    var memoryEvents: [Int]
    /// The length of the memory runs at which a kept trace is measured too, for contrast.
    var keptMemoryEvents: Int
    /// Runs of each fuzz campaign in the fuzz section.
    var fuzzRuns = 2_000

    /// The full suite: the figures of docs/performance.md.
    static let full = BenchConfiguration(
        isQuick: false, trials: 3,
        holdSizes: [10, 1_000, 100_000], holdSteps: 2_000_000,
        executorTaskCounts: [1, 100, 10_000], executorPairs: 500_000,
        scenarioBudget: 400_000_000, scenarioMinimumRuns: 40,
        openTaskCounts: [1, 10, 100, 1_000], openTaskRuns: 20,
        lifeDays: [30, 365, 1_825],
        memoryEvents: [100_000, 1_000_000, 10_000_000], keptMemoryEvents: 1_000_000)

    /// The smoke version for CI: every figure, tiny sizes, one trial.
    static let quick = BenchConfiguration(
        isQuick: true, trials: 1,
        holdSizes: [10, 1_000, 100_000], holdSteps: 20_000,
        executorTaskCounts: [1, 100, 1_000], executorPairs: 5_000,
        scenarioBudget: 20_000_000, scenarioMinimumRuns: 3,
        openTaskCounts: [1, 10, 100], openTaskRuns: 1,
        lifeDays: [7, 30],
        memoryEvents: [10_000, 50_000], keptMemoryEvents: 10_000, fuzzRuns: 40)
}
