import SimulationKernel
import SimulationModel

/// A fuzz campaign: thousands of seeded variations of a scenario, with faults injected, judged, grouped and shrunk.
///
/// Run 0 is the scenario as written; each other run follows a plan drawn
/// from the campaign seed and its index (``SwarmPlanner``). Runs are
/// independent and go on `jobs` threads; results are collected by index,
/// so they are the same for any number of jobs and for any split into
/// ``Shard``s. Each distinct failure is shrunk to a small plan that still
/// fails the same way, ready to replay with `bgsim run --faults`.
///
/// From Swift Testing, on the app's own code:
///
/// ```swift
/// @Test func syncSurvivesFaults() throws {
///     let scenario = try Scenario.load(from: "Scenarios/sync.json")
///     let target = ExplorationTarget(scenario: scenario) { SyncAppDelegate() }
///     let result = Campaign(target: target, settings: CampaignSettings(runs: 2_000)).run(jobs: 2)
///     #expect(!result.foundFailure, "\(result.failures.map { "\($0.signature): \($0.replayPlan.compactJSON)" })")
/// }
/// ```
public struct Campaign: Sendable {
    /// What is run.
    public var target: ExplorationTarget
    /// How runs vary.
    public var settings: CampaignSettings

    /// What a campaign tells as it goes, after every batch of runs.
    public struct Progress: Sendable {
        /// Runs done so far.
        public var runs: Int
        /// Runs to do in all (of this shard).
        public var total: Int
        /// Runs with a failure so far.
        public var failed: Int
    }

    /// Creates a campaign.
    public init(target: ExplorationTarget, settings: CampaignSettings = CampaignSettings()) {
        self.target = target
        self.settings = settings
    }

    /// The plan of run `index`.
    ///
    /// - Throws: ``FaultPlanError`` if the unperturbed run cannot be probed (never for a valid scenario).
    package func plan(ofRun index: Int) throws(FaultPlanError) -> FaultPlan {
        try planner().plan(index: index)
    }

    func planner() throws(FaultPlanError) -> SwarmPlanner {
        SwarmPlanner(landmarks: try Landmarks.probe(target), settings: settings, scenario: target.scenario)
    }

    /// Runs the campaign (or one shard of it) and shrinks its failures.
    ///
    /// - Parameters:
    ///   - jobs: How many threads run simulations.
    ///   - shard: The part of the runs to do; nil for all of them.
    ///   - shouldStop: Asked after each batch of runs (a time budget); when it says yes, the runs done so far are the result.
    ///   - progress: Told after each batch.
    public func run(
        jobs: Int = 1, shard: Shard? = nil, shouldStop: (@Sendable () -> Bool)? = nil,
        progress: ((Progress) -> Void)? = nil
    ) -> CampaignResult {
        let planner: SwarmPlanner
        do {
            planner = try self.planner()
        } catch {
            preconditionFailure("the empty plan fits every scenario: \(error)")
        }
        let indices = (shard ?? Shard(index: 1, count: 1)).runs(of: settings.runs)
        var tally = CampaignTally()
        var done = 0
        var stoppedEarly = false
        // Batches of a fixed size whatever the jobs: a time budget then always stops at the same kind of boundary.
        let batchSize = 512
        let target = self.target
        while done < indices.count {
            let batch = Array(indices[done..<min(indices.count, done + batchSize)])
            let outcomes = ParallelRuns.map(batch, jobs: jobs) { index -> (RunOutcome, FaultPlan) in
                let plan = planner.plan(index: index)
                return (Self.outcome(of: plan, on: target), plan)
            }
            for (position, (outcome, plan)) in outcomes.enumerated() { tally.add(outcome, index: batch[position], plan: plan) }
            done += batch.count
            progress?(Progress(runs: done, total: indices.count, failed: tally.failed))
            if done < indices.count, shouldStop?() ?? false {
                stoppedEarly = true
                break
            }
        }
        var result = tally.result(mode: "fuzz", target: target, settings: settings, shard: shard, stoppedEarly: stoppedEarly)
        if settings.shrinks { result.failures = Self.shrink(result.failures, on: target, attempts: settings.shrinkAttempts, jobs: jobs) }
        return result
    }

    /// The outcome of a plan the explorer made itself, which always fits its scenario.
    static func outcome(of plan: FaultPlan, on target: ExplorationTarget) -> RunOutcome {
        do {
            return try target.outcome(of: plan)
        } catch {
            preconditionFailure("a generated plan does not fit its scenario: \(error)\n\(plan.compactJSON)")
        }
    }

    /// Shrinks each group's first failing plan, groups side by side on `jobs` threads.
    static func shrink(_ groups: [FailureGroup], on target: ExplorationTarget, attempts: Int, jobs: Int) -> [FailureGroup] {
        let shrunk = ParallelRuns.map(Array(groups.indices), jobs: jobs) { index -> ShrunkFailure? in
            var shrinker = Shrinker(target: target, signature: groups[index].signature, maximumAttempts: attempts)
            return shrinker.shrink(groups[index].plan)
        }
        return zip(groups, shrunk).map { group, shrunk in
            var group = group
            group.shrunk = shrunk
            return group
        }
    }
}
