/// One entry of a scenario's timeline: an action at an instant.
public struct TimelineEntry: Sendable, Hashable {
    /// How long after the start of the run it happens.
    public var at: Duration
    /// What happens.
    public var action: UserAction
    /// A comment for readers; it appears in the trace.
    public var note: String?

    /// Creates an entry.
    public init(at: Duration, action: UserAction, note: String? = nil) {
        self.at = at
        self.action = action
        self.note = note
    }
}
