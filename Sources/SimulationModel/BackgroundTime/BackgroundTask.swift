import SimulationKernel

/// One background execution assertion: a `beginBackgroundTask` not yet balanced by `endBackgroundTask`. Touched on
/// the simulation's loop thread only.
final class BackgroundTask: @unchecked Sendable {
    /// Where the task's expiration handler is, once the background time began to expire.
    enum HandlerState {
        /// Not called yet.
        case notCalled
        /// Never to be called: the task had none when the handlers were fired, or it began after that.
        case skipped
        /// Queued on the main thread behind other work.
        case queued
        /// Running on the main thread.
        case running
        /// Returned.
        case returned

        /// Whether UIKit is done with the task's handler, or has it queued or running: it fires no more.
        var wasFired: Bool { self != .notCalled }

        /// Whether the handler moves from this state to `next` directly.
        func canMove(to next: HandlerState) -> Bool {
            switch (self, next) {
            case (.notCalled, .skipped), (.notCalled, .queued), (.queued, .running), (.running, .returned): true
            default: false
            }
        }
    }

    /// The `UIBackgroundTaskIdentifier`'s raw value: 1, 2, 3... within the process.
    let identifier: Int
    let name: String?
    let createdAt: VirtualInstant
    let expirationHandler: ExpirationHandler?
    /// Whether it is open: not ended by the app, and its process not terminated.
    private(set) var isOpen = true
    private(set) var handlerState = HandlerState.notCalled
    /// Whether UIKit warned that it was open too long (once per task).
    private(set) var warnedAboutAge = false
    /// Whether BGS047 said the task is held with no work (once per task).
    var reportedHeldIdle = false
    /// Whether it began while the process was launching: held from there, it is held "since launch".
    let beganWhileLaunching: Bool
    /// When its expiration handler started running, and the simulated task running it: what held it up, if it blocks.
    private(set) var handlerStart: (at: VirtualInstant, context: TaskContext?)?
    /// The other tasks its expiration handler ended (an identifier a later begin overwrote), in order.
    private(set) var handlerEndedOthers: [Int] = []
    /// Whether its expiration handler dispatched work for later (a block on a queue) instead of doing it.
    private(set) var handlerDispatched = false

    init(identifier: Int, name: String?, createdAt: VirtualInstant, expirationHandler: ExpirationHandler?, beganWhileLaunching: Bool) {
        self.identifier = identifier
        self.name = name
        self.createdAt = createdAt
        self.expirationHandler = expirationHandler
        self.beganWhileLaunching = beganWhileLaunching
    }

    /// The app ended it, or its process ended.
    func close() {
        isOpen = false
    }

    /// Moves its expiration handler to `next`, as ``HandlerState/canMove(to:)`` allows (checked in debug builds).
    func moveHandler(to next: HandlerState) {
        assert(handlerState.canMove(to: next), "background task \(identifier)'s expiration handler moved from \(handlerState) to \(next)")
        handlerState = next
    }

    /// UIKit warned that it is open too long.
    func warnedAboutAgeNow() {
        warnedAboutAge = true
    }

    /// Its expiration handler started, in the simulated task `context`.
    func handlerStarted(at now: VirtualInstant, in context: TaskContext?) {
        handlerStart = (now, context)
    }

    /// Its expiration handler ended background task `identifier`, not this one.
    func handlerEnded(other identifier: Int) {
        handlerEndedOthers.append(identifier)
    }

    /// Its expiration handler dispatched work for later.
    func handlerDispatchedWork() {
        handlerDispatched = true
    }

    /// The task's name as UIKit keeps it: the given one, or UIKit's default `Called by <process>, from <caller>`.
    ///
    /// The caller is a symbol bgsim does not know (Swift code calls the
    /// look-alike without one), so the default names the process only.
    func uikitName(processName: String) -> String {
        name ?? "Called by \(processName), from <unknown caller>"
    }

    /// How UIKit's age warning names the task: `3 ("Saving library")` (deltachat-ios #1128, Countly #190).
    func consoleName(processName: String) -> String {
        "\(identifier) (\"\(uikitName(processName: processName))\")"
    }

    /// `-[_UIBackgroundTaskInfo description]` as UIKit logs it with `%{private}@` (iOS 26.1's UIKitCore).
    ///
    /// Shown: `<_UIBackgroundTaskInfo: 0x15523b7e0>: taskID = 30, taskName = Sync, creationTime = 401007 (elapsed = 26)`
    /// (WordPress-iOS PR #21254). The address is made up (one per task, the
    /// same in every run) and the creation time counts whole seconds from the
    /// start of the run, where UIKit counts the device's uptime.
    func infoDescription(processName: String, now: VirtualInstant, privateData: PlatformProfile.ConsolePrivateData) -> String {
        switch privateData {
        case .redacted:
            return "<private>"
        case .shown:
            let address = String(0x1_5523_b780 + Int64(identifier) * 0x60, radix: 16)
            let created = (createdAt - .zero) / .seconds(1)
            let elapsed = (now - createdAt) / .seconds(1)
            return "<_UIBackgroundTaskInfo: 0x\(address)>: taskID = \(identifier), taskName = \(uikitName(processName: processName)), "
                + "creationTime = \(created) (elapsed = \(elapsed))"
        }
    }

    var subject: String {
        if let name { return "background task \(identifier) (\"\(name)\")" }
        return "background task \(identifier)"
    }
}

/// The background task whose expiration handler the calling code runs, by identifier; code the handler starts
/// inherits it. Bound around the handler's call, so that what the handler ends and dispatches is told from what the
/// app's other code does (BGS002, BGS004).
enum ExpirationHandlerScope {
    @TaskLocal static var current: Int?
}

/// What runs when a background task's time is about to run out.
///
/// Swift callers pass a synchronous closure, as with UIKit; the scenario
/// interpreter passes async steps that may block the main lane for virtual time.
package enum ExpirationHandler: Sendable {
    case synchronous(@Sendable () -> Void)
    case simulated(@Sendable () async -> Void)

    func call(in process: AppProcess, name: String) async {
        switch self {
        case .synchronous(let body): await process.runSynchronousAppCode(name, body)
        case .simulated(let body): await body()
        }
    }
}
