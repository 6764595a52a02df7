import SimulationKernel
import SimulationModel
import SimulationSupport

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
    /// Queues the steps on a serial queue of the app's, by name (`"main"` is the main queue): `queue.async { }`, or,
    /// when `sync`, `queue.sync { }`, which waits for everything queued before the block and the block itself.
    case dispatch(queue: String, sync: Bool, steps: [Step])
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
    /// `isolation`: `.mainActor` when the closure is written in a `@MainActor` context and inherits its isolation.
    case register(
        identifier: String, launchHandler: String, onMainQueue: Bool, asyncHandler: Bool, isolation: HandlerIsolation = .nonisolated)
    /// `BGTaskScheduler.submit(_:)`; `earliestBegin` is counted from the moment of submission.
    case submit(TaskRequest)
    /// `cancel(taskRequestWithIdentifier:)`.
    case cancelTaskRequest(identifier: String)
    /// `cancelAllTaskRequests()`.
    case cancelAllTaskRequests
    /// In a launch handler: sets `task.expirationHandler`.
    case setTaskExpirationHandler(ExpirationBehavior)
    /// In a launch handler: `task.setTaskCompleted(success:)`, with a constant or a condition (`success: !isCancelled`).
    case setTaskCompleted(success: SuccessValue)
    /// In a launch handler or its expiration handler: tells the task's work to stop (an `Operation`'s `cancel()`).
    case cancelWork
    /// In a launch handler: stops the handler here if its work was cancelled (work that honours cancellation).
    case stopIfCancelled
    /// Code that must run on the main actor (updating UI state).
    case updateUI
    /// Work in units, each written to an output file, with progress reported as it goes (a continued task's job).
    case processUnits(UnitWork)
    /// In a continued task's launch handler: `task.updateTitle(_:subtitle:)`.
    case updateTitle(title: String, subtitle: String)
    /// In a continued task's launch handler: `task.progress.totalUnitCount = units`, the whole job declared up front.
    case setProgressTotal(units: Int)
    /// Removes an output file if it is partial: the clean-up after a failure or a cancellation.
    case removePartialOutput(output: String)
    /// Sets one of the app's flags (declared in `app.flags`): a feature flag turned on, `shouldContinue = false`.
    case setFlag(String, to: Bool)
    /// `taskID = .invalid`: forgets the background task identifier stored in the variable.
    case setInvalid(variable: String)
    /// In a `didReceiveRemoteNotification` handler: calls its `fetchCompletionHandler` with the result.
    case callFetchCompletion(result: BackgroundFetchResult)
    /// `URLSession(configuration: .background(withIdentifier:), delegate:)`: creates (or, after a relaunch,
    /// recreates) the background session.
    case createSession(BackgroundSessionConfiguration)
    /// `session.downloadTask(with:)` and `resume()`; `earliestBegin` counts from the moment of creation.
    case downloadTask(session: String, bytes: Int64, earliestBegin: Int64?, error: String?)
    /// In `didFinishDownloadingTo`: moves the file to the app's container, saved as `checkpoint`.
    case moveDownloadedFile(checkpoint: String)
    /// Calls the completion handler `handleEventsForBackgroundURLSession` gave (stored by the app for its session).
    case callBackgroundEventsCompletion(session: String)
    /// Runs `then` when the condition holds, `otherwise` when it does not.
    case `if`(Condition, then: [Step], otherwise: [Step])
    /// Runs the steps again and again while the condition holds, checked before each round (`while !isCancelled`).
    case `while`(Condition, steps: [Step])

    /// The step names a scenario may use, for suggestions.
    public static let names = [
        "beginBackgroundTask", "endBackgroundTask", "work", "wait", "save", "async", "dispatchMain", "dispatchAsync", "dispatchSync",
        "holdLock", "releaseLock", "perform", "repeat", "log", "crash", "exit", "register", "submit",
        "cancelTaskRequest", "cancelAllTaskRequests", "setTaskExpirationHandler", "setTaskCompleted", "cancelWork",
        "stopIfCancelled", "updateUI", "processUnits", "updateTitle", "setProgressTotal", "removePartialOutput",
        "set", "if", "while", "callFetchCompletion", "createSession", "recreateSession", "downloadTask", "moveDownloadedFile",
        "callBackgroundEventsCompletion",
    ]

    /// The placeholder an identifier may hold: the run's next job number (1, 2, ...). In a `register` it takes the
    /// next number and keeps it for the next `submit` in the same run of the action, so that the identifier a tap
    /// registers is the one it submits; a `submit` takes the kept number, or a new one.
    public static let jobNumberPlaceholder = "{n}"
}

/// The isolation of a launch handler's closure, as Swift infers it from where the closure is written.
public enum HandlerIsolation: String, Sendable, Hashable, CaseIterable {
    /// Written outside any actor (a nonisolated function, a type that is not `@MainActor`).
    case nonisolated
    /// Written in a `@MainActor` context (a view model, a SwiftUI `App`): it inherits main-actor isolation, and the
    /// compiler checks it at entry (a trap on any other queue).
    case mainActor
}

