/// A submitted request the system holds until it launches it (or the app cancels it).
public struct PendingRequest: Sendable, Hashable {
    /// The request.
    public var request: TaskRequest
    /// When it was submitted, in nanoseconds.
    public var submittedAt: Int64
    /// A fraction in parts per million, drawn at submission, that the realistic policy scales its delay by.
    public var delayDraw: Int64

    /// Creates a pending request.
    public init(request: TaskRequest, submittedAt: Int64, delayDraw: Int64 = 0) {
        self.request = request
        self.submittedAt = submittedAt
        self.delayDraw = delayDraw
    }
}

/// What the system remembers of earlier launches: when each kind last ran, and how long a failure holds it back.
public struct LaunchHistory: Sendable, Hashable {
    /// When a task of each kind was last launched.
    public var lastLaunch: [TaskKind: Int64] = [:]
    /// Until when each kind waits after a task that did not complete.
    public var penaltyUntil: [TaskKind: Int64] = [:]

    /// No launch yet.
    public init() {}
}
