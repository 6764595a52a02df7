import SimulationKernel

/// A submitted request the system holds until it launches it (or the app cancels it).
package struct PendingRequest: Sendable, Hashable {
    /// The request.
    package var request: TaskRequest
    /// When it was submitted.
    var submittedAt: VirtualInstant
    /// A fraction in parts per million, drawn at submission, that the realistic policy scales its delay by.
    var delayDraw: Int64

    /// Creates a pending request.
    package init(request: TaskRequest, submittedAt: VirtualInstant, delayDraw: Int64 = 0) {
        self.request = request
        self.submittedAt = submittedAt
        self.delayDraw = delayDraw
    }
}

/// What the system remembers of earlier launches: when each kind last ran, and how long a failure holds it back.
package struct LaunchHistory: Sendable, Hashable {
    /// When a task of each kind was last launched.
    var lastLaunch: [TaskKind: VirtualInstant] = [:]
    /// Until when each kind waits after a task that did not complete.
    var penaltyUntil: [TaskKind: VirtualInstant] = [:]

    /// No launch yet.
    init() {}
}
