import SimulationKernel

/// One thing app code does, written as data in a scenario's `actions`.
///
/// Steps let a scenario describe correct and buggy apps alike: the same
/// vocabulary writes "end the task in the expiration handler" and "end it
/// from a block dispatched for later". Later model areas add steps here.
public indirect enum Step: Sendable, Hashable {
    /// `beginBackgroundTask(withName:expirationHandler:)`, storing the identifier in the app's variable `variable`.
    /// Beginning again into the same variable overwrites the identifier stored there, as real code does.
    case beginBackgroundTask(variable: String, name: String?, onExpiration: ExpirationBehavior)
    /// `endBackgroundTask(_:)` with the identifier stored in `variable`; nil inside an expiration
    /// handler means the handler's own task (the identifier the closure captured).
    case endBackgroundTask(variable: String?)
    /// CPU work on the current lane for a duration (plus or minus `jitter`, drawn from the seed).
    /// It pauses while the app is suspended. Unless `changesState` is false, it is unsaved work until the next save.
    case work(duration: Int64, jitter: Int64, changesState: Bool)
    /// Waiting without using the CPU (a network reply, a timer) for a duration.
    case wait(duration: Int64)
    /// Writes the app's state to disk, taking `duration`; afterwards the checkpoint survives termination.
    case save(checkpoint: String, duration: Int64)
    /// Runs the steps on a background queue; the current lane goes on at once (`Task {}`, `DispatchQueue.global().async`).
    case async([Step])
    /// Queues the steps on the main lane, after `delay` (`DispatchQueue.main.asyncAfter`).
    case dispatchMain(delay: Int64, steps: [Step])
    /// Takes a file or database lock, for example SQLite's in a shared container.
    case holdLock(String)
    /// Releases a lock taken with `holdLock`.
    case releaseLock(String)
    /// Runs another named action of the app, inline.
    case perform(action: String)
    /// Runs the steps `count` times.
    case repeating(count: Int, steps: [Step])
    /// Writes a line to the app's log (the trace).
    case log(String)
    /// The app crashes.
    case crash(String)
    /// The app exits by itself.
    case exit
    /// `BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`, running the named action as the handler.
    /// `asyncHandler`: SwiftUI's `.backgroundTask` style (completes when the action returns; expiration cancels it).
    case register(identifier: String, launchHandler: String, onMainQueue: Bool, asyncHandler: Bool)
    /// `BGTaskScheduler.submit(_:)`; `earliestBegin` is counted from the moment of submission.
    case submit(TaskRequest)
    /// `cancel(taskRequestWithIdentifier:)`.
    case cancelTaskRequest(identifier: String)
    /// `cancelAllTaskRequests()`.
    case cancelAllTaskRequests
    /// In a launch handler: sets `task.expirationHandler`.
    case setTaskExpirationHandler(ExpirationBehavior)
    /// In a launch handler: `task.setTaskCompleted(success:)`.
    case setTaskCompleted(success: Bool)
    /// In a launch handler or its expiration handler: tells the task's work to stop (an `Operation`'s `cancel()`).
    case cancelWork
    /// In a launch handler: stops the handler here if its work was cancelled (work that honours cancellation).
    case stopIfCancelled
    /// Code that must run on the main actor (updating UI state).
    case updateUI

    /// The step names a scenario may use, for suggestions.
    public static let names = [
        "beginBackgroundTask", "endBackgroundTask", "work", "wait", "save", "async", "dispatchMain",
        "holdLock", "releaseLock", "perform", "repeat", "log", "crash", "exit", "register", "submit",
        "cancelTaskRequest", "cancelAllTaskRequests", "setTaskExpirationHandler", "setTaskCompleted", "cancelWork",
        "stopIfCancelled", "updateUI",
    ]
}

/// What a background task's expiration handler does.
public enum ExpirationBehavior: Sendable, Hashable {
    /// No expiration handler at all (`expirationHandler: nil`).
    case noHandler
    /// A handler running these steps on the main lane. `endTask` is `[.endBackgroundTask(variable: nil)]`.
    case steps([Step])

    /// The shorthand names of `onExpiration`.
    public static let shorthands = ["endTask", "endTaskAsync", "doNothing", "noHandler", "completeFailure"]
}