/// Work done in units: an export of N frames, a batch of N photos.
///
/// Each unit is CPU work; when it is done it is written to the output file
/// (if any) and, every `progressEvery` units, `task.progress` is updated:
/// `completedUnitCount` goes on from where it was, and `totalUnitCount` grows
/// if the step's units do not fit in it, so a job done in phases keeps one
/// rising fraction (declare the whole job with `setProgressTotal` first).
public struct UnitWork: Sendable, Hashable {
    /// How the work reports progress to its continued task.
    public enum Reporting: Sendable, Hashable {
        /// `completedUnitCount` after every `n` units (1: each unit; more: in bursts), and after the last.
        case every(Int)
        /// Never: `task.progress` stays as it was.
        case never
    }

    /// How many units.
    public var count: Int
    /// CPU time per unit, in nanoseconds.
    public var duration: Int64
    /// Each unit varies by up to this much either way, drawn from the seed.
    public var jitter: Int64
    /// How progress is reported.
    public var progress: Reporting
    /// The file the units are written to, if any.
    public var output: String?
    /// Whether the work stops between units once its task's work is cancelled (`cancelWork`), dropping a unit
    /// cancelled half-way instead of writing it.
    public var checksCancellation: Bool

    /// Creates unit work; by default it reports progress each unit and honours cancellation.
    public init(
        count: Int, duration: Int64, jitter: Int64 = 0, progress: Reporting = .every(1), output: String? = nil,
        checksCancellation: Bool = true
    ) {
        self.count = count
        self.duration = duration
        self.jitter = jitter
        self.progress = progress
        self.output = output
        self.checksCancellation = checksCancellation
    }
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
            try keys(extra)
        }
        func keys(_ extra: [String]) throws -> KeyedDecodingContainer<AnyKey> {
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
        case "dispatchAsync", "dispatchSync":
            let c = try keys("queue", "steps")
            let queue = try c.required(String.self, "queue")
            guard !queue.isEmpty else {
                throw invalid(c.path("queue"), "the queue's name is empty (write \"main\" for the main queue, or a label such as \"database\")")
            }
            self = .dispatch(queue: queue, sync: name == "dispatchSync", steps: try c.required([Step].self, "steps"))
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
            let c = try keys("identifier", "launchHandler", "queue", "style", "isolation")
            let queue = c.contains(AnyKey("queue")) ? try c.choice("queue", among: ["main", "background"]) : "background"
            let style = c.contains(AnyKey("style")) ? try c.choice("style", among: ["completionHandler", "async"]) : "completionHandler"
            let isolation = c.contains(AnyKey("isolation"))
                ? HandlerIsolation(rawValue: try c.choice("isolation", among: HandlerIsolation.allCases.map(\.rawValue)))!
                : .nonisolated
            self = .register(
                identifier: try c.required(String.self, "identifier"), launchHandler: try c.required(String.self, "launchHandler"),
                onMainQueue: queue == "main", asyncHandler: style == "async", isolation: isolation)
        case "submit":
            let continuedKeys = ["title", "subtitle", "strategy", "requiredResources"]
            let processingKeys = ["requiresNetworkConnectivity", "requiresExternalPower"]
            let c = try keys(["identifier", "type", "earliestBegin"] + processingKeys + continuedKeys)
            let type = try c.choice("type", among: TaskKind.allCases.map(\.rawValue))
            let kind = TaskKind(rawValue: type)!
            if kind == .continuedProcessing {
                for key in processingKeys where c.contains(AnyKey(key)) {
                    throw invalid(c.path(key), "\(key) is a BGProcessingTaskRequest property; continued processing requests do not have it")
                }
                let strategy = c.contains(AnyKey("strategy"))
                    ? SubmissionStrategy(rawValue: try c.choice("strategy", among: SubmissionStrategy.allCases.map(\.rawValue)))!
                    : .queue
                let resources = try c.optional([String].self, "requiredResources") ?? []
                for (index, resource) in resources.enumerated() where resource != "gpu" {
                    throw invalid(c.path("requiredResources") + [AnyKey(intValue: index)!],
                                  "unknown resource \"\(resource)\"\(Suggestion.hint(for: resource, among: ["gpu"])); the only one is \"gpu\"")
                }
                self = .submit(TaskRequest(
                    identifier: try c.required(String.self, "identifier"), kind: kind,
                    earliestBegin: try c.optionalDuration("earliestBegin"), title: try c.required(String.self, "title"),
                    subtitle: try c.required(String.self, "subtitle"), strategy: strategy, requiresGPU: resources.contains("gpu")))
                return
            }
            for key in continuedKeys where c.contains(AnyKey(key)) {
                throw invalid(c.path(key), "\(key) is a BGContinuedProcessingTaskRequest property; \(type) requests do not have it")
            }
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
            self = .setTaskCompleted(success: try keys("success").required(SuccessValue.self, "success"))
        case "set":
            let c = try keys("flag", "id", "to")
            switch (c.contains(AnyKey("flag")), c.contains(AnyKey("id"))) {
            case (true, false):
                self = .setFlag(try c.required(String.self, "flag"), to: try c.required(Bool.self, "to"))
            case (false, true):
                let value = try c.required(String.self, "to")
                guard value == "invalid" else {
                    throw invalid(c.path("to"), "a stored background task identifier can only be set to \"invalid\" (taskID = .invalid), not \"\(value)\"")
                }
                self = .setInvalid(variable: try c.required(String.self, "id"))
            default:
                throw invalid(c.codingPath, "set needs either \"flag\" (with \"to\": true or false) or \"id\" (with \"to\": \"invalid\")")
            }
        case "if":
            let c = try keys("condition", "then", "else")
            self = .if(
                try c.required(Condition.self, "condition"), then: try c.required([Step].self, "then"),
                otherwise: try c.optional([Step].self, "else") ?? [])
        case "while":
            let c = try keys("condition", "steps")
            self = .while(try c.required(Condition.self, "condition"), steps: try c.required([Step].self, "steps"))
        case "cancelWork":
            _ = try keys()
            self = .cancelWork
        case "stopIfCancelled":
            _ = try keys()
            self = .stopIfCancelled
        case "updateUI":
            _ = try keys()
            self = .updateUI
        case "processUnits":
            let c = try keys("count", "duration", "jitter", "progressEvery", "output", "checksCancellation")
            let count = try c.required(Int.self, "count")
            guard (1...1_000_000).contains(count) else {
                throw invalid(c.path("count"), "count must be between 1 and 1000000, got \(count)")
            }
            var progress = UnitWork.Reporting.every(1)
            if c.contains(AnyKey("progressEvery")) {
                if let every = try? c.required(Int.self, "progressEvery") {
                    guard every >= 1 else {
                        throw invalid(c.path("progressEvery"), "progressEvery must be 1 or more units, or \"never\"; got \(every)")
                    }
                    progress = .every(every)
                } else if (try? c.required(String.self, "progressEvery")) == "never" {
                    progress = .never
                } else {
                    throw invalid(c.path("progressEvery"), "progressEvery is a number of units (1 or more) or \"never\"")
                }
            }
            self = .processUnits(UnitWork(
                count: count, duration: try c.duration("duration"), jitter: try c.optionalDuration("jitter") ?? 0,
                progress: progress, output: try c.optional(String.self, "output"),
                checksCancellation: try c.optional(Bool.self, "checksCancellation") ?? true))
        case "updateTitle":
            let c = try keys("title", "subtitle")
            self = .updateTitle(title: try c.required(String.self, "title"), subtitle: try c.required(String.self, "subtitle"))
        case "setProgressTotal":
            let c = try keys("units")
            let units = try c.required(Int.self, "units")
            guard (0...1_000_000_000).contains(units) else {
                throw invalid(c.path("units"), "units must be between 0 and 1000000000, got \(units)")
            }
            self = .setProgressTotal(units: units)
        case "createSession", "recreateSession":
            let c = try keys("identifier", "isDiscretionary", "sessionSendsLaunchEvents")
            self = .createSession(BackgroundSessionConfiguration(
                identifier: try c.required(String.self, "identifier"), isDiscretionary: try c.optional(Bool.self, "isDiscretionary") ?? false,
                sendsLaunchEvents: try c.optional(Bool.self, "sessionSendsLaunchEvents") ?? true))
        case "downloadTask":
            let c = try keys("session", "bytes", "earliestBegin", "error")
            let bytes = try c.required(Int64.self, "bytes")
            guard bytes > 0 else { throw invalid(c.path("bytes"), "bytes must be 1 or more, got \(bytes)") }
            self = .downloadTask(
                session: try c.required(String.self, "session"), bytes: bytes, earliestBegin: try c.optionalDuration("earliestBegin"),
                error: try c.optional(String.self, "error"))
        case "moveDownloadedFile":
            self = .moveDownloadedFile(checkpoint: try keys("checkpoint").required(String.self, "checkpoint"))
        case "callBackgroundEventsCompletion":
            self = .callBackgroundEventsCompletion(session: try keys("session").required(String.self, "session"))
        case "callFetchCompletion":
            let c = try keys("result")
            self = .callFetchCompletion(result: BackgroundFetchResult(
                rawValue: try c.choice("result", among: BackgroundFetchResult.allCases.map(\.rawValue)))!)
        case "removePartialOutput":
            self = .removePartialOutput(output: try keys("output").required(String.self, "output"))
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
