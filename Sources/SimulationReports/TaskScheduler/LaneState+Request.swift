extension LaneState {
    /// Where a `BGTaskScheduler` request is.
    enum Request: String, Sendable, Hashable, CaseIterable {
        /// Submitted, and its task not launched yet.
        case pending
        /// Its task was launched and has not ended.
        case running
    }
}

extension StateStyle {
    /// How every report shows a `BGTaskScheduler` request's lane.
    static func of(request: LaneState.Request) -> StateStyle {
        switch request {
        case .pending: StateStyle(.request(request), "pending", "#ddd6fe", "#2e1065", "┄", "35", 1)
        case .running: StateStyle(.request(request), "running", "#16a34a", "#ffffff", "━", "32", 2, busy: true)
        }
    }
}
