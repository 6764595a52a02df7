extension LaneState {
    /// Where a background transfer is.
    enum Transfer: String, Sendable, Hashable, CaseIterable {
        /// Waiting for its begin date, the network, or Wi-Fi and power.
        case waiting
        /// Moving bytes, out of the app's process.
        case running

        /// The state's name, as reports write it: `transferWaiting`, `transferRunning`.
        var name: String { "transfer" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }
}

extension StateStyle {
    /// How every report shows a background transfer's lane.
    static func of(transfer: LaneState.Transfer) -> StateStyle {
        switch transfer {
        case .waiting: StateStyle(.transfer(transfer), "transfer waiting", "#e0e7ff", "#1e1b4b", "┄", "34", 1)
        case .running: StateStyle(.transfer(transfer), "transfer running", "#6366f1", "#ffffff", "≡", "94", 2)
        }
    }
}
