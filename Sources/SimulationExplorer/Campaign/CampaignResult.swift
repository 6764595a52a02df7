import SimulationKernel
import SimulationModel

/// What a fuzz campaign (or an exploration) found: counts per outcome, rule, milestone and fault kind, and the failures, grouped and shrunk.
///
/// Identical for any number of jobs, and for a campaign split into shards
/// and merged: everything in it is computed from the runs by index.
public struct CampaignResult: Sendable, Hashable {
    /// How many runs fired one rule.
    public struct RuleCount: Sendable, Hashable {
        /// The rule's identifier.
        public var rule: String
        /// Runs in which it fired at least once.
        public var runs: Int
    }

    /// How many runs reached one milestone.
    public struct MilestoneCount: Sendable, Hashable {
        /// The milestone.
        public var milestone: Milestone
        /// Runs that reached it.
        public var runs: Int
    }

    /// How often one kind of fault was used, and took effect.
    public struct FaultCount: Sendable, Hashable {
        /// The kind.
        public var kind: FaultKind
        /// Runs whose plan used it.
        public var injected: Int
        /// Runs in which it took effect (a timeline fault that was not ignored; an expiration that happened).
        public var effective: Int
    }

    /// What was run: `fuzz` or `explore`.
    public var mode: String
    /// The scenario file as given (or the scenario's name when it was built in Swift).
    public var scenario: String
    /// The scenario's own name.
    public var scenarioName: String
    /// The campaign's settings (an exploration records its bound in `runs`).
    public var settings: CampaignSettings
    /// Which app bugs failed a run (`--fail-on`).
    public var failOn: FailOn
    /// The shard this result covers, or nil for a whole campaign.
    public var shard: Shard?
    /// How many runs were done.
    public var runs: Int
    /// Runs with no failure.
    public var passed: Int
    /// Runs with at least one failure.
    public var failed: Int
    /// Whether the time budget stopped the campaign before its runs were done; the results are those of the runs done.
    public var stoppedEarly: Bool
    /// For an exploration: whether every schedule within its bound was tried.
    public var exhausted: Bool?
    /// The rules that fired, in catalog order, with the runs they fired in.
    public var rules: [RuleCount]
    /// Every milestone, with the runs that reached it.
    public var milestones: [MilestoneCount]
    /// Every kind of fault, with how often it was used and took effect.
    public var faults: [FaultCount]
    /// The failures, one group per signature, in signature order.
    public var failures: [FailureGroup]
    /// A digest of every run's outcome, independent of how the runs were split: equal digests, equal campaigns.
    package var digest: UInt64

    /// The milestones no run reached.
    public var unreached: [Milestone] { milestones.filter { $0.runs == 0 }.map(\.milestone) }

    /// Whether the campaign found a failure.
    public var foundFailure: Bool { !failures.isEmpty }
}

/// Adds run outcomes up, by index.
struct CampaignTally {
    var runs = 0
    var passed = 0
    var failed = 0
    var ruleRuns = [Int](repeating: 0, count: Rules.all.count)
    var milestoneRuns = [Int](repeating: 0, count: Milestone.allCases.count)
    var injected = [Int](repeating: 0, count: FaultKind.allCases.count)
    var effective = [Int](repeating: 0, count: FaultKind.allCases.count)
    /// Per signature, in the order first seen: how many runs, and the first run with its plan and fingerprint.
    var groups: [(signature: FailureSignature, count: Int, first: Int, plan: FaultPlan, fingerprint: String)] = []
    var digest: UInt64 = 0

    /// Adds run `index`, planned as `plan`; runs must be added in increasing index order.
    mutating func add(_ outcome: RunOutcome, index: Int, plan: FaultPlan) {
        runs += 1
        if outcome.passed { passed += 1 } else { failed += 1 }
        for rule in ruleRuns.indices where outcome.ruleBits & (1 << UInt64(rule)) != 0 { ruleRuns[rule] += 1 }
        for milestone in milestoneRuns.indices where outcome.milestoneBits & (1 << UInt64(milestone)) != 0 {
            milestoneRuns[milestone] += 1
        }
        for kind in injected.indices where outcome.injectedBits & (1 << UInt32(kind)) != 0 { injected[kind] += 1 }
        for kind in effective.indices where outcome.effectiveBits & (1 << UInt32(kind)) != 0 { effective[kind] += 1 }
        for signature in outcome.failures {
            if let group = groups.firstIndex(where: { $0.signature == signature }) {
                groups[group].count += 1
            } else {
                groups.append((signature, 1, index, plan, outcome.fingerprint.description))
            }
        }
        // A sum is the same whatever the order of addition: shards and jobs agree.
        digest &+= RunSeeds.mix(outcome.digest ^ RunSeeds.mix(UInt64(index)))
    }

    func result(mode: String, target: ExplorationTarget, settings: CampaignSettings, shard: Shard?, stoppedEarly: Bool) -> CampaignResult {
        CampaignResult(
            mode: mode, scenario: target.displayName, scenarioName: target.scenario.name, settings: settings,
            failOn: target.judge.failOn, shard: shard,
            runs: runs, passed: passed, failed: failed, stoppedEarly: stoppedEarly, exhausted: nil,
            rules: Rules.all.indices.filter { ruleRuns[$0] > 0 }.map { CampaignResult.RuleCount(rule: Rules.all[$0].id, runs: ruleRuns[$0]) },
            milestones: Milestone.allCases.map { CampaignResult.MilestoneCount(milestone: $0, runs: milestoneRuns[$0.rawValue]) },
            faults: FaultKind.allCases.enumerated().map { CampaignResult.FaultCount(kind: $1, injected: injected[$0], effective: effective[$0]) },
            failures: groups.sorted { $0.signature < $1.signature }.map {
                FailureGroup(signature: $0.signature, count: $0.count, firstRun: $0.first, plan: $0.plan, fingerprint: $0.fingerprint)
            },
            digest: digest)
    }
}
