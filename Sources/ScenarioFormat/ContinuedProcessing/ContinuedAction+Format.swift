import SimulationModel

/// The continued processing actions in a scenario's timeline.
extension ContinuedAction {
    /// The keys an entry of `name` may have besides `at`, `action` and `note`.
    static func keys(_ name: Name) -> [String] {
        switch name {
        case .cancelLiveActivity: ["identifier"]
        case .answerPrompt: ["identifier", "answer"]
        case .resourcePressure: []
        }
    }

    /// The action `name`, read from its timeline entry.
    init(_ name: Name, from c: KeyedDecodingContainer<AnyKey>) throws {
        switch name {
        case .cancelLiveActivity: self = .cancelLiveActivity(identifier: try c.optional(String.self, "identifier"))
        case .answerPrompt:
            let answer = PromptAnswer(rawValue: try c.choice("answer", among: PromptAnswer.allCases.map(\.rawValue)))!
            self = .answerPrompt(identifier: try c.optional(String.self, "identifier"), answer: answer)
        case .resourcePressure: self = .resourcePressure
        }
    }
}
