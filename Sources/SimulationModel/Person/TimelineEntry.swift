/// One entry of a scenario's timeline: an action at an instant.
public struct TimelineEntry: Sendable, Hashable {
    /// How long after the start of the run it happens.
    public var at: Duration
    /// What happens.
    public var action: UserAction
    /// A comment for readers; it appears in the trace.
    public var note: String?
    /// Whether the person unlocks the device first when it is locked: set on the person's actions a campaign injects
    /// (closing the app in the app switcher, coming back to the app), which no one can do on a locked phone.
    ///
    /// The unlock is traced as the person's own `unlock` before the action, and does everything an unlock does (the
    /// app comes back if it was in front, running processing tasks expire). Scenario files cannot set it: their
    /// timeline says when the person unlocks.
    package var unlocksFirst = false

    /// Creates an entry.
    public init(at: Duration, action: UserAction, note: String? = nil) {
        self.at = at
        self.action = action
        self.note = note
    }
}
