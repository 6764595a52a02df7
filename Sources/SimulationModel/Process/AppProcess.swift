import SimulationKernel

/// Thrown into a task of an app process that was terminated: nothing it does after that counts.
public struct ProcessTerminated: Error, Sendable, Hashable {
    /// The process that ended.
    public var process: Int

    /// The error of a task of `process`.
    public init(process: Int) {
        self.process = process
    }
}

/// One run of the app, from launch to termination.
///
/// A relaunch is a new `AppProcess`: handlers must be set up again, memory
/// is gone, and only what the app saved survives. The process is also the
/// execution gate of its tasks: while it is suspended their waits do not
/// end, and when it is terminated they fail.
package final class AppProcess: ExecutionGate, @unchecked Sendable {
    /// 1 for the first launch of the run, 2 for the next, and so on.
    package let number: Int
    unowned let simulation: Simulation
    package private(set) var state: AppState = .notRunning
    /// The app's code in this process; made when the process is, so nothing of an earlier launch survives.
    package private(set) var appCode: any AppCode = NoAppCode()
    /// The app's main thread: delegate callbacks, main-queue blocks, expiration handlers, main-actor code.
    package private(set) lazy var mainLane = SerialLane(process: self, label: "main", isMain: true)
    /// The lanes of the serial queues the app's code used, in the order first used.
    var serialLanes: [(owner: AnyObject, lane: SerialLane)] = []
    /// The lane each running lane item's task belongs to, by task identifier.
    var laneOfTask: [UInt64: SerialLane] = [:]
    /// How the app's code runs in this process: its CPU time charges, the watchdog, calls from other threads.
    package private(set) lazy var appCodeState = AppCodeState()
    /// This process's main actor and the binding of the simulation's thread to it, once its code is Swift.
    private var concurrencyBinding: ConcurrencyRouting.Binding?

    // The app's memory: gone with the process.
    private(set) var unsavedWork: Int64 = 0
    private(set) var heldLocks: [String] = []

    // Background time.
    /// Background tasks in begin order; ended ones are swept out in batches (see `sweepEndedTasks`).
    var tasks: [BackgroundTask] = []
    /// The open background tasks by identifier: ending one is a lookup, not a scan.
    var openTasks: [Int: BackgroundTask] = [:]
    var nextTaskIdentifier = 1
    var backgroundDeadline: Int64?
    var expirationStarted = false
    var backgroundTimers: [EventHandle] = []

    // Lifecycle bookkeeping.
    private var launchTarget: AppState.LaunchDestination = .foreground
    /// Whether the app's scene is connected (apps that use scenes): not in a launch into the background.
    private var sceneConnected = false
    private var systemCallbacksInFlight = 0
    /// How many system services keep the app running in the background now (a silent push handler's 30 s).
    private var serviceHolds = 0
    /// What runs once the launch finished: a service's delivery to a process still launching.
    private var afterLaunch: [() -> Void] = []
    private var suspensionEvent: EventHandle?
    private var deferredWaiters: [Waiter] = []
    private var computations: [Computation] = []
    private var finishedComputations = 0
    private var liveTasks: [UInt64: TaskContext] = [:]

    // BGTaskScheduler.
    var registrations: [String: TaskRegistration] = [:]
    private(set) var launchFinished = false
    var pendingDeliveries: [TaskRequest] = []
    var runningTasks: [RunningTask] = []

    /// The system the process lives in, as its services see it.
    package var system: any SystemContext { simulation }
    /// Held strongly: look-alike objects the app keeps may call in after the simulation is gone, and the first
    /// thing they ask is the kernel's thread (see `acceptsAppCall`).
    package let kernel: Kernel
    package var profile: PlatformProfile { simulation.profile }
    package var now: Int64 { kernel.now.nanoseconds }
    package var isAlive: Bool { !state.isTerminated && !kernel.isShutDown }

    init(number: Int, simulation: Simulation, makeAppCode: AppCodeFactory) {
        self.number = number
        self.simulation = simulation
        self.kernel = simulation.kernel
        self.appCode = makeAppCode(self)
    }

    /// Keeps the Swift concurrency work the app's code starts (tasks, main-actor code) inside the simulation,
    /// on the calling thread; the app code of a Swift app calls it before the app's objects are made.
    package func routeAppConcurrency() {
        concurrencyBinding = ConcurrencyRouting.bind(self)
    }

    /// Whether the app's code is Swift written for iOS (its concurrency routed into the simulation), rather than
    /// the scenario interpreter's steps.
    package var runsSwiftAppCode: Bool { concurrencyBinding != nil }

    /// The process whose code the calling thread is running: that of the current simulated task, or, outside
    /// any (a delegate's initializer, a detached task), that of the simulation the thread is running.
    package static var current: AppProcess? {
        if let process = TaskContext.current?.gate as? AppProcess { return process }
        return ConcurrencyRouting.currentProcess
    }

    // MARK: Trace

    package func trace(_ record: TraceRecord) {
        simulation.trace(record)
    }

    /// Reports a breach of `rule`; `fix` replaces the rule's own advice where the case calls for other advice.
    package func diagnose(_ rule: Rule, subject: String, message: String, fix: String? = nil) {
        simulation.diagnose(rule, process: number, subject: subject, message: message, fix: fix)
    }

    package func console(_ message: String) {
        trace(.console(ConsoleRecord(process: number, message: message)))
    }

    // MARK: State

    func move(to next: AppState, reason: String? = nil) {
        let previous = state
        if !previous.canMove(to: next) {
            // A bug in the model, not in the app: recorded (and caught by the property tests) rather than crashing a run.
            trace(.model(.illegalTransition(ModelRecord.IllegalTransition(process: number, from: previous.name, to: next.name))))
        }
        state = next
        trace(.app(.state(AppRecord.StateChange(process: number, from: previous.name, to: next.name, cause: reason))))
        simulation.processStateChanged()
    }

    // MARK: Tasks and the gate

    /// Why app code runs: whether it serves something the person did.
    package enum Origin {
        /// The same as the code that starts it (work a tap started serves that tap).
        case inherited
        /// The system called it (a launch, a lifecycle callback, an expiration handler).
        case system
        /// The person's action of this name (a scenario's `tap`).
        case person(String)
    }

    /// Starts app code as a simulated task gated by this process.
    ///
    /// `workOwner` is the launched task the code works for (by default the
    /// caller's); while it runs it counts as that task's work, unless
    /// `countsWork` is false because the caller counts it (a main-lane item
    /// counts from the moment it is queued).
    @discardableResult
    package func spawn(
        _ name: String, origin: Origin = .inherited, workOwner: WorkOwner = .inherited, countsWork: Bool = true,
        lane: SerialLane? = nil, _ body: @escaping @Sendable () async -> Void
    ) -> TaskContext? {
        guard isAlive else { return nil }
        let action: String? = switch origin {
        case .inherited: PersonActionScope.current
        case .system: nil
        case .person(let name): name
        }
        let owner = workOwner.resolved
        if countsWork { owner?.workStarted() }
        // The new task copies the task-local bindings at creation, and so do tasks its code starts.
        let start = {
            PersonActionScope.$current.withValue(action) {
                self.kernel.spawn(name, gate: self) { [self] in
                    // The task may start after the process died in the same instant (a swipe right after a callback was queued).
                    if isAlive { await body() }
                    if countsWork { owner?.workEnded(at: now) }
                    taskEnded(TaskContext.current)
                }
            }
        }
        // Binding costs more than reading: bind only when the caller's value is not the one wanted.
        let context = TaskWorkScope.current === owner ? start() : TaskWorkScope.$current.withValue(owner, operation: start)
        liveTasks[context.identifier] = context
        if let lane { laneOfTask[context.identifier] = lane }
        return context
    }

    private func taskEnded(_ context: TaskContext?) {
        guard let context else { return }
        liveTasks[context.identifier] = nil
        if !laneOfTask.isEmpty { laneOfTask[context.identifier] = nil }
    }

    /// The lane the calling code runs on: the lane of the item whose task (or child task) is calling, if any.
    package var currentLane: SerialLane? {
        guard !laneOfTask.isEmpty, let context = TaskContext.current else { return nil }
        return laneOfTask[context.identifier]
    }

    /// The person's action the calling code serves, if any: a tap's callback, and any task or block it started.
    package var currentPersonAction: String? { PersonActionScope.current }

    package func admit(_ waiter: Waiter) {
        switch state {
        case .terminated:
            waiter.fail(ProcessTerminated(process: number))
        case .suspended, .notRunning:
            deferredWaiters.append(waiter)
        default:
            waiter.resumeNow()
        }
    }

    /// Burns `duration` of CPU time on the calling task: it stops while the process is suspended.
    package func compute(_ duration: Int64, label: String) async throws {
        guard duration > 0 else { return }
        // A dead process's code gets no more CPU time: the work fails at once instead of waiting for ever.
        if state.isTerminated { throw ProcessTerminated(process: number) }
        try await kernel.wait(for: "CPU work (\(label))") { waiter in
            let computation = Computation(remaining: duration, waiter: waiter)
            computations.append(computation)
            if state.isRunning { start(computation) }
        }
    }

    private func start(_ computation: Computation) {
        computation.startedAt = now
        computation.event = kernel.schedule(afterNanoseconds: computation.remaining, label: EventLabel("app.workDone", subject: Int64(number))) { [self] in
            // Finished work leaves the list in batches: removing each at once made many at a time quadratic.
            computation.finished = true
            finishedComputations += 1
            if finishedComputations * 2 > computations.count {
                computations.removeAll { $0.finished }
                finishedComputations = 0
            }
            computation.waiter.resume()
        }
    }

    private func pauseComputations() {
        for computation in computations where !computation.finished {
            guard let event = computation.event else { continue }
            kernel.cancel(event)
            computation.event = nil
            computation.remaining -= now - computation.startedAt
        }
    }

    func resumeAfterSuspension() {
        for computation in computations where computation.event == nil && !computation.finished {
            start(computation)
        }
        let waiting = deferredWaiters
        deferredWaiters.removeAll()
        for waiter in waiting { waiter.resumeNow() }
        mainLane.startNext()
        for (_, lane) in serialLanes { lane.startNext() }
    }

    // MARK: Memory

    package func recordWork(_ duration: Int64) {
        guard isAlive else { return }
        unsavedWork += duration
    }

    package func save(checkpoint: String) {
        // A dead process's code may still unwind through a catch block: nothing it does counts.
        guard isAlive else { return }
        let saved = unsavedWork
        unsavedWork = 0
        simulation.storage.save(checkpoint: checkpoint, at: now, process: number)
        trace(.app(.save(AppRecord.Save(process: number, checkpoint: checkpoint, work: saved))))
    }

    package func holdLock(_ name: String) {
        guard isAlive else { return }
        heldLocks.append(name)
        trace(.app(.lock(AppRecord.Lock(process: number, lock: name, held: true))))
    }

    package func releaseLock(_ name: String) {
        guard isAlive else { return }
        if let index = heldLocks.firstIndex(of: name) { heldLocks.remove(at: index) }
        trace(.app(.lock(AppRecord.Lock(process: number, lock: name, held: false))))
    }

    // MARK: Lifecycle

    /// Starts the process: `didFinishLaunching` runs after the launch time, then the app is active or in the background.
    func launch(into destination: AppState.LaunchDestination, cause: String) {
        launchTarget = destination
        move(to: .launching(into: destination), reason: cause)
        let jitter = profile.launchJitter
        let delay = max(0, profile.launchDuration + (jitter > 0 ? kernel.draw(ChoiceLabel("app.launchJitter", subject: Int64(number)), in: -jitter...jitter) : 0))
        systemCallbacksInFlight += 1
        kernel.schedule(afterNanoseconds: delay, label: EventLabel("app.launched", subject: Int64(number))) { [self] in
            guard isAlive else { return }
            callback(.lifecycle(.didFinishLaunching)) { [self] in
                systemCallbacksInFlight -= 1
                finishLaunching()
            }
        }
    }

    private func finishLaunching() {
        guard case .launching(let launchedInto) = state else { return }
        // From here on, registering a launch handler crashes the app.
        launchFinished = true
        if launchTarget == .foreground {
            move(to: .foregroundActive)
            // A scene app's scene connects and comes to the foreground now, after launch finished (TN3187).
            if connectScene() { callback(.lifecycle(.willEnterForeground)) }
            callback(.lifecycle(.didBecomeActive))
        } else {
            move(to: .background)
            beginBackgroundPeriod()
            // Launched for the person but left before it finished: the app still hears that it is in the background.
            if state == .background, launchedInto == .foreground {
                connectScene()
                deliverDidEnterBackground()
            }
        }
        let deliveries = pendingDeliveries
        pendingDeliveries.removeAll()
        for request in deliveries where isAlive { startTask(request) }
        let waiting = afterLaunch
        afterLaunch.removeAll()
        for body in waiting where isAlive { body() }
        evaluateSuspension()
    }

    /// The person leaves the app (home gesture, another app, or locking the device).
    func enterBackground(cause: String) {
        switch state {
        case .launching(.foreground):
            launchTarget = .background
            return
        case .foregroundActive:
            move(to: .foregroundInactive, reason: cause)
            callback(.lifecycle(.willResignActive))
        case .foregroundInactive:
            break
        default:
            return
        }
        move(to: .background, reason: cause)
        beginBackgroundPeriod()
        deliverDidEnterBackground()
    }

    /// Calls applicationDidEnterBackground, which must return within the limit counted from now:
    /// a main lane blocked by earlier work does not buy the app background time.
    private func deliverDidEnterBackground() {
        systemCallbacksInFlight += 1
        let watchdogLabel = EventLabel("app.didEnterBackgroundLimit", subject: Int64(number))
        // An app that uses scenes hears sceneDidEnterBackground instead, under the same limit (assumed).
        let method = system.appInfo.usesScenes ? "sceneDidEnterBackground" : "applicationDidEnterBackground"
        let watchdog = kernel.schedule(afterNanoseconds: profile.didEnterBackgroundLimit, label: watchdogLabel) { [self] in
            guard isAlive else { return }
            let limit = TimeText.formatExact(nanoseconds: profile.didEnterBackgroundLimit)
            diagnose(
                Rules.didEnterBackgroundTooSlow, subject: method,
                message: "\(method) did not return within \(limit)")
            terminate(.watchdog, message: "\(method) exceeded \(limit)")
        }
        callback(.lifecycle(.didEnterBackground)) { [self] in
            kernel.cancel(watchdog)
            systemCallbacksInFlight -= 1
            evaluateSuspension()
        }
    }

    /// The person comes back to the app while it runs in the background or is suspended.
    func enterForeground(cause: String) {
        switch state {
        case .launching(.background):
            launchTarget = .foreground
            return
        case .launching(.foreground):
            launchTarget = .foreground
            return
        case .background, .suspended:
            break
        default:
            return
        }
        let wasSuspended = state == .suspended
        cancelSuspension()
        endBackgroundPeriod()
        move(to: .foregroundInactive, reason: cause)
        // Launched into the background, a scene app has no scene yet: it connects when the person opens the app.
        connectScene()
        callback(.lifecycle(.willEnterForeground))
        move(to: .foregroundActive)
        callback(.lifecycle(.didBecomeActive))
        if wasSuspended { resumeAfterSuspension() }
    }

    /// The person opens Control Center or gets a call: the app stays visible but inactive.
    @discardableResult
    func resignActive(cause: String) -> String? {
        guard state == .foregroundActive else { return "the app is not active" }
        move(to: .foregroundInactive, reason: cause)
        callback(.lifecycle(.willResignActive))
        return nil
    }

    /// The app becomes active again after an interruption.
    func becomeActive(cause: String) -> String? {
        guard state == .foregroundInactive else { return "the app is not inactive in the foreground" }
        move(to: .foregroundActive, reason: cause)
        callback(.lifecycle(.didBecomeActive))
        return nil
    }

    /// The system is short of memory.
    /// The system is short of memory. Returns why nothing happened, if nothing did.
    func memoryPressure() -> String? {
        switch state {
        case .background, .suspended, .launching(into: .background):
            terminate(.memoryPressure, message: "the system reclaimed memory")
        case .foregroundActive, .foregroundInactive:
            callback(.lifecycle(.didReceiveMemoryWarning))
        case .launching(into: .foreground):
            return "the app is still launching in the foreground"
        case .notRunning, .terminated:
            return "the app is not running"
        }
        return nil
    }

    /// Runs a user-visible action of the app (a tap) on the main lane.
    func performUserAction(_ name: String) {
        guard state.isForeground else {
            trace(.app(.userActionIgnored(AppRecord.UserActionIgnored(process: number, userAction: name, state: state.name))))
            return
        }
        callback(.userAction(name), personAction: name)
    }

    /// Connects the app's scene if the app uses scenes and it is not connected: `scene(_:willConnectTo:options:)`.
    /// Returns whether it connected now.
    ///
    /// Not in a launch into the background: a BGTaskScheduler launch asks for no scene (assumed; Apple says the
    /// system may connect a scene in the background to process some events, and names none of these).
    @discardableResult
    private func connectScene() -> Bool {
        guard system.appInfo.usesScenes, !sceneConnected else { return false }
        sceneConnected = true
        callback(.lifecycle(.sceneWillConnect))
        return true
    }

    /// Queues a delegate callback on the main lane, traced when it starts and returns. In an app that uses scenes,
    /// the app delegate's lifecycle callbacks are the scene delegate's (TN3187).
    private func callback(_ callback: AppCallback, personAction: String? = nil, finished: (() -> Void)? = nil) {
        self.callback(callback, personAction: personAction, started: nil, finished: finished)
    }

    private func callback(
        _ callback: AppCallback, personAction: String?, started: (() -> Void)?, finished: (() -> Void)?
    ) {
        let callback = system.appInfo.usesScenes ? callback.inSceneApp : callback
        let name = callback.name
        let body: @Sendable () async -> Void = { [appCode] in await appCode.run(callback) }
        mainLane.enqueue(name, onStart: { [self] in
            trace(.app(.callback(AppRecord.Callback(process: number, callback: name, phase: .started))))
            started?()
        }, onFinish: { [self] in
            trace(.app(.callback(AppRecord.Callback(process: number, callback: name, phase: .returned))))
            finished?()
        }, personAction: personAction, workOwner: .none, body)
    }

    // MARK: System services' calls into the app

    /// Keeps the app running in the background until ``releaseServiceHold()``: a service's callback in progress.
    package func holdForService() {
        serviceHolds += 1
        cancelSuspension()
    }

    /// Ends a hold taken with ``holdForService()``; the app is suspended if nothing else keeps it running.
    package func releaseServiceHold() {
        serviceHolds = max(0, serviceHolds - 1)
        evaluateSuspension()
    }

    /// Runs `body` once the app finished launching: now, if it has.
    package func whenLaunched(_ body: @escaping () -> Void) {
        if case .launching = state {
            afterLaunch.append(body)
        } else {
            body()
        }
    }

    /// Wakes a suspended app into the background for a service's event (a push, a finished transfer).
    package func wakeForService(cause: String) {
        guard state == .suspended else { return }
        move(to: .background, reason: cause)
        beginBackgroundPeriod()
        resumeAfterSuspension()
    }

    /// Queues a service's delegate callback on the main lane; `started` runs when it starts, `finished` when it returns.
    package func callForService(_ callback: AppCallback, started: (() -> Void)? = nil, finished: (() -> Void)? = nil) {
        self.callback(callback, personAction: nil, started: started, finished: finished)
    }

    /// Called by a lane's task when its item's body has returned.
    func laneItemFinished(_ lane: SerialLane) {
        guard isAlive else { return }
        let hook = lane.finishCurrent()
        hook?()
        lane.startNext()
    }

    /// The lane of a serial queue of the app's code (a serial `DispatchQueue`, an `OperationQueue` running one
    /// operation at a time), made the first time the queue is used in this process.
    ///
    /// `owner` is the queue object; the lane lives as long as the process, so a queue kept by the app across
    /// processes gets a fresh lane in each.
    package func serialLane(for owner: AnyObject, label: String) -> SerialLane {
        if let found = serialLanes.first(where: { $0.owner === owner }) { return found.lane }
        let lane = SerialLane(process: self, label: label, isMain: false)
        serialLanes.append((owner, lane))
        return lane
    }

    /// Runs `body` on the main lane later (`DispatchQueue.main.async`, or `asyncAfter` with `delay`).
    ///
    /// A block dispatched while handling the person's action still serves it, and one dispatched by a launch
    /// handler's work is still that task's work, from the moment it is dispatched.
    package func dispatchToMain(
        _ name: String, personAction: String?, delay: Int64 = 0, _ body: @escaping @Sendable () async -> Void
    ) {
        let owner = WorkOwner.inherited.resolved
        guard delay > 0 else {
            mainLane.enqueue(name, personAction: personAction, workOwner: owner.map { .task($0) } ?? .none, body)
            return
        }
        owner?.workStarted()
        kernel.schedule(afterNanoseconds: delay, label: EventLabel("app.dispatchAfter", subject: Int64(number))) { [self] in
            guard isAlive else { return }
            mainLane.enqueue(name, personAction: personAction, workOwner: owner.map { .task($0) } ?? .none, body)
            // Counted by the lane from now on.
            owner?.workEnded(at: now)
        }
    }

    // MARK: Suspension

    /// Suspends the app when nothing keeps it running in the background.
    func evaluateSuspension() {
        guard state == .background, systemCallbacksInFlight == 0, serviceHolds == 0, suspensionEvent == nil,
              openTasks.isEmpty, runningTasks.isEmpty
        else { return }
        suspensionEvent = kernel.schedule(afterNanoseconds: profile.suspensionDelay, label: EventLabel("app.suspend", subject: Int64(number))) { [self] in
            suspensionEvent = nil
            guard state == .background, systemCallbacksInFlight == 0, serviceHolds == 0, openTasks.isEmpty, runningTasks.isEmpty
            else { return }
            suspend()
        }
    }

    func cancelSuspension() {
        if let suspensionEvent { kernel.cancel(suspensionEvent) }
        suspensionEvent = nil
    }

    private func suspend() {
        if !heldLocks.isEmpty {
            let locks = heldLocks.joined(separator: ", ")
            diagnose(
                Rules.lockHeldAtSuspension, subject: "lock \(locks)",
                message: "the app was suspended holding \(locks): held on to a file lock or SQLite database lock during suspension")
            terminate(.lockHeldAtSuspension, message: "held on to a file lock or SQLite database lock during suspension")
            return
        }
        endBackgroundPeriod()
        move(to: .suspended)
        pauseComputations()
    }

    // MARK: Termination

    /// `queue.sync` onto the queue the calling code runs on (`queue` as the app wrote it, for example
    /// `DispatchQueue.main`): libdispatch traps, and the app crashes (`Rules.dispatchSyncDeadlock`).
    package func dispatchSyncDeadlocked(on queue: String) {
        diagnose(
            Rules.dispatchSyncDeadlock, subject: "\(queue).sync",
            message: "\(queue).sync was called from code already running on that queue: "
                + "dispatch_sync called on queue already owned by current thread")
        terminate(.crash, message: "EXC_BREAKPOINT: BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread")
    }

    /// Ends the process. Its tasks are cancelled; nothing they do afterwards counts.
    package func terminate(_ reason: TerminationReason, message: String) {
        guard !state.isTerminated, state != .notRunning else { return }
        reportOutsideCalls()
        if unsavedWork > 0 {
            diagnose(
                Rules.workLostAtTermination, subject: "unsaved work",
                message: "\(TimeText.format(nanoseconds: unsavedWork)) of work since the last save was lost when the app was terminated (\(reason.rawValue))")
        }
        cancelSuspension()
        for timer in backgroundTimers { kernel.cancel(timer) }
        backgroundTimers.removeAll()
        for computation in computations {
            if let event = computation.event { kernel.cancel(event) }
        }
        for task in tasks where task.isOpen { task.isOpen = false }
        openTasks.removeAll()
        let ending = runningTasks
        runningTasks.removeAll()
        let from = state.name
        state = .terminated(reason)
        trace(.app(.state(AppRecord.StateChange(
            process: number, from: from, termination: AppRecord.StateChange.Termination(reason: reason, message: message)))))
        let failing = deferredWaiters + computations.filter { !$0.finished }.map(\.waiter)
        deferredWaiters.removeAll()
        computations.removeAll()
        mainLane.removeAll()
        for (_, lane) in serialLanes { lane.removeAll() }
        for waiter in failing { waiter.fail(ProcessTerminated(process: number)) }
        for context in liveTasks.values.sorted(by: { $0.identifier < $1.identifier }) { context.cancel() }
        liveTasks.removeAll()
        for task in ending {
            task.lookalike = nil
            for timer in task.timers { kernel.cancel(timer) }
            // Killed with the process: the app hears nothing (for a continued task, as when the person closes it in
            // the app switcher), and whatever output it had written stays as it was.
            traceEnd(of: task, how: .processEnded, success: false)
            system.service(TaskScheduler.self).taskEnded(task, successfully: false)
        }
        simulation.processEnded(self)
    }
}

/// CPU work in progress: it advances only while the process runs.
final class Computation {
    var remaining: Int64
    var startedAt: Int64 = 0
    var event: EventHandle?
    var finished = false
    let waiter: Waiter

    init(remaining: Int64, waiter: Waiter) {
        self.remaining = remaining
        self.waiter = waiter
    }
}

/// The app code of a process before its own is made: it does nothing.
private final class NoAppCode: AppCode {
    func run(_ callback: AppCallback) async {}
}
