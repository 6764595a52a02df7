/// Where a piece of app code runs: the main queue, a background queue, or one of the app's serial queues.
///
/// The trace's `lane` field writes its ``name``: `main`, `background`, or
/// the queue's label.
public enum CodeLane: Sendable, Hashable, CustomStringConvertible {
    /// The main queue: delegate callbacks, `DispatchQueue.main`, a launch handler registered with `using: .main`.
    case main
    /// A background queue: `Task {}`, `DispatchQueue.global().async`, a launch handler registered with `using: nil`.
    case background
    /// One of the app's serial queues, by its label (`DispatchQueue(label:)`).
    case queue(String)

    /// The lane a trace or a scenario names: `main` is the main queue, `background` a background queue, any other
    /// name a serial queue of the app's.
    public init(name: String) {
        switch name {
        case "main": self = .main
        case "background": self = .background
        default: self = .queue(name)
        }
    }

    /// The name the trace writes.
    public var name: String {
        switch self {
        case .main: "main"
        case .background: "background"
        case .queue(let label): label
        }
    }

    /// The name the trace writes.
    public var description: String { name }
}
