import SimulationKernel
import SimulationSupport

/// What a background task's expiration handler does.
public enum ExpirationBehavior: Sendable, Hashable {
    /// No expiration handler at all (`expirationHandler: nil`).
    case noHandler
    /// A handler running these steps on the main lane. `endTask` is `[.endBackgroundTask(variable: nil)]`.
    case steps([Step])

    /// The shorthand names of `onExpiration`.
    package static let shorthands = ["endTask", "endTaskAsync", "doNothing", "noHandler", "completeFailure"]
}

extension ExpirationBehavior: Decodable {
    public init(from decoder: any Decoder) throws {
        if let steps = try? [Step](from: decoder) {
            self = .steps(steps)
            return
        }
        let single = try decoder.singleValueContainer()
        if let name = try? single.decode(String.self) {
            switch name {
            case "endTask": self = .steps([.endBackgroundTask(variable: nil)])
            case "endTaskAsync": self = .steps([.dispatchMain(delay: .zero, steps: [.endBackgroundTask(variable: nil)])])
            case "doNothing": self = .steps([])
            case "noHandler": self = .noHandler
            case "completeFailure": self = .steps([.cancelWork, .setTaskCompleted(success: false)])
            default:
                throw invalid(decoder.codingPath, "unknown expiration behaviour \"\(name)\""
                    + Suggestion.hint(for: name, among: ExpirationBehavior.shorthands)
                    + "; use one of \(ExpirationBehavior.shorthands.joined(separator: ", ")), {\"endTaskAfter\": \"2s\"}, or a list of steps")
            }
            return
        }
        if let object = try? decoder.strictContainer(allowing: ["endTaskAfter"]),
           object.contains(AnyKey("endTaskAfter")) {
            let delay = try object.duration("endTaskAfter")
            // The handler keeps the main thread busy (finishing a write, say), then ends its task.
            self = .steps([.work(duration: delay, jitter: .zero, changesState: false), .endBackgroundTask(variable: nil)])
            return
        }
        // Decode again as steps to surface the precise error inside the list, if it is one.
        if (try? decoder.unkeyedContainer()) != nil {
            self = .steps(try [Step](from: decoder))
            return
        }
        throw invalid(decoder.codingPath,
                      "onExpiration must be one of \(ExpirationBehavior.shorthands.joined(separator: ", ")), {\"endTaskAfter\": \"2s\"}, or a list of steps")
    }
}
