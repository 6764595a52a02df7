/// What the person or the system does to continued processing tasks: the `ContinuedProcessing` service performs these.
public enum ContinuedAction: Sendable, Hashable {
    /// The person stops a continued task from its Live Activity (the oldest, without an identifier): it expires.
    case cancelLiveActivity(identifier: String?)
    /// The person answers a Live Activity asking whether a slow task should continue.
    case answerPrompt(identifier: String?, answer: PromptAnswer)
    /// The system is short of resources: the continued task with the least progress expires.
    case resourcePressure

    /// An action without its details: what scenario files and traces name it.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case cancelLiveActivity, answerPrompt, resourcePressure
    }

    /// The action's name, as scenario files and traces write it.
    public var name: Name {
        switch self {
        case .cancelLiveActivity: .cancelLiveActivity
        case .answerPrompt: .answerPrompt
        case .resourcePressure: .resourcePressure
        }
    }
}

/// The person's answer when a Live Activity asks whether a slow task should go on.
public enum PromptAnswer: String, Sendable, Hashable, CaseIterable {
    /// Keep the task running.
    case `continue`
    /// Stop it: the task expires.
    case stop
}

extension UserAction {
    /// The person stops a continued task from its Live Activity (see ``ContinuedAction/cancelLiveActivity(identifier:)``).
    public static func cancelLiveActivity(identifier: String?) -> UserAction { .continued(.cancelLiveActivity(identifier: identifier)) }
    /// The person answers a Live Activity's question (see ``ContinuedAction/answerPrompt(identifier:answer:)``).
    public static func answerPrompt(identifier: String?, answer: PromptAnswer) -> UserAction {
        .continued(.answerPrompt(identifier: identifier, answer: answer))
    }
    /// The system is short of resources: the continued task with the least progress expires.
    public static var resourcePressure: UserAction { .continued(.resourcePressure) }
}
