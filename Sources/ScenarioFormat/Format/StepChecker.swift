import SimulationKernel
import SimulationModel
import SimulationSupport

/// Checks the steps of one build of the app for what decoding a step alone cannot: names of actions, flags and
/// stored identifiers that must exist, and steps that only make sense in an expiration handler.
struct StepChecker {
    let app: AppDefinition
    /// The variables a `beginBackgroundTask` stores an identifier in, anywhere in the app's code.
    let identifierVariables: [String]

    init(app: AppDefinition) {
        self.app = app
        var variables: [String] = []
        for name in app.actions.keys.sorted() {
            Self.collectVariables(in: app.actions[name]!, into: &variables)
        }
        identifierVariables = variables
    }

    func validate(_ steps: [Step], path: [any CodingKey], inExpirationHandler: Bool) throws {
        for (index, step) in steps.enumerated() {
            let at = path + [AnyKey(intValue: index)!]
            switch step {
            case .backgroundTime(let step):
                try validate(step, at: at, inExpirationHandler: inExpirationHandler)
            case .task(let step):
                try validate(step, at: at, inExpirationHandler: inExpirationHandler)
            case .perform(let action) where app.actions[action] == nil:
                throw invalid(at + [AnyKey("action")], "no action named \"\(action)\" in app.actions"
                    + Suggestion.hint(for: action, among: app.actions.keys.sorted()))
            case .async(let nested), .dispatchMain(_, let nested), .dispatch(_, _, let nested), .repeating(_, let nested):
                try validate(nested, path: at + [AnyKey("steps")], inExpirationHandler: inExpirationHandler)
            case .setFlag(let flag, _):
                try check(flag: flag, at: at + [AnyKey("flag")])
            case .if(let condition, let then, let otherwise):
                try check(condition, at: at + [AnyKey("condition")])
                try validate(then, path: at + [AnyKey("then")], inExpirationHandler: inExpirationHandler)
                try validate(otherwise, path: at + [AnyKey("else")], inExpirationHandler: inExpirationHandler)
            case .while(let condition, let nested):
                try check(condition, at: at + [AnyKey("condition")])
                try validate(nested, path: at + [AnyKey("steps")], inExpirationHandler: inExpirationHandler)
            default:
                break
            }
        }
    }

    /// Background time: an expiration handler's own steps, ends outside one, and stored identifiers.
    private func validate(_ step: BackgroundTimeStep, at: [any CodingKey], inExpirationHandler: Bool) throws {
        switch step {
        case .beginBackgroundTask(_, _, .steps(let handler)):
            try validate(handler, path: at + [AnyKey("onExpiration")], inExpirationHandler: true)
        case .endBackgroundTask(nil) where !inExpirationHandler:
            throw invalid(at, "endBackgroundTask needs an \"id\" outside an expiration handler (the variable the identifier was stored in)")
        case .setInvalid(let variable):
            try check(variable: variable, at: at + [AnyKey("id")])
        default:
            break
        }
    }

    /// Tasks: launch handlers that must exist, expiration handlers' steps, and conditions of success.
    private func validate(_ step: TaskStep, at: [any CodingKey], inExpirationHandler: Bool) throws {
        switch step {
        case .setTaskExpirationHandler(.steps(let handler)):
            try validate(handler, path: at + [AnyKey("onExpiration")], inExpirationHandler: inExpirationHandler)
        case .register(_, let handler, _, _, _) where app.actions[handler] == nil:
            throw invalid(at + [AnyKey("launchHandler")], "no action named \"\(handler)\" in app.actions"
                + Suggestion.hint(for: handler, among: app.actions.keys.sorted()))
        case .setTaskCompleted(.condition(let condition)):
            try check(condition, at: at + [AnyKey("success")])
        default:
            break
        }
    }

    private func check(_ condition: Condition, at path: [any CodingKey]) throws {
        for flag in condition.flags { try check(flag: flag, at: path) }
        for variable in condition.identifierVariables { try check(variable: variable, at: path) }
    }

    private func check(flag: String, at path: [any CodingKey]) throws {
        let declared = app.flags.map(\.name)
        guard declared.contains(flag) else {
            throw invalid(path, "no flag named \"\(flag)\" in app.flags\(Suggestion.hint(for: flag, among: declared)); declare it with its starting value, e.g. \"flags\": {\"\(flag)\": false}")
        }
    }

    private func check(variable: String, at path: [any CodingKey]) throws {
        guard identifierVariables.contains(variable) else {
            throw invalid(path, "no beginBackgroundTask stores an identifier in \"\(variable)\"\(Suggestion.hint(for: variable, among: identifierVariables))")
        }
    }

    private static func collectVariables(in steps: [Step], into variables: inout [String]) {
        for step in steps {
            switch step {
            case .backgroundTime(.beginBackgroundTask(let variable, _, let behavior)):
                if !variables.contains(variable) { variables.append(variable) }
                if case .steps(let handler) = behavior { collectVariables(in: handler, into: &variables) }
            case .task(.setTaskExpirationHandler(.steps(let handler))):
                collectVariables(in: handler, into: &variables)
            case .async(let nested), .dispatchMain(_, let nested), .dispatch(_, _, let nested), .repeating(_, let nested), .while(_, let nested):
                collectVariables(in: nested, into: &variables)
            case .if(_, let then, let otherwise):
                collectVariables(in: then + otherwise, into: &variables)
            default:
                break
            }
        }
    }
}
