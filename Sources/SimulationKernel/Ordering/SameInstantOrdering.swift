/// Decides which of several events due at the same instant runs next: the seam for exploring same-instant races.
///
/// With no policy installed (``Kernel/sameInstantOrdering`` is nil, the
/// default), same-instant events run first-in first-out by sequence number.
/// With one installed, whenever two or more live events (not cancelled; for
/// a sleeping task, not already woken or cancelled) are due at the earliest
/// instant, the kernel asks the policy which one runs now. Once it has run
/// and the executor has drained, the kernel asks again among those left and
/// any the event added at that instant. A lone event is never asked about.
///
/// - Complexity: Each question costs O(*k* log *n*) for *k* events due at
///   the instant and *n* pending, so an instant with *k* events costs
///   O(*k*² log *n*) under a policy; exploration runs have few ties.
///
/// A policy must be deterministic: its answer may depend on the candidates
/// and on its own state (for example a ``SeededGenerator``), never on the
/// clock, hashing, addresses or threads. It must not schedule or cancel events.
///
/// ```swift
/// /// Runs the most recently scheduled event first.
/// final class LastInFirstOut: SameInstantOrdering {
///     func nextEvent(among candidates: [ScheduledEvent]) -> Int { candidates.count - 1 }
/// }
/// kernel.sameInstantOrdering = LastInFirstOut()
/// ```
package protocol SameInstantOrdering: AnyObject {
    /// The index in `candidates` of the event to run now.
    ///
    /// - Parameter candidates: Two or more events due at the same instant,
    ///   in first-in first-out order (ascending sequence numbers).
    /// - Returns: An index in `candidates.indices`; anything else stops the
    ///   process with a message, as an index out of range does.
    func nextEvent(among candidates: [ScheduledEvent]) -> Int
}
