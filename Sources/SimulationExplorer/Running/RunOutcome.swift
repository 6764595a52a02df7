import SimulationKernel
import SimulationModel

/// What a campaign keeps of one run: its failures, the rules it fired, what it reached, and its fingerprint.
///
/// Small and fixed in size apart from the failures, so that a campaign of a
/// million runs keeps a million of them without trouble.
struct RunOutcome: Sendable, Hashable {
    /// The run's failures, sorted; empty when it passed.
    var failures: [FailureSignature]
    /// The rules that fired, as bits of their index in `Rules.all`.
    var ruleBits: UInt64
    /// The milestones reached, as bits.
    var milestoneBits: UInt64
    /// The fault kinds the plan used, as bits.
    var injectedBits: UInt32
    /// The fault kinds that took effect, as bits.
    var effectiveBits: UInt32
    /// The fingerprint of the run's trace.
    var fingerprint: Fingerprint
    /// How many trace events it wrote.
    var eventCount: Int

    /// Whether the run showed no failure.
    var passed: Bool { failures.isEmpty }

    /// The rules that fired, in catalog order.
    var rules: [Rule] { Rules.all.indices.filter { ruleBits & (1 << UInt64($0)) != 0 }.map { Rules.all[$0] } }

    /// The milestones reached.
    var milestones: [Milestone] { Milestone.milestones(in: milestoneBits) }

    /// Whether the run shows `signature`.
    func shows(_ signature: FailureSignature) -> Bool { failures.contains(signature) }

    /// The bit of each rule, by identifier: the catalog's order, fixed for a build.
    static let ruleIndex: [String: Int] = Dictionary(uniqueKeysWithValues: Rules.all.enumerated().map { ($1.id, $0) })

    /// A 64-bit digest of what the campaign keeps of the run (not of its index): campaigns compare these across jobs and shards.
    ///
    /// Integers are mixed with SplitMix64's finaliser; only failures, rare, are hashed as text.
    var digest: UInt64 {
        var value = RunSeeds.mix(fingerprint.value)
        value = RunSeeds.mix(value ^ ruleBits)
        value = RunSeeds.mix(value ^ milestoneBits)
        value = RunSeeds.mix(value ^ (UInt64(injectedBits) << 32 | UInt64(effectiveBits)))
        value = RunSeeds.mix(value ^ UInt64(eventCount))
        if !failures.isEmpty {
            var text = Fingerprint()
            for failure in failures {
                text.combine(failure.description)
                text.combine("\n")
            }
            value = RunSeeds.mix(value ^ text.value)
        }
        return value
    }
}
