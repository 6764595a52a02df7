extension LaneState {
    /// Where a silent push is.
    enum Push: String, Sendable, Hashable, CaseIterable {
        /// Throttled: the device holds it (the newest only).
        case held
        /// Delivered: the app's handler runs until it calls its completion handler.
        case handling

        /// The state's name, as reports write it: `pushHeld`, `pushHandling`.
        var name: String { "push" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }
}

extension StateStyle {
    /// How every report shows a silent push's lanes.
    static func of(push: LaneState.Push) -> StateStyle {
        switch push {
        case .held: StateStyle(.push(push), "push held", "#fde68a", "#422006", "┄", "33", 1)
        case .handling: StateStyle(.push(push), "push handler running", "#0ea5e9", "#ffffff", "━", "36", 2, busy: true)
        }
    }
}
