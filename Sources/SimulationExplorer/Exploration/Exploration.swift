import SimulationKernel
import SimulationModel

/// Systematic exploration of a small scenario: expiration at every step boundary, and every order of same-instant events, up to a bound.
///
/// Where a campaign samples, exploration enumerates, in this order:
///
/// 1. the scenario as written;
/// 2. for every `BGTask` of that run, its expiration at every step
///    boundary (``Landmarks``): at the instant, just before the step's code
///    resumes, and a nanosecond later, while the next step runs; the same
///    for background time (`beginBackgroundTask`), by choosing the budget
///    that makes the expiration handlers run there, where a budget within
///    ``AssumedRanges`` reaches;
/// 3. every order of the events due at one instant, breadth first: each
///    schedule answers the ordering questions of the one it came from, then
///    decides one later question another way (each order is tried once).
///
/// The bound counts every run; the result says how many schedules were
/// tried and whether the space was exhausted within the bound. Failures
/// are grouped and shrunk as a campaign's are. Results do not depend on
/// `jobs`: schedules are made and run in batches of a fixed size.
public struct Exploration: Sendable {
    /// What is explored.
    public var target: ExplorationTarget
    /// The most schedules (runs) to try.
    public var maximumSchedules: Int
    /// Whether failures are shrunk.
    public var shrinks: Bool
    /// The most runs shrinking one failure may try.
    public var shrinkAttempts: Int

    /// Creates an exploration.
    public init(target: ExplorationTarget, maximumSchedules: Int = 2_000, shrinks: Bool = true, shrinkAttempts: Int = 400) {
        self.target = target
        self.maximumSchedules = maximumSchedules
        self.shrinks = shrinks
        self.shrinkAttempts = shrinkAttempts
    }

    /// How many schedules are run at once; fixed, so that results never depend on the number of jobs.
    static let batchSize = 64

    /// The fault plans of steps 1 and 2: the unperturbed run, then each expiration point.
    func faultPlans() throws(FaultPlanError) -> [FaultPlan] {
        let landmarks = try Landmarks.probe(target)
        let scenario = target.scenario
        let stop = landmarks.stopAt
        var plans = [FaultPlan(scenario: scenario.name)]
        for run in landmarks.taskRuns {
            var instants = [run.start] + run.boundaries
            if let end = run.end { instants.append(end) }
            var seen: [VirtualInstant] = []
            for instant in instants.sorted() {
                for at in [instant, instant + .nanoseconds(1)] where at <= stop && !seen.contains(at) {
                    seen.append(at)
                    plans.append(FaultPlan(scenario: scenario.name, faults: [Fault(at: at, kind: .expireTask, identifier: run.identifier)]))
                }
            }
        }
        let lead = scenario.profile[duration: .expirationLead]
        // Only budgets sources support (AssumedRanges): an expiration a few seconds after leaving is none (C4).
        let supported = AssumedRanges.backgroundTimeBudgets(in: scenario.profile)
        var budgets: [VirtualDuration] = []
        for period in landmarks.backgroundPeriods {
            for instant in [period.start] + period.boundaries {
                for at in [instant, instant + .nanoseconds(1)] {
                    let budget = at - period.start + lead
                    guard supported?.contains(budget) == true, !budgets.contains(budget),
                          budget != scenario.profile[duration: .backgroundTimeBudget]
                    else { continue }
                    budgets.append(budget)
                    plans.append(FaultPlan(
                        scenario: scenario.name, parameters: [ParameterOverride(key: .backgroundTimeBudget, duration: budget)]))
                }
            }
        }
        return plans
    }

    /// Runs the exploration.
    public func run(jobs: Int = 1, progress: ((Campaign.Progress) -> Void)? = nil) -> CampaignResult {
        let plans: [FaultPlan]
        do {
            plans = try faultPlans()
        } catch {
            preconditionFailure("the empty plan fits every scenario: \(error)")
        }
        let target = self.target
        var tally = CampaignTally()
        var tried = 0
        let bound = max(1, maximumSchedules)
        // Steps 1 and 2.
        let points = Array(plans.prefix(bound))
        var start = 0
        while start < points.count {
            let batch = Array(start..<min(points.count, start + Self.batchSize))
            let outcomes = ParallelRuns.map(batch, jobs: jobs) { Campaign.outcome(of: points[$0], on: target) }
            for (position, outcome) in outcomes.enumerated() { tally.add(outcome, index: batch[position], plan: points[batch[position]]) }
            tried += batch.count
            start += batch.count
            progress?(Campaign.Progress(runs: tried, total: bound, failed: tally.failed))
        }
        // Step 3: orders, breadth first from the unperturbed run.
        var queue: [[Int]] = [[]]
        var head = 0
        var overflow = false
        let base = FaultPlan(scenario: target.scenario.name)
        while head < queue.count, tried < bound {
            let batch = Array(queue[head..<min(queue.count, head + min(Self.batchSize, bound - tried))])
            head += batch.count
            let runs = ParallelRuns.map(Array(batch.indices), jobs: jobs) { position -> (RunOutcome, [PlannedOrdering.Question]) in
                let ordering = PlannedOrdering(.answers(batch[position]), records: true)
                var plan = base
                plan.ordering = .answers(batch[position])
                let outcome: RunOutcome
                do {
                    outcome = try target.outcome(of: plan, ordering: ordering)
                } catch {
                    preconditionFailure("the empty plan fits every scenario: \(error)")
                }
                return (outcome, ordering.questions)
            }
            for (position, (outcome, questions)) in runs.enumerated() {
                let answers = batch[position]
                // The FIFO order itself was run in step 1: count it once.
                if !answers.isEmpty {
                    let plan = FaultPlan(scenario: target.scenario.name, ordering: .answers(answers))
                    tally.add(outcome, index: tried, plan: plan)
                    tried += 1
                }
                for question in answers.count..<questions.count {
                    for alternative in 1..<questions[question].labels.count {
                        guard queue.count - head < bound else {
                            overflow = true
                            break
                        }
                        queue.append(questions[..<question].map(\.chosen) + [alternative])
                    }
                }
            }
            progress?(Campaign.Progress(runs: tried, total: bound, failed: tally.failed))
        }
        let exhausted = plans.count <= bound && head >= queue.count && !overflow
        var result = tally.result(
            mode: "explore", target: target, settings: CampaignSettings(seed: 0, runs: bound, kinds: [.expireTask, .expireBackgroundTime, .reorder]),
            shard: nil, stoppedEarly: false)
        result.exhausted = exhausted
        if shrinks { result.failures = Campaign.shrink(result.failures, on: target, attempts: shrinkAttempts, jobs: jobs) }
        return result
    }
}