extension Step: Decodable {
    public init(from decoder: any Decoder) throws {
        let common = ["step", "note"]
        let probe = try decoder.container(keyedBy: AnyKey.self)
        let name = try probe.choice("step", among: Step.names)
        func keys(_ extra: String...) throws -> KeyedDecodingContainer<AnyKey> {
            try decoder.strictContainer(allowing: common + extra)
        }
        switch name {
        case "beginBackgroundTask":
            let c = try keys("id", "name", "onExpiration")
            self = .beginBackgroundTask(
                variable: try c.required(String.self, "id"), name: try c.optional(String.self, "name"),
                onExpiration: try c.optional(ExpirationBehavior.self, "onExpiration") ?? .noHandler)
        case "endBackgroundTask":
            let c = try keys("id")
            self = .endBackgroundTask(variable: try c.optional(String.self, "id"))
        case "work":
            let c = try keys("duration", "jitter", "changesState")
            self = .work(
                duration: try c.duration("duration"), jitter: try c.optionalDuration("jitter") ?? 0,
                changesState: try c.optional(Bool.self, "changesState") ?? true)
        case "wait":
            let c = try keys("duration")
            self = .wait(duration: try c.duration("duration"))
        case "save":
            let c = try keys("checkpoint", "duration")
            self = .save(checkpoint: try c.required(String.self, "checkpoint"), duration: try c.optionalDuration("duration") ?? 0)
        case "async":
            let c = try keys("steps")
            self = .async(try c.required([Step].self, "steps"))
        case "dispatchMain":
            let c = try keys("delay", "steps")
            self = .dispatchMain(delay: try c.optionalDuration("delay") ?? 0, steps: try c.required([Step].self, "steps"))
        case "holdLock":
            self = .holdLock(try keys("lock").required(String.self, "lock"))
        case "releaseLock":
            self = .releaseLock(try keys("lock").required(String.self, "lock"))
        case "perform":
            self = .perform(action: try keys("action").required(String.self, "action"))
        case "repeat":
            let c = try keys("count", "steps")
            let count = try c.required(Int.self, "count")
            guard (0...1_000_000).contains(count) else {
                throw invalid(c.path("count"), "count must be between 0 and 1000000, got \(count)")
            }
            self = .repeating(count: count, steps: try c.required([Step].self, "steps"))
        case "log":
            self = .log(try keys("message").required(String.self, "message"))
        case "crash":
            self = .crash(try keys("message").optional(String.self, "message") ?? "the app crashed")
        case "register":
            let c = try keys("identifier", "launchHandler", "queue", "style")
            let queue = c.contains(AnyKey("queue")) ? try c.choice("queue", among: ["main", "background"]) : "background"
            let style = c.contains(AnyKey("style")) ? try c.choice("style", among: ["completionHandler", "async"]) : "completionHandler"
            self = .register(
                identifier: try c.required(String.self, "identifier"), launchHandler: try c.required(String.self, "launchHandler"),
                onMainQueue: queue == "main", asyncHandler: style == "async")
        case "submit":
            let c = try keys("identifier", "type", "earliestBegin", "requiresNetworkConnectivity", "requiresExternalPower")
            let type = try c.choice("type", among: TaskKind.allCases.map(\.rawValue))
            let kind = TaskKind(rawValue: type)!
            if kind == .appRefresh {
                for key in ["requiresNetworkConnectivity", "requiresExternalPower"] where c.contains(AnyKey(key)) {
                    throw invalid(c.path(key), "\(key) is a BGProcessingTaskRequest property; app refresh requests do not have it")
                }
            }
            self = .submit(TaskRequest(
                identifier: try c.required(String.self, "identifier"), kind: kind,
                earliestBegin: try c.optionalDuration("earliestBegin"),
                requiresNetworkConnectivity: try c.optional(Bool.self, "requiresNetworkConnectivity") ?? false,
                requiresExternalPower: try c.optional(Bool.self, "requiresExternalPower") ?? false))
        case "cancelTaskRequest":
            self = .cancelTaskRequest(identifier: try keys("identifier").required(String.self, "identifier"))
        case "cancelAllTaskRequests":
            _ = try keys()
            self = .cancelAllTaskRequests
        case "setTaskExpirationHandler":
            self = .setTaskExpirationHandler(try keys("onExpiration").required(ExpirationBehavior.self, "onExpiration"))
        case "setTaskCompleted":
            self = .setTaskCompleted(success: try keys("success").required(Bool.self, "success"))
        case "cancelWork":
            _ = try keys()
            self = .cancelWork
        case "stopIfCancelled":
            _ = try keys()
            self = .stopIfCancelled
        case "updateUI":
            _ = try keys()
            self = .updateUI
        default:
            _ = try keys()
            self = .exit
        }
    }
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
            case "endTaskAsync": self = .steps([.dispatchMain(delay: 0, steps: [.endBackgroundTask(variable: nil)])])
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
            self = .steps([.work(duration: delay, jitter: 0, changesState: false), .endBackgroundTask(variable: nil)])
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
