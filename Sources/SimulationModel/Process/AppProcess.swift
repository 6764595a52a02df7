import SimulationKernel

/// One run of the app, from launch to termination.
///
/// A relaunch is a new `AppProcess`: handlers must be set up again, memory
/// is gone, and only what the app saved survives. The process is also the
/// execution gate of its tasks: while it is suspended their waits do not
/// end, and when it is terminated they fail.
///
/// The process is the façade that services, the look-alikes and the
/// interpreter call. Its state lives in components, each with private state,
/// a narrow API and invariants of its own; the process sequences what
/// crosses them (a launch, a suspension, a termination):
///
/// - ``ProcessLifecycle``: the state machine, the launch, callbacks in flight,
///   services' holds, the suspension planned;
/// - ``BackgroundTime``: the budget in the background, `beginBackgroundTask`
///   assertions and their expiration handlers;
/// - ``LaunchedTasks``: launch handlers registered, tasks handed over during
///   the launch, the `BGTask`s running;
/// - ``CodeExecution``: the lanes and tasks of the app's code, synchronous
///   calls, Swift concurrency; ``ProcessCPU``: CPU work and held waits;
/// - ``AppMemory``: unsaved work, locks, output files.
package final class AppProcess: ExecutionGate, @unchecked Sendable {
    /// 1 for the first launch of the run, 2 for the next, and so on.
    package let number: Int
    unowned let simulation: Simulation
    /// Held strongly: look-alike objects the app keeps may call in after the simulation is gone, and the first
    /// thing they ask is the kernel's thread (see `acceptsAppCall`).
    package let kernel: Kernel
    /// The app's code in this process; made when the process is, so nothing of an earlier launch survives.
    package private(set) var appCode: any AppCode = NoAppCode()

    // The components. They hold no reference back: the process passes itself to the methods that trace or plan
    // events, so what those events capture keeps the process alive, as when they were its own methods.
    let lifecycle = ProcessLifecycle()
    let backgroundTime = BackgroundTime()
    let tasks = LaunchedTasks()
    let execution = CodeExecution()
    let cpu = ProcessCPU()
    let memory = AppMemory()

    /// The system the process lives in, as its services see it.
    package var system: any SystemContext { simulation }
    package var profile: PlatformProfile { simulation.profile }
    package var now: VirtualInstant { kernel.now }
    package var state: AppState { lifecycle.state }
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
        execution.routeConcurrency(of: self)
    }

    /// Whether the app's code is Swift written for iOS (its concurrency routed into the simulation), rather than
    /// the scenario interpreter's steps.
    var runsSwiftAppCode: Bool { execution.runsSwiftAppCode }

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

    /// Moves the process to `next`; the system's plans may change with it.
    func move(to next: AppState, reason: StateChangeCause? = nil) {
        lifecycle.move(to: next, reason: reason, in: self)
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
        return execution.spawn(name, origin: origin, workOwner: workOwner, countsWork: countsWork, lane: lane, in: self, body)
    }

    /// The lane the calling code runs on: the lane of the item whose task (or child task) is calling, if any.
    package var currentLane: SerialLane? { execution.currentLane }

    /// The person's action the calling code serves, if any: a tap's callback, and any task or block it started.
    package var currentPersonAction: String? { PersonActionScope.current }

    package func admit(_ waiter: Waiter) {
        cpu.admit(waiter, in: self)
    }

    /// Burns `duration` of CPU time on the calling task: it stops while the process is suspended.
    package func compute(_ duration: VirtualDuration, label: String) async throws {
        try await cpu.compute(duration, label: label, in: self)
    }

    // MARK: Lanes

    /// The app's main thread: delegate callbacks, main-queue blocks, expiration handlers, main-actor code.
    package var mainLane: SerialLane { execution.mainLane(of: self) }

    /// The lane of a serial queue of the app's code (a serial `DispatchQueue`, an `OperationQueue` running one
    /// operation at a time), made the first time the queue is used in this process.
    ///
    /// `owner` is the queue object; the lane lives as long as the process, so a queue kept by the app across
    /// processes gets a fresh lane in each.
    package func serialLane(for owner: AnyObject, label: String) -> SerialLane {
        execution.serialLane(for: owner, label: label, in: self)
    }

    /// Called by a lane's task when its item's body has returned.
    func laneItemFinished(_ lane: SerialLane) {
        execution.laneItemFinished(lane, in: self)
    }

    /// Runs `body` on the main lane later (`DispatchQueue.main.async`, or `asyncAfter` with `delay`).
    ///
    /// A block dispatched while handling the person's action still serves it, and one dispatched by a launch
    /// handler's work is still that task's work, from the moment it is dispatched.
    package func dispatchToMain(
        _ name: String, personAction: String?, delay: VirtualDuration = .zero, _ body: @escaping @Sendable () async -> Void
    ) {
        execution.dispatchToMain(name, personAction: personAction, delay: delay, in: self, body)
    }

    // MARK: Memory

    /// Counts `duration` of work that the next save keeps.
    package func recordWork(_ duration: VirtualDuration) {
        guard isAlive else { return }
        memory.recordWork(duration, at: now)
    }

    package func save(checkpoint: String) {
        // A dead process's code may still unwind through a catch block: nothing it does counts.
        guard isAlive else { return }
        memory.save(checkpoint: checkpoint, in: self)
    }

    package func holdLock(_ name: String) {
        guard isAlive else { return }
        memory.holdLock(name, in: self)
    }

    package func releaseLock(_ name: String) {
        guard isAlive else { return }
        memory.releaseLock(name, in: self)
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
        loseMemory(terminatedFor: reason)
        backgroundTime.stop(in: self)
        let ending = tasks.takeAll()
        lifecycle.terminate(reason, message: message, in: self)
        let failing = cpu.stop(in: self)
        execution.dropLanes()
        for waiter in failing { waiter.fail(ProcessTerminated(process: number)) }
        execution.cancelTasks()
        for task in ending { tasks.endWithProcess(task, in: self) }
        simulation.processEnded(self)
    }

    // MARK: Invariants

    /// Stops the run if a component's state is inconsistent, alone or with the process's state: a bug in the
    /// model, never in the app. The simulation calls it between events in debug builds.
    func checkInvariants() {
        let state = state
        lifecycle.checkInvariants()
        backgroundTime.checkInvariants(state: state)
        tasks.checkInvariants(state: state)
        execution.checkInvariants(state: state)
        cpu.checkInvariants(state: state)
        memory.checkInvariants(state: state)
    }

    #if DEBUG
    /// A component whose invariants a test breaks on purpose.
    enum Component: CaseIterable, Sendable {
        case lifecycle, backgroundTime, tasks, execution, cpu, memory
    }

    /// Test-only: breaks an invariant of `component`, so that a test sees the next check stop the run.
    func breakInvariantForTesting(of component: Component) {
        switch component {
        case .lifecycle: lifecycle.breakInvariantForTesting()
        case .backgroundTime: backgroundTime.breakInvariantForTesting()
        case .tasks: tasks.breakInvariantForTesting()
        case .execution: execution.breakInvariantForTesting()
        case .cpu: cpu.breakInvariantForTesting()
        case .memory: memory.breakInvariantForTesting()
        }
    }

    /// Test-only: moves the running task `identifier` to `phase` as the model would, recorded if tasks never move so.
    func moveTaskForTesting(_ identifier: String, to phase: TaskPhase) {
        guard let task = tasks.task(withIdentifier: identifier) else { return }
        tasks.move(task, to: phase, in: self)
    }
    #endif
}

/// Thrown into a task of an app process that was terminated: nothing it does after that counts.
public struct ProcessTerminated: Error, Sendable, Hashable {
    /// The process that ended.
    public var process: Int

    /// The error of a task of `process`.
    public init(process: Int) {
        self.process = process
    }
}

/// The app code of a process before its own is made: it does nothing.
private final class NoAppCode: AppCode {
    func run(_ callback: AppCallback) async {}
}
