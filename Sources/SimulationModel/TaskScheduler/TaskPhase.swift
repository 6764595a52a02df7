/// Where a launched `BGTask` is in its life, from its launch to its end.
///
/// A task moves forward only: it runs until it completes or its time is up;
/// once expired, its expiration handler may run and return; every task ends
/// exactly once, completed by the app (or by the system, for an expired task
/// without a handler) or with its process. ``canMove(to:)`` lists the moves;
/// the model records any other as a bug of its own
/// (`model.illegalTaskTransition`), as it does for ``AppState``.
public enum TaskPhase: String, Sendable, Hashable, CaseIterable {
    /// Launched; its time has not run out.
    case running
    /// Its time ran out, or the system, the person or the debugger ended it early; its expiration handler has
    /// not been called (it has none, or is about to be called).
    case expired
    /// Expired, and its expiration handler is running.
    case expirationHandlerRunning
    /// Expired, and its expiration handler returned without completing it.
    case expirationHandlerReturned
    /// Ended before it expired: the app called `setTaskCompleted(success:)`.
    case completed
    /// Ended after it expired: the app called `setTaskCompleted(success:)`, or the system marked a task without an
    /// expiration handler complete.
    case completedAfterExpiry
    /// Ended with its process: the app heard nothing.
    case processEnded

    /// Whether the task's time is up (or was ended early) and it is not complete yet.
    public var isExpiring: Bool {
        switch self {
        case .expired, .expirationHandlerRunning, .expirationHandlerReturned: true
        case .running, .completed, .completedAfterExpiry, .processEnded: false
        }
    }

    /// Whether the task expired at some point: expiring, or completed after that.
    public var hasExpired: Bool { isExpiring || self == .completedAfterExpiry }

    /// Whether the task ended: it moves no more.
    public var hasEnded: Bool {
        self == .completed || self == .completedAfterExpiry || self == .processEnded
    }

    /// Whether a task moves from this phase to `next` directly.
    public func canMove(to next: TaskPhase) -> Bool {
        switch (self, next) {
        case (_, .processEnded): !hasEnded
        case (.running, .expired), (.running, .completed): true
        case (.expired, .expirationHandlerRunning), (.expirationHandlerRunning, .expirationHandlerReturned): true
        case (_, .completedAfterExpiry): isExpiring
        default: false
        }
    }
}
