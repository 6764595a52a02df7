/// An ordering policy that plays back recorded decisions, then leaves the rest to a fallback policy.
///
/// The fallback rule: the *k*-th question takes the *k*-th decision when it
/// offers as many candidates as the decision records. At the first question
/// past the end of the list, or with another number of candidates, the
/// replay stops following the list for good, and that answer and all later
/// ones are the fallback's. The fallback is asked every question, answered
/// from the list or not, so a ``SeededOrdering`` fallback draws exactly what
/// it drew in the recorded run and continues as it would have.
///
/// ```swift
/// recorded.sameInstantOrdering = SeededOrdering(seed: 7)
/// recorded.recordsOrderingDecisions = true
/// _ = recorded.run()
/// replayed.sameInstantOrdering = OrderingReplay(recorded.recordedOrderingDecisions)
/// _ = replayed.run()  // the same order of events
/// ```
final class OrderingReplay: SameInstantOrdering {
    /// The decisions to play back, in order.
    let decisions: [OrderingDecision]
    /// The policy that answers once the list no longer applies.
    let fallback: any SameInstantOrdering
    /// How many questions were answered from the list.
    private(set) var replayedCount = 0
    /// The index of the first question whose number of candidates did not match its decision, if one did not.
    private(set) var divergence: Int?
    private var asked = 0

    /// Creates a replay of `decisions`, falling back to `fallback` (first-in first-out by default).
    init(_ decisions: [OrderingDecision], fallback: any SameInstantOrdering = FIFOOrdering()) {
        self.decisions = decisions
        self.fallback = fallback
    }

    func nextEvent(among candidates: [ScheduledEvent]) -> Int {
        let question = asked
        asked += 1
        let own = fallback.nextEvent(among: candidates)
        guard divergence == nil, replayedCount < decisions.count else { return own }
        let decision = decisions[replayedCount]
        guard decision.count == candidates.count else {
            divergence = question
            return own
        }
        replayedCount += 1
        return decision.chosen
    }
}
