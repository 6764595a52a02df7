/// A step of background time: `beginBackgroundTask`, `endBackgroundTask`, and the stored identifier.
public enum BackgroundTimeStep: Sendable, Hashable {
    /// `beginBackgroundTask(withName:expirationHandler:)`, storing the identifier in the app's variable `variable`.
    /// Beginning again into the same variable overwrites the identifier stored there, as real code does.
    case beginBackgroundTask(variable: String, name: String?, onExpiration: ExpirationBehavior)
    /// `endBackgroundTask(_:)` with the identifier stored in `variable`; nil inside an expiration
    /// handler means the handler's own task (the identifier the closure captured).
    case endBackgroundTask(variable: String?)
    /// `taskID = .invalid`: forgets the background task identifier stored in the variable (the `set` step).
    case setInvalid(variable: String)
}

extension StepFormat {
    /// `beginBackgroundTask` and `endBackgroundTask` (`set` with `id` is a flow step).
    static let backgroundTimeSteps: [StepFormat] = [
        StepFormat("beginBackgroundTask") { object in
            let c = try object.keys("id", "name", "onExpiration")
            return .backgroundTime(.beginBackgroundTask(
                variable: try c.required(String.self, "id"), name: try c.optional(String.self, "name"),
                onExpiration: try c.optional(ExpirationBehavior.self, "onExpiration") ?? .noHandler))
        },
        StepFormat("endBackgroundTask") { object in
            let c = try object.keys("id")
            return .backgroundTime(.endBackgroundTask(variable: try c.optional(String.self, "id")))
        },
    ]
}

extension Step {
    /// `beginBackgroundTask(withName:expirationHandler:)` (see ``BackgroundTimeStep/beginBackgroundTask(variable:name:onExpiration:)``).
    public static func beginBackgroundTask(variable: String, name: String?, onExpiration: ExpirationBehavior) -> Step {
        .backgroundTime(.beginBackgroundTask(variable: variable, name: name, onExpiration: onExpiration))
    }

    /// `endBackgroundTask(_:)` (see ``BackgroundTimeStep/endBackgroundTask(variable:)``).
    public static func endBackgroundTask(variable: String?) -> Step {
        .backgroundTime(.endBackgroundTask(variable: variable))
    }

    /// `taskID = .invalid` (see ``BackgroundTimeStep/setInvalid(variable:)``).
    public static func setInvalid(variable: String) -> Step {
        .backgroundTime(.setInvalid(variable: variable))
    }
}
