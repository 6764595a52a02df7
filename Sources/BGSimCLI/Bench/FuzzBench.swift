import Foundation
import SimulationExplorer

/// Fuzz throughput: campaigns on each small sample scenario, with one job and with two.
///
/// A campaign run is what `bgsim fuzz` does for each run: draw the plan,
/// apply it, run the simulation with the trace discarded (the fingerprint
/// and the property checks still see every record), judge it and add it up.
/// Shrinking is left out (it is a few hundred runs per distinct failure,
/// not per run). The digest of the one-job and two-job campaigns must be
/// equal: the bench checks that results do not depend on the number of jobs.
enum FuzzBench {
    /// What one scenario measured with one number of jobs.
    struct Figure: Sendable {
        /// The scenario file, as found.
        var file: String
        /// Threads used.
        var jobs: Int
        /// Runs in the fastest trial.
        var runs: Int
        /// Wall time of the fastest trial.
        var nanoseconds: Int64
        /// CPU time the process used in that trial, all threads together: what the runs cost, whoever else shares the machine.
        var cpuNanoseconds: Int64
        /// Runs that found a failure, in that trial.
        var failed: Int
        /// The campaign's digest.
        var digest: UInt64
        /// Whether the digest equals the one-job campaign's.
        var sameAsOneJob: Bool
        var runsPerSecond: Int64 { Stopwatch.rate(runs, nanoseconds: nanoseconds) }
        /// Runs per second of CPU time: the throughput of one core that no one else uses.
        var runsPerCPUSecond: Int64 { Stopwatch.rate(runs, nanoseconds: cpuNanoseconds) }
    }

    /// The job counts measured.
    static let jobCounts = [1, 2]

    static func run(_ configuration: BenchConfiguration, folder: String) -> [Figure] {
        var figures: [Figure] = []
        for file in ScenarioBench.scenarioFiles(in: folder) {
            guard let target = try? ExplorationTarget.load(path: file),
                  let plain = try? target.result(of: FaultPlan(), retention: .discard),
                  plain.eventCount <= BenchTargets.smallScenarioTraceEvents
            else { continue }
            let settings = CampaignSettings(seed: 1, runs: configuration.fuzzRuns, shrinks: false)
            var oneJobDigest: UInt64?
            for jobs in jobCounts {
                let campaign = Campaign(target: target, settings: settings)
                var best: (result: CampaignResult, nanoseconds: Int64, cpu: Int64)?
                for _ in 0..<max(1, configuration.trials) {
                    let cpuBefore = processCPUNanoseconds()
                    let trial = Stopwatch.time { campaign.run(jobs: jobs) }
                    let cpu = processCPUNanoseconds() - cpuBefore
                    if best.map({ trial.nanoseconds < $0.nanoseconds }) ?? true { best = (trial.result, trial.nanoseconds, cpu) }
                }
                let fastest = best!
                oneJobDigest = oneJobDigest ?? fastest.result.digest
                figures.append(Figure(
                    file: file, jobs: jobs, runs: fastest.result.runs, nanoseconds: fastest.nanoseconds, cpuNanoseconds: max(1, fastest.cpu),
                    failed: fastest.result.failed, digest: fastest.result.digest, sameAsOneJob: fastest.result.digest == oneJobDigest))
            }
        }
        return figures
    }

    /// The CPU time this process has used so far, every thread together.
    static func processCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// How much faster two jobs ran than one, in hundredths, per scenario.
    static func speedups(_ figures: [Figure]) -> [(file: String, hundredths: Int64)] {
        var result: [(String, Int64)] = []
        for one in figures where one.jobs == 1 {
            guard let two = figures.first(where: { $0.file == one.file && $0.jobs == 2 }) else { continue }
            result.append((one.file, two.runsPerSecond * 100 / max(1, one.runsPerSecond)))
        }
        return result
    }

    /// A ratio in hundredths as text: `1.84x`.
    static func ratio(_ hundredths: Int64) -> String {
        let rest = hundredths % 100
        return "\(hundredths / 100).\(rest < 10 ? "0" : "")\(rest)x"
    }
}
