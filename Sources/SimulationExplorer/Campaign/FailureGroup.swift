/// Every run of a campaign that showed one failure signature: one bug, reported once with a count.
public struct FailureGroup: Sendable, Hashable {
    /// What failed.
    public var signature: FailureSignature
    /// How many runs showed it.
    public var count: Int
    /// The first run (lowest index) that showed it.
    public var firstRun: Int
    /// That run's plan, as the campaign made it.
    public var plan: FaultPlan
    /// That run's fingerprint, as sixteen hexadecimal digits.
    public var fingerprint: String
    /// The smallest plan found that still shows the signature, once shrunk.
    public var shrunk: ShrunkFailure?

    /// The plan to replay: the shrunk one when there is one.
    public var replayPlan: FaultPlan { shrunk?.plan ?? plan }
}

/// A failure's plan after shrinking: the smallest found that still fails the same way, and how it was reached.
public struct ShrunkFailure: Sendable, Hashable {
    /// The shrunk plan; it shows the group's signature (checked by a last run).
    public var plan: FaultPlan
    /// Each accepted step, in words, in order.
    public var steps: [String]
    /// How many runs shrinking tried.
    public var attempts: Int
    /// The fingerprint of the shrunk plan's run, as sixteen hexadecimal digits: a replay must give the same.
    public var fingerprint: String
    /// The trace events of that run.
    public var eventCount: Int
}
