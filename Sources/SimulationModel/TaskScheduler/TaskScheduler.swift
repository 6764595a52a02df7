import SimulationKernel

/// The system side of `BGTaskScheduler`: pending requests, and when the system launches them.
///
/// Pending requests belong to the system, not to the process: they survive
/// the app's termination. When to launch them is the ``LaunchPolicy``'s
/// answer over a snapshot of the world; what differs between kinds is the
/// kind's ``TaskBehavior``. See docs/system-policy.md.
///
/// Each re-plan also records why every pending request waits
/// (`bgTask.waiting`) when that differs from what the trace last said, so a
/// run answers "why didn't it run?" from its trace alone.
package final class TaskScheduler: SystemService {
    private unowned let system: any SystemContext
    /// Pending requests in submission order; continued processing requests here are queued for a free slot.
    package private(set) var pending: [PendingRequest] = []
    /// What the trace last said holds back each request of `pending` (same positions); nil until it said anything.
    private var waiting: [TaskRecord.Waiting.Reason?] = []
    private var history = LaunchHistory()
    /// Who submitted and registered each identifier, across processes and builds (for BGS013's words).
    private(set) var identifierHistory = IdentifierHistory()
    private var checkEvent: EventHandle?

    package init(system: any SystemContext) {
        self.system = system
    }

    private var now: VirtualInstant { system.kernel.now }

    // MARK: Requests

    /// `submit(_:)`: the kind checks the request and queues it, replacing one with the same identifier.
    package func submit(_ request: TaskRequest, from process: AppProcess) throws(SubmitError) {
        try request.kind.behavior.submit(request, from: process, to: self)
    }

    /// Remembers that `process` (of the installed build) submitted `identifier` and the request was accepted.
    func noteSubmission(of identifier: String, by process: AppProcess) {
        identifierHistory.submitted(identifier, .init(process: process.number, build: system.appInfo.build, at: now))
    }

    /// Remembers that `process` registered a handler for `identifier`, before or after its launch finished.
    func noteRegistration(of identifier: String, by process: AppProcess, afterLaunch: Bool) {
        identifierHistory.registered(identifier, .init(process: process.number, build: system.appInfo.build, afterLaunch: afterLaunch, at: now))
    }

    /// Whether a request with this identifier is pending.
    func isPending(_ identifier: String) -> Bool {
        pending.contains { $0.request.identifier == identifier }
    }

    /// How many requests of `kind` are pending.
    func pendingCount(of kind: TaskKind) -> Int {
        pending.reduce(0) { $0 + ($1.request.kind == kind ? 1 : 0) }
    }

    /// Keeps `entry` pending, replacing a request with the same identifier, and re-plans.
    ///
    /// The caller traces the submission first: the trace says `submit`, then whatever the new plan launches.
    package func enqueue(_ entry: PendingRequest) {
        removePending { $0.request.identifier == entry.request.identifier }
        pending.append(entry)
        // A new request: its reason is traced anew, even when it is the replaced one's.
        waiting.append(nil)
    }

    /// Removes the requests that match, keeping `waiting` in step with `pending`.
    ///
    /// As cheap as `removeAll(where:)`: a scan when nothing matches, and
    /// elements moved in place (no copies) when something does. Ten thousand
    /// queued requests make this the scheduler's inner loop.
    private func removePending(where matches: (PendingRequest) -> Bool) {
        guard let first = pending.firstIndex(where: matches) else { return }
        var kept = first
        pending.withUnsafeMutableBufferPointer { requests in
            waiting.withUnsafeMutableBufferPointer { reasons in
                for index in (first + 1)..<requests.count where !matches(requests[index]) {
                    requests.swapAt(kept, index)
                    reasons.swapAt(kept, index)
                    kept += 1
                }
            }
        }
        pending.removeSubrange(kept...)
        waiting.removeSubrange(kept...)
    }

    /// Traces a refused submission and returns the error to throw.
    func refuse(
        _ request: TaskRequest, from process: AppProcess, personAction: String? = nil, _ error: SubmitError, _ why: String
    ) -> SubmitError {
        process.trace(.task(.submitFailed(TaskRecord.SubmitFailed(
            process: process.number, request: request, personAction: personAction, error: error, why: why))))
        return error
    }

    /// `cancel(taskRequestWithIdentifier:)`.
    package func cancel(identifier: String, from process: AppProcess) {
        let count = pending.count
        removePending { $0.request.identifier == identifier }
        process.trace(.task(.cancel(TaskRecord.Cancel(process: process.number, identifier: identifier, found: pending.count < count))))
        reevaluate()
    }

    /// `cancelAllTaskRequests()`.
    package func cancelAll(from process: AppProcess) {
        process.trace(.task(.cancelAll(TaskRecord.CancelAll(process: process.number, count: pending.count))))
        pending.removeAll()
        waiting.removeAll()
        reevaluate()
    }

    /// Removes every pending request of `kind`, traced as dropped for `reason`.
    package func drop(kind: TaskKind, reason: String) {
        let dropped = pending.filter { $0.request.kind == kind }
        guard !dropped.isEmpty else { return }
        removePending { $0.request.kind == kind }
        for entry in dropped {
            system.trace(.task(.dropped(TaskRecord.Dropped(identifier: entry.request.identifier, type: kind, reason: reason))))
        }
    }

    /// The pending requests, in submission order (`getPendingTaskRequests`).
    package var pendingRequests: [TaskRequest] { pending.map(\.request) }

    // MARK: Planning

    package func worldChanged() {
        reevaluate()
    }

    /// Re-plans the next launch after anything the policy weighs has changed: one check event at the earliest ready instant.
    ///
    /// The instant is ``LaunchPolicy/nextCheck(pending:in:history:)``'s answer,
    /// found in the same pass that asks each request's reason, so a re-plan
    /// asks the policy once per request. A reason that changed is traced.
    func reevaluate() {
        if let checkEvent { system.kernel.cancel(checkEvent) }
        checkEvent = nil
        guard !pending.isEmpty else { return }
        let world = system.snapshot
        let policy = system.policy
        var next: VirtualInstant?
        for index in pending.indices {
            let entry = pending[index]
            let reason: TaskRecord.Waiting.Reason
            if let blocker = policy.blocker(for: entry.request, in: world) {
                reason = .blocked(blocker)
            } else {
                let ready = max(world.now, policy.readyTime(for: entry, in: world, history: history))
                next = min(next ?? ready, ready)
                // Due now: its launch follows at this instant and says so; a waiting line would only repeat it.
                if ready <= world.now { continue }
                reason = .ready(at: ready)
            }
            if waiting[index] != reason {
                waiting[index] = reason
                system.trace(.task(.waiting(TaskRecord.Waiting(identifier: entry.request.identifier, type: entry.request.kind, reason: reason))))
            }
        }
        guard let next else { return }
        checkEvent = system.kernel.schedule(at: next, label: "scheduler.check") { [self] in
            checkEvent = nil
            launchDueRequests()
        }
    }

    private func launchDueRequests() {
        // Submission order: the earliest submitted of the due requests runs first.
        var world = system.snapshot
        let due = system.policy.due(pending: pending, in: world, history: history)
        for entry in due {
            // Asked again for a kind with slots (continued processing): the one launched before it may have taken the
            // last free slot. Only a launch changes the world here, so the snapshot is taken again after each one.
            if entry.request.kind.behavior.hasConcurrencySlots, system.policy.blocker(for: entry.request, in: world) != nil {
                continue
            }
            launch(entry.request, cause: .policy)
            world = system.snapshot
        }
        reevaluate()
    }

    // MARK: Launching

    /// Launches the app for `request` (or wakes it) and hands it the task.
    private func launch(_ request: TaskRequest, cause: TaskRecord.LaunchCause) {
        removePending { $0.request.identifier == request.identifier }
        history.lastLaunch[request.kind] = now
        system.trace(.task(.launchRequest(TaskRecord.LaunchRequest(identifier: request.identifier, type: request.kind, cause: cause))))
        system.deliver(request, simulated: cause == .simulateLaunch)
    }

    package func perform(_ action: UserAction) -> ActionOutcome {
        guard case .task(let action) = action else { return .notMine }
        switch action {
        case .simulateLaunch(let identifier):
            // `_simulateLaunchForTaskWithIdentifier:` (iOS 26.1's words in the console): a pending request now,
            // whatever the policy says; the request leaves the pending list.
            let live = system.process.flatMap { $0.isAlive ? $0 : nil }
            live?.console("Simulating launch for task with identifier \(identifier)")
            guard let entry = pending.first(where: { $0.request.identifier == identifier }) else {
                live?.console("No task request with identifier \(identifier) has been scheduled")
                return .ignored("no pending request with identifier \(identifier)")
            }
            if let live, live.runningTask(withIdentifier: identifier) != nil {
                live.console("Task with identifier \(identifier) is already running")
                return .ignored("a task with identifier \(identifier) is already running")
            }
            launch(entry.request, cause: .simulateLaunch)
            reevaluate()
            return .performed
        case .simulateExpiration(let identifier):
            guard let process = system.process, process.isAlive else {
                return .ignored("the app is not running")
            }
            if let why = process.simulateExpiration(of: identifier) { return .ignored(why) }
            return .performed
        case .expireTask(let identifier):
            guard let process = system.process, process.isAlive else {
                return .ignored("the app is not running")
            }
            guard let task = process.runningTask(withIdentifier: identifier), !task.phase.hasExpired else {
                return .ignored("no task with identifier \(identifier) is running")
            }
            process.expire(task, reason: "the system ended its time early")
            return .performed
        }
    }

    /// Unlocking the device means the person is using it: tasks that need an idle device expire.
    package func conditionsChanged(from old: DeviceConditions) {
        guard old.locked, !system.snapshot.conditions.locked, let process = system.process else { return }
        for task in process.runningTasks where task.request.kind.behavior.expiresWhenDeviceIsUsed {
            process.expire(task, reason: "the person started using the device")
        }
    }

    /// A task ended; one that did not complete successfully makes the next of its kind wait, if the kind says so.
    package func taskEnded(_ task: RunningTask, successfully: Bool, in process: AppProcess) {
        let kind = task.request.kind
        if !successfully && kind.behavior.penalizesIncompleteTasks {
            history.penaltyUntil[kind] = max(history.penaltyUntil[kind] ?? .zero, now + system.profile.incompleteTaskPenalty)
        }
        reevaluate()
    }
}
