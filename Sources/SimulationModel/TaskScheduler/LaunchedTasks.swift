import SimulationKernel

/// The app's side of `BGTaskScheduler` in one process: the launch handlers it registered, the tasks handed to it
/// while it launched, and the tasks running.
///
/// Registrations die with the process (pending requests are the system's,
/// in ``TaskScheduler``). A task the system hands over while the process
/// launches waits here until the launch finishes. A running task leaves
/// when it ends: completed, expired without a handler, or with the process.
/// Services hear of each task's start, expiry and end through
/// ``SystemContext``; the process never names them.
///
/// Touched on the simulation's thread only.
final class LaunchedTasks: @unchecked Sendable {
    /// A launched task handed to the app before it finished launching.
    struct Delivery {
        var request: TaskRequest
        /// Whether the debugger's `simulateLaunch` launched it.
        var simulated: Bool
    }

    /// The launch handlers by identifier (a continued one may be under its wildcard entry).
    private var registrations: [String: TaskRegistration] = [:]
    /// Tasks handed to the app while it launches: they start when the launch finishes.
    private var pendingDeliveries: [Delivery] = []
    /// The tasks running, oldest first.
    private(set) var running: [RunningTask] = []

    // MARK: Registration

    /// `register(forTaskWithIdentifier:using:launchHandler:)`: returns whether it registered; crashes as the platform does.
    func register(identifier: String, registration: TaskRegistration, launchFinished: Bool, in process: AppProcess) -> Bool {
        var registration = registration
        let profile = process.profile
        let permitted = PermittedIdentifiers(app: process.system.appInfo, profile: profile)
        let underWildcard = permitted.wildcardEntry(matching: identifier) != nil
        if launchFinished {
            let raises = switch profile.registrationAfterLaunch {
            case .raises: true
            // At registration only a wildcard entry tells that an identifier is a continued processing one.
            case .continuedExempt: !underWildcard
            case .accepted: false
            }
            if raises {
                process.raiseInternalInconsistency(
                    Rules.registeredAfterLaunch, subject: "task identifier \(identifier)",
                    reason: "All launch handlers must be registered before application finishes launching")
                return false
            }
            registration.registeredAfterLaunch = true
        }
        let wildcardItself = permitted.isWildcardEntry(identifier)
        let rejectedWildcard = wildcardItself && profile.continuedWildcardRegistration == .rejected
        guard !rejectedWildcard, underWildcard || permitted.listsExactly(identifier) else {
            rejectRegistration(of: identifier, wildcard: rejectedWildcard, in: process)
            return false
        }
        if registrations[identifier] != nil {
            process.raiseInternalInconsistency(
                Rules.registeredTwice, subject: "task identifier \(identifier)",
                reason: "Launch handler for task with identifier \(identifier) has already been registered")
            return false
        }
        registrations[identifier] = registration
        process.system.service(TaskScheduler.self).noteRegistration(of: identifier, by: process, afterLaunch: launchFinished)
        process.trace(.task(.register(TaskRecord.Register(
            process: process.number, identifier: identifier, registered: true, queue: registration.onMainLane ? .main : .background))))
        return true
    }

