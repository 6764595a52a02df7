/// One answer of a same-instant ordering policy: which candidate ran, among how many, and when.
///
/// Recorded by the kernel when ``Kernel/recordsOrderingDecisions`` is on,
/// one per question asked; ``OrderingReplay`` plays a list of them back.
package struct OrderingDecision: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The index of the event that ran, among the candidates in first-in first-out order.
    package var chosen: Int
    /// How many events were due at that instant.
    package var count: Int
    /// The instant.
    package var instant: VirtualInstant

    /// Creates a decision; `chosen` must be in `0..<count`.
    package init(chosen: Int, count: Int, instant: VirtualInstant) {
        precondition(count > 0 && (0..<count).contains(chosen), "an ordering decision chooses one of its candidates")
        self.chosen = chosen
        self.count = count
        self.instant = instant
    }

    /// For example `2 of 3 at 1.000s`.
    package var description: String { "\(chosen) of \(count) at \(instant)" }
}
