import SimulationKernel

/// Where and how one process's code runs: its main lane and serial lanes, the lane each lane item's task runs
/// on, the tasks alive, the synchronous calls under the watchdog, and the binding of Swift concurrency.
///
/// Every task of the app's code is spawned here, gated by the process, and
/// is alive until it returns or the process ends; a lane item's task knows
/// its lane while it runs. Lanes pause while the process is suspended and are
/// dropped with it.
///
/// Touched on the simulation's thread only, but for the record of calls
/// from other threads (``AppCodeState``), which is locked.
final class CodeExecution: @unchecked Sendable {
    /// The app's main thread: delegate callbacks, main-queue blocks, expiration handlers, main-actor code; made on
    /// first use.
    private var main: SerialLane?
    /// The lanes of the serial queues the app's code used, in the order first used.
    private var serialLanes: [(owner: AnyObject, lane: SerialLane)] = []
    /// The lane each running lane item's task belongs to, by task identifier.
    private var laneOfTask: [UInt64: SerialLane] = [:]
    /// The app's tasks that have not returned, by identifier: cancelled when the process ends.
    private var liveTasks: [UInt64: TaskContext] = [:]
    /// Blocks dispatched to the main queue for later (`asyncAfter`) that have not been queued yet.
    private var delayedBlocks = 0
    /// Since when the app's code has had no work going on (no task alive, no block dispatched for later); nil
    /// while it has.
    private(set) var idleSince: VirtualInstant? = .zero
    /// When the app's code last stopped working after spending virtual time (a callback that returns at once is no
    /// work); nil if it never did.
    private(set) var lastWorkEndedAt: VirtualInstant?
    /// When the stretch of work going on began.
    private var busySince: VirtualInstant?
    /// The synchronous calls running, the time they charged, and calls from other threads.
    let calls = AppCodeState()
    /// This process's main actor and the binding of the simulation's thread to it, once its code is Swift.
    private var concurrencyBinding: ConcurrencyRouting.Binding?

    /// The main lane of `process`, made the first time it is asked for.
    func mainLane(of process: AppProcess) -> SerialLane {
        if let main { return main }
        let lane = SerialLane(process: process, label: "main", isMain: true)
        main = lane
        return lane
    }

    /// Keeps the Swift concurrency work the app's code starts inside the simulation, on the calling thread.
    func routeConcurrency(of process: AppProcess) {
        concurrencyBinding = ConcurrencyRouting.bind(process)
    }

    /// Whether the app's code is Swift written for iOS (its concurrency routed into the simulation).
    var runsSwiftAppCode: Bool { concurrencyBinding != nil }

    // MARK: Tasks

