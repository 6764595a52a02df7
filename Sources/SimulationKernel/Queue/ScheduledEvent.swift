/// An event as the kernel shows it to observers and ordering policies: its label, sequence number and instant.
///
/// A plain value, copied out of the queue: holding one keeps nothing alive
/// and changes nothing in the run.
package struct ScheduledEvent: Sendable, Hashable, CustomStringConvertible {
    /// What the event is and whom it concerns.
    package var label: EventLabel
    /// The order in which the event was scheduled; same-instant events run in this order unless a policy says otherwise.
    package var sequence: UInt64
    /// When the event is due.
    package var instant: VirtualInstant

    /// Creates a description of an event.
    package init(label: EventLabel, sequence: UInt64, instant: VirtualInstant) {
        self.label = label
        self.sequence = sequence
        self.instant = instant
    }

    /// The label, sequence number and instant, for example `backgroundTime.expiring(3) #41 at 29.000s`.
    package var description: String { "\(label) #\(sequence) at \(instant)" }
}
