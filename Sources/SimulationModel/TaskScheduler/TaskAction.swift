/// What the debugger or the system does to `BGTaskScheduler` tasks: the `TaskScheduler` service performs these.
public enum TaskAction: Sendable, Hashable {
    /// The debugger's `_simulateLaunchForTaskWithIdentifier:`: the system launches a pending request now.
    case simulateLaunch(identifier: String)
    /// The debugger's `_simulateExpirationForTaskWithIdentifier:`: a running task's time runs out now.
    case simulateExpiration(identifier: String)
    /// The system ends a running task's time early, whichever way it was launched: what fuzzing injects. No runtime
    /// is documented (about 30 s for a refresh is an assumption, platform-facts.md), and the expiration handler is
    /// called for several reasons the app cannot tell apart (Apple DTS in forums 818623, on continued tasks), so code
    /// must cope with expiry at any moment. Unlike `simulateExpiration`, this needs no `simulateLaunch`.
    case expireTask(identifier: String)

    /// An action without its details: what scenario files and traces name it.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case simulateLaunch, simulateExpiration, expireTask
    }

    /// The action's name, as scenario files and traces write it.
    public var name: Name {
        switch self {
        case .simulateLaunch: .simulateLaunch
        case .simulateExpiration: .simulateExpiration
        case .expireTask: .expireTask
        }
    }
}

extension UserAction {
    /// The debugger launches a pending request now (see ``TaskAction/simulateLaunch(identifier:)``).
    public static func simulateLaunch(identifier: String) -> UserAction { .task(.simulateLaunch(identifier: identifier)) }
    /// The debugger expires a running task now (see ``TaskAction/simulateExpiration(identifier:)``).
    public static func simulateExpiration(identifier: String) -> UserAction { .task(.simulateExpiration(identifier: identifier)) }
    /// The system ends a running task's time early (see ``TaskAction/expireTask(identifier:)``).
    public static func expireTask(identifier: String) -> UserAction { .task(.expireTask(identifier: identifier)) }
}
