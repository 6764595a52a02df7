import SimulationKernel

/// A `BGTask` the system launched and has not yet seen end. Touched only on the simulation's loop thread.
///
/// Where it is in its life is one value, ``phase``, which moves only as
/// ``TaskPhase/canMove(to:)`` allows; what else changes while it runs is
/// the app's (its expiration handler, whether it cancelled its work, the
/// look-alike object it holds) or bookkeeping the process keeps (the work
/// still running for it, its events).
package final class RunningTask: @unchecked Sendable {
    package let request: TaskRequest
    let launchedAt: VirtualInstant
    /// When its time runs out; nil for continued processing, which has no fixed limit.
    let deadline: VirtualInstant?
    let onMainLane: Bool
    let completesWhenHandlerReturns: Bool
    /// Whether the model sees the task's work start and end (scenario steps; not Swift code's own tasks).
    let tracksWork: Bool
    /// Whether the debugger's `_simulateLaunchForTaskWithIdentifier:` started it: only such a task can be
    /// expired with `_simulateExpirationForTaskWithIdentifier:` (iOS 18.2 and 26.1's BackgroundTasks).
    package let simulated: Bool
    /// Its entry in the run's list of task runs.
    let runIndex: Int
    /// The Live Activity and progress of a continued processing task; nil for other kinds.
    package let continued: ContinuedState?

    /// Where the task is in its life.
    package private(set) var phase: TaskPhase = .running
    /// The app's expiration handler; the system clears it when it calls it and when the task ends.
    package var expirationHandler: ExpirationHandler?
    /// Set by the app (or the system, for async handlers, at expiry): work that checks it stops.
    package private(set) var workCancelled = false
    /// The look-alike object app code holds (a `BGAppRefreshTask`...), kept alive while the task runs,
    /// as the system keeps the `BGTask` it hands to the launch handler.
    package var lookalike: AnyObject?
    /// The task that runs the launch handler, when it runs on a background queue of its own.
    private(set) var handlerContext: TaskContext?
    /// Its pending events (the deadline, the grace after expiry); cancelled when it ends.
    private(set) var timers: [EventHandle] = []
    /// App code still working for the task: its launch handler, and what that started and has not finished.
    private(set) var liveWork = 0
    /// When the last of the task's work ended, if it did.
    private(set) var workEndedAt: VirtualInstant?
    /// How many saves the app had made in its process when the task started: the saves since are the task's progress.
    var savesAtStart = 0
    /// The simulated task running its expiration handler, once called: what holds it up, if it blocks.
    private(set) var expirationHandlerRun: (at: VirtualInstant, context: TaskContext?)?
    /// Who completed the task first, and when; nil until it is complete.
    private(set) var firstCompletion: Completion?

    /// Who completed a task.
    enum Completion {
        /// The system, for a task that had no expiration handler when it expired (iOS 26.1's BGTask).
        case system(at: VirtualInstant)
        /// The app's expiration handler.
        case expirationHandler(at: VirtualInstant)
        /// The app's other code (its work, or the system when a handler registered to complete on return returned).
        case app(at: VirtualInstant)
    }

    init(
        request: TaskRequest, launchedAt: VirtualInstant, deadline: VirtualInstant?, registration: TaskRegistration,
        simulated: Bool, runIndex: Int
    ) {
        self.request = request
        self.launchedAt = launchedAt
        self.deadline = deadline
        self.onMainLane = registration.onMainLane
        self.completesWhenHandlerReturns = registration.completesWhenHandlerReturns
        self.tracksWork = registration.tracksWork
        self.simulated = simulated
        self.runIndex = runIndex
        self.continued = request.kind.behavior.hasLiveActivity
            ? ContinuedState(title: request.title, subtitle: request.subtitle, startedAt: launchedAt) : nil
    }

    package var identifier: String { request.identifier }

    package var subject: String { "\(request.kind.subjectName) task \(request.identifier)" }

    /// How BackgroundTasks names the task in its log: `<BGProcessingTask: com.example.cleanup>`, and for a continued
    /// task `<BGContinuedProcessingTask: com.example.export.1 (Exporting video)>` (cocoa-mhlw/cocoa PR #644; iOS 26.1).
    var logDescription: String {
        request.kind.behavior.logDescription(of: request)
    }

    // MARK: Phase

    /// Moves the task to `next`. Returns false, and moves anyway, when the task never moves that way: a bug in the
    /// model, which the caller records.
    func move(to next: TaskPhase) -> Bool {
        let allowed = phase.canMove(to: next)
        phase = next
        return allowed
    }

    /// The app (or the system, for an async handler that expired) cancels the task's work.
    package func cancelWork() {
        workCancelled = true
    }

    // MARK: Bookkeeping

    /// Remembers the simulated task that runs the expiration handler, called now.
    func runsExpirationHandler(at now: VirtualInstant, in context: TaskContext?) {
        expirationHandlerRun = (now, context)
    }

    /// The task is complete: the first completion is remembered, to say what a second one came after.
    func completed(by completion: Completion) {
        if firstCompletion == nil { firstCompletion = completion }
    }

    /// Remembers the task that runs the launch handler, so that expiry can cancel it.
    func runsHandler(in context: TaskContext?) {
        handlerContext = context
    }

    /// Keeps `timer` to cancel when the task ends.
    func addTimer(_ timer: EventHandle) {
        timers.append(timer)
    }

    /// Hands over the task's pending events, forgetting them: it is ending.
    func takeTimers() -> [EventHandle] {
        defer { timers.removeAll() }
        return timers
    }

    /// Whether code is still working for the task.
    var isWorking: Bool { liveWork > 0 }

    func workStarted() {
        liveWork += 1
    }

    func workEnded(at now: VirtualInstant) {
        liveWork -= 1
        if liveWork == 0 { workEndedAt = now }
    }

    /// Stops the run if the task's own bookkeeping is inconsistent: a bug in the model.
    func checkInvariants() {
        modelInvariant(liveWork >= 0, "\(subject) counts \(liveWork) pieces of live work")
        // Its pending events go when it ends; its handler and object may be set by app code still running after that.
        modelInvariant(!phase.hasEnded || timers.isEmpty, "\(subject) ended (\(phase.rawValue)) with events still pending")
    }
}
