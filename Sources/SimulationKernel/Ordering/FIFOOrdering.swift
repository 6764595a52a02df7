/// The kernel's own order, as an explicit policy: same-instant events run first-in first-out.
///
/// Installing it gives the same runs as installing no policy; it only makes
/// the kernel ask (and, with ``Kernel/recordsOrderingDecisions``, record),
/// which shows where the same-instant races of a run are.
final class FIFOOrdering: SameInstantOrdering {
    /// Creates the first-in first-out policy.
    init() {}

    /// Always the first candidate, the one scheduled earliest.
    func nextEvent(among candidates: [ScheduledEvent]) -> Int { 0 }
}
