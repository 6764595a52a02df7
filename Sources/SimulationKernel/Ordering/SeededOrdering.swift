/// Runs same-instant events in a random order drawn from its own seed: one permutation per seed.
///
/// At every question it picks uniformly among the candidates with its own
/// ``SeededGenerator``, so the events present together at an instant run
/// in a uniformly random order, and a given seed always gives the same
/// order. It never touches the run's ``Kernel/random``: the model's random
/// numbers stay as they are, only the order of ties changes.
///
/// ```swift
/// for seed in 0..<1_000 as Range<UInt64> {
///     let kernel = Kernel(seed: scenarioSeed)
///     kernel.sameInstantOrdering = SeededOrdering(seed: seed)
///     ...
/// }
/// ```
package final class SeededOrdering: SameInstantOrdering {
    /// The generator the order is drawn from.
    package private(set) var random: SeededGenerator

    /// Creates a policy whose order is fixed by `seed`.
    package init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    package func nextEvent(among candidates: [ScheduledEvent]) -> Int {
        Int(random.nextInt(below: UInt64(candidates.count)))
    }
}