    /// Starts app code as a simulated task gated by the process (see ``AppProcess/spawn(_:origin:workOwner:countsWork:lane:_:)``).
    func spawn(
        _ name: String, origin: AppProcess.Origin, workOwner: WorkOwner, countsWork: Bool, lane: SerialLane?, in process: AppProcess,
        _ body: @escaping @Sendable () async -> Void
    ) -> TaskContext {
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
                process.kernel.spawn(name, gate: process) { [self] in
                    // The task may start after the process died in the same instant (a swipe right after a callback was queued).
                    if process.isAlive { await body() }
                    if countsWork { owner?.workEnded(at: process.kernel.now) }
                    taskEnded(TaskContext.current, in: process)
                }
            }
        }
        // Binding costs more than reading: bind only when the caller's value is not the one wanted.
        let context = TaskWorkScope.current === owner ? start() : TaskWorkScope.$current.withValue(owner, operation: start)
        liveTasks[context.identifier] = context
        becameBusy(at: process.kernel.now)
        if let lane { laneOfTask[context.identifier] = lane }
        return context
    }

    private func taskEnded(_ context: TaskContext?, in process: AppProcess) {
        guard let context else { return }
        liveTasks[context.identifier] = nil
        if !laneOfTask.isEmpty { laneOfTask[context.identifier] = nil }
        if liveTasks.isEmpty && delayedBlocks == 0 { wentIdle(in: process) }
    }

    private func becameBusy(at now: VirtualInstant) {
        guard idleSince != nil else { return }
        idleSince = nil
        busySince = now
    }

    private func wentIdle(in process: AppProcess) {
        let now = process.kernel.now
        if let busySince, now > busySince { lastWorkEndedAt = now }
        idleSince = now
        process.appCodeWentIdle()
    }

    /// The lane the calling code runs on: the lane of the item whose task (or child task) is calling, if any.
    var currentLane: SerialLane? {
        guard !laneOfTask.isEmpty, let context = TaskContext.current else { return nil }
        return laneOfTask[context.identifier]
    }

    // MARK: Lanes

    /// The lane of a serial queue of the app's code, made the first time the queue is used in this process.
    func serialLane(for owner: AnyObject, label: String, in process: AppProcess) -> SerialLane {
        if let found = serialLanes.first(where: { $0.owner === owner }) { return found.lane }
        let lane = SerialLane(process: process, label: label, isMain: false)
        serialLanes.append((owner, lane))
        return lane
    }

    /// Called by a lane's task when its item's body has returned.
    func laneItemFinished(_ lane: SerialLane, in process: AppProcess) {
        guard process.isAlive else { return }
        let hook = lane.finishCurrent()
        hook?()
        lane.startNext()
    }

    /// The process runs again after a suspension: every lane starts its next item.
    func resumeLanes() {
        main?.startNext()
        for (_, lane) in serialLanes { lane.startNext() }
    }

    /// Runs `body` on the main lane later (`DispatchQueue.main.async`, or `asyncAfter` with `delay`).
    ///
    /// A block dispatched while handling the person's action still serves it, and one dispatched by a launch
    /// handler's work is still that task's work, from the moment it is dispatched.
    func dispatchToMain(
        _ name: String, personAction: String?, delay: VirtualDuration, in process: AppProcess,
        _ body: @escaping @Sendable () async -> Void
    ) {
        let owner = WorkOwner.inherited.resolved
        guard delay > .zero else {
            mainLane(of: process).enqueue(name, personAction: personAction, workOwner: owner.map { .task($0) } ?? .none, body)
            return
        }
        owner?.workStarted()
        if let handler = ExpirationHandlerScope.current { process.expirationHandlerDispatched(handler) }
        delayedBlocks += 1
        becameBusy(at: process.kernel.now)
        let label = EventLabel("app.dispatchAfter", subject: Int64(process.number))
        process.kernel.schedule(after: delay, label: label) { [self] in
            guard process.isAlive else { return }
            delayedBlocks -= 1
            mainLane(of: process).enqueue(name, personAction: personAction, workOwner: owner.map { .task($0) } ?? .none, body)
            // Counted by the lane from now on.
            owner?.workEnded(at: process.kernel.now)
            if liveTasks.isEmpty && delayedBlocks == 0 { wentIdle(in: process) }
        }
    }

    // MARK: The end

    /// The process is terminated: every lane drops its items.
    func dropLanes() {
        main?.removeAll()
        for (_, lane) in serialLanes { lane.removeAll() }
    }

    /// The process is terminated: its tasks are cancelled, in the order they were started.
    func cancelTasks() {
        let contexts = liveTasks.values.sorted { $0.identifier < $1.identifier }
        liveTasks.removeAll()
        laneOfTask.removeAll()
        for context in contexts { context.cancel() }
    }

    // MARK: Invariants

    /// Stops the run if the lanes' and tasks' bookkeeping is inconsistent with itself or with `state`: a bug in the model.
    func checkInvariants(state: AppState) {
        main?.checkInvariants(state: state)
        for (_, lane) in serialLanes { lane.checkInvariants(state: state) }
        for identifier in laneOfTask.keys {
            modelInvariant(liveTasks[identifier] != nil, "task \(identifier) runs on a lane but is not alive")
        }
        if state.isTerminated {
            modelInvariant(liveTasks.isEmpty, "a terminated process has \(liveTasks.count) task(s) alive")
        }
    }

    #if DEBUG
    /// Test-only: says a task that does not exist runs on the main lane, so a test sees the check stop the run.
    func breakInvariantForTesting() {
        laneOfTask[.max] = main ?? serialLanes.first?.lane
    }
    #endif
}