    /// iOS 26.1: `register` returns NO and logs this; the wildcard string itself is not a permissible identifier.
    private func rejectRegistration(of identifier: String, wildcard: Bool, in process: AppProcess) {
        process.console("Registration rejected; \(identifier) is not advertised in the application's Info.plist")
        if wildcard {
            let prefix = PermittedIdentifiers.prefix(ofWildcard: identifier) ?? identifier
            process.diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(identifier)",
                message: "register(forTaskWithIdentifier:) returned false: \(identifier) is a wildcard entry, not an identifier; a request for \(prefix)<job> will find no handler",
                fix: "Register the job's own identifier, \(prefix)<n>, on the person's action just before submitting it; the wildcard entry only permits such identifiers.")
        } else {
            process.diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(identifier)",
                message: "register(forTaskWithIdentifier:) returned false: \(identifier) is not in BGTaskSchedulerPermittedIdentifiers",
                fix: "Add \(identifier) to Info.plist's BGTaskSchedulerPermittedIdentifiers, exactly as the code registers and submits it "
                    + "(a continued processing identifier may instead fall under a wildcard entry <bundle id>.<context>.*).")
        }
        process.trace(.task(.register(TaskRecord.Register(process: process.number, identifier: identifier, registered: false, queue: nil))))
    }

    /// The handler that runs `request`: registered for its identifier, or (when the profile reads wildcard
    /// registrations that way) for the wildcard entry a continued identifier falls under.
    func registration(for request: TaskRequest, in process: AppProcess) -> TaskRegistration? {
        if let exact = registrations[request.identifier] { return exact }
        guard request.kind.behavior.findsHandlerUnderWildcard(in: process.profile),
              let entry = PermittedIdentifiers(app: process.system.appInfo, profile: process.profile)
                .wildcardEntry(matching: request.identifier)
        else { return nil }
        return registrations[entry]
    }

    // MARK: Running tasks

    func task(withIdentifier identifier: String) -> RunningTask? {
        running.first { $0.identifier == identifier }
    }

    /// Tasks of kinds with concurrency slots (continued processing) running now, or handed to the app and about to
    /// start: the slots they hold.
    var slotsTaken: Int {
        running.reduce(0) { $0 + ($1.request.kind.behavior.hasConcurrencySlots ? 1 : 0) }
            + pendingDeliveries.reduce(0) { $0 + ($1.request.kind.behavior.hasConcurrencySlots ? 1 : 0) }
    }

    /// Keeps a task handed to the app while it launches, to start when the launch finishes.
    func holdUntilLaunched(_ request: TaskRequest, simulated: Bool) {
        pendingDeliveries.append(Delivery(request: request, simulated: simulated))
    }

    /// Starts the tasks handed over during the launch, in order, while the process lives.
    func startHeldDeliveries(in process: AppProcess) {
        let deliveries = pendingDeliveries
        pendingDeliveries.removeAll()
        for delivery in deliveries where process.isAlive { start(delivery.request, simulated: delivery.simulated, in: process) }
    }

    /// Starts the launch handler of a delivered task, or crashes when this launch registered none.
    func start(_ request: TaskRequest, simulated: Bool, in process: AppProcess) {
        guard let registration = registration(for: request, in: process) else {
            process.raiseNoLaunchHandler(request, atSubmit: false)
            return
        }
        let now = process.kernel.now
        let runtime = request.kind.behavior.runtime(in: process.profile)
        let runIndex = process.simulation.taskRunStarted(TaskRun(
            process: process.number, identifier: request.identifier, kind: request.kind, startedAt: now))
        let task = RunningTask(
            request: request, launchedAt: now, deadline: runtime.map { now + $0 }, registration: registration,
            simulated: simulated, runIndex: runIndex)
        task.savesAtStart = process.saveCount
        running.append(task)
        process.protectionBegan()
        process.trace(.task(.start(TaskRecord.Start(
            process: process.number, identifier: request.identifier, type: request.kind, deadline: task.deadline,
            queue: registration.onMainLane ? .main : .background))))
        if let deadline = task.deadline {
            let label = EventLabel("bgTask.deadline", subject: Int64(process.number))
            task.addTimer(process.kernel.schedule(at: deadline, label: label) { [self] in
                guard process.isAlive, task.phase == .running else { return }
                timeRanOut(task, in: process)
            })
        }
        process.system.taskStarted(task, in: process)
        if registration.isolation == .mainActor && !registration.onMainLane {
            trapMainActorHandler(of: task, in: process)
            return
        }
        runHandler(registration, of: task, in: process)
    }

    /// Queues or spawns the launch handler on the queue it was registered with.
    private func runHandler(_ registration: TaskRegistration, of task: RunningTask, in process: AppProcess) {
        let handler = registration.handler
        let body: @Sendable () async -> Void = {
            await handler(task)
            if task.completesWhenHandlerReturns && !task.phase.hasEnded {
                process.complete(task, success: !task.phase.hasExpired)
            }
        }
        let name = "launch handler \(task.identifier)"
        if registration.onMainLane {
            process.mainLane.enqueue(name, workOwner: .task(task), body)
        } else if let lane = registration.lane {
            lane.enqueue(name, workOwner: .task(task), body)
        } else {
            task.runsHandler(in: process.spawn(name, origin: .system, workOwner: .task(task), body))
        }
    }

    /// A main-actor isolated launch handler was called on the registration's background queue: the check the compiler
    /// put at the closure's entry traps before its first line (VivaDicta PR #316, SakuraRSS PR #186: EXC_BREAKPOINT in
    /// `_dispatch_assert_queue_fail` on the queue `com.apple.BGTaskScheduler (<identifier>)`).
    private func trapMainActorHandler(of task: RunningTask, in process: AppProcess) {
        // libdispatch's words; the address is the main queue's, which differs between OS builds.
        process.console("BUG IN CLIENT OF LIBDISPATCH: Assertion failed: Block was expected to execute on queue [com.apple.main-thread (0x201422380)]")
        process.diagnose(
            Rules.mainActorHandlerOnBackgroundQueue, subject: "launch handler of \(task.identifier)",
            message: "the launch handler of \(task.identifier) is isolated to the main actor but was registered with using: nil; "
                + "it was called on com.apple.BGTaskScheduler (\(task.identifier)) and trapped at its entry")
        process.terminate(.crash, message: "EXC_BREAKPOINT (SIGTRAP) on com.apple.BGTaskScheduler (\(task.identifier)): main-actor isolated launch handler called off the main queue")
    }

    // MARK: Moves

    /// Moves `task` to `next`; a move tasks never make is recorded as a bug in the model, as for the process's states.
    func move(_ task: RunningTask, to next: TaskPhase, in process: AppProcess) {
        let from = task.phase
        guard !task.move(to: next) else { return }
        process.trace(.model(.illegalTaskTransition(ModelRecord.IllegalTaskTransition(
            process: process.number, identifier: task.identifier, from: from, to: next))))
    }

    /// Takes `task` off the running list: it ended.
    func remove(_ task: RunningTask) {
        running.removeAll { $0 === task }
    }

    /// Takes every task off the running list, and forgets the ones waiting for the launch: the process is ending.
    /// Returns the running ones, to end with ``endWithProcess(_:)`` once the process is terminated.
    func takeAll() -> [RunningTask] {
        defer { running.removeAll() }
        pendingDeliveries.removeAll()
        return running
    }

    // MARK: Invariants

    /// Stops the run if the tasks' bookkeeping is inconsistent with itself or with `state`: a bug in the model.
    func checkInvariants(state: AppState) {
        for task in running {
            task.checkInvariants()
            modelInvariant(!task.phase.hasEnded, "\(task.subject) is on the running list but ended (\(task.phase.rawValue))")
        }
        if case .launching = state {} else {
            modelInvariant(
                pendingDeliveries.isEmpty,
                "\(pendingDeliveries.count) task(s) wait for a launch to finish, but the process is \(state.name.rawValue)")
        }
        if state.isTerminated || state == .notRunning {
            modelInvariant(running.isEmpty, "\(running.count) task(s) run in a process that is \(state.name.rawValue)")
        }
    }

    #if DEBUG
    /// Test-only: puts an ended task on the running list, so a test sees the check stop the run.
    func breakInvariantForTesting() {
        guard let task = running.first else { return }
        _ = task.move(to: .completed)
    }
    #endif
}
