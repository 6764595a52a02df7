import SimulationKernel
/// How a fuzz campaign varies its runs.
public struct CampaignSettings: Sendable, Hashable {
    /// The campaign's seed: every run's plan follows from it and the run's index.
    public var seed: UInt64
    /// How many runs, counting run 0, the scenario exactly as written.
    public var runs: Int
    /// The kinds of fault runs may use; swarm testing enables a random subset of them in each run.
    public var kinds: [FaultKind]
    /// How far the scenario's own timeline entries may move either way (``FaultKind/timelineJitter``).
    public var timelineJitter: VirtualDuration
    /// The most timeline faults one run injects.
    public var maximumFaults: Int
    /// Whether failures are shrunk.
    public var shrinks: Bool
    /// The most runs shrinking one failure may try.
    public var shrinkAttempts: Int

    /// Creates settings; by default 1,000 runs of seed 1 with every kind of fault.
    public init(
        seed: UInt64 = 1, runs: Int = 1_000, kinds: [FaultKind] = FaultKind.allCases, timelineJitter: VirtualDuration = .seconds(1),
        maximumFaults: Int = 3, shrinks: Bool = true, shrinkAttempts: Int = 400
    ) {
        self.seed = seed
        self.runs = runs
        self.kinds = kinds
        self.timelineJitter = timelineJitter
        self.maximumFaults = maximumFaults
        self.shrinks = shrinks
        self.shrinkAttempts = shrinkAttempts
    }
}
