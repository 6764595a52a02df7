import SimulationKernel

/// The system side of `BGTaskScheduler`: pending requests, and when the system launches them.
///
/// Pending requests belong to the system, not to the process: they survive
/// the app's termination. The policy decides when each runs from the device
/// conditions and the app's history; see docs/system-policy.md.
final class TaskScheduler {
    struct Pending {
        var request: TaskRequest
        var submittedAt: Int64
        /// A fraction in parts per million, drawn at submission, that the realistic policy scales its delay by.
        var delayDraw: Int64
    }

    unowned let simulation: Simulation
    let policy: SchedulingPolicy
    /// Pending requests in submission order; continued processing requests here are queued for a free slot.
    var pending: [Pending] = []
    private var lastLaunch: [TaskKind: Int64] = [:]
    private var penaltyUntil: [TaskKind: Int64] = [:]
    private var checkEvent: EventHandle?

    init(simulation: Simulation, policy: SchedulingPolicy) {
        self.simulation = simulation
        self.policy = policy
    }

    var kernel: Kernel { simulation.kernel }
    var profile: PlatformProfile { simulation.profile }
    var now: Int64 { kernel.now.nanoseconds }

    // MARK: Requests

    /// `submit(_:)`: checks the request and keeps it pending, replacing one with the same identifier.
    func submit(_ request: TaskRequest, from process: AppProcess) throws(SubmitError) {
        if request.kind == .continuedProcessing {
            try submitContinued(request, from: process)
            return
        }
        let app = simulation.scenario.app
        let conditions = simulation.conditions
        func refuse(_ error: SubmitError, _ why: String) -> SubmitError {
            process.trace(.taskSubmitFailed(TraceRecord.TaskSubmitFailed(
                process: process.number, request: request, personAction: nil, error: error, why: why)))
            return error
        }
        if !PermittedIdentifiers(app: app, profile: profile).listsExactly(request.identifier) {
            process.diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(request.identifier)",
                message: "submit(_:) threw notPermitted: \(request.identifier) is not in BGTaskSchedulerPermittedIdentifiers")
            throw refuse(.notPermitted, "identifier not in BGTaskSchedulerPermittedIdentifiers")
        }
        if let mode = request.kind.backgroundMode, !app.backgroundModes.contains(mode) {
            process.diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(request.identifier)",
                message: "submit(_:) threw notPermitted: UIBackgroundModes lacks \"\(mode)\"")
            throw refuse(.notPermitted, "UIBackgroundModes lacks \(mode)")
        }
        if conditions.backgroundAppRefresh != .available {
            throw refuse(.unavailable, "Background App Refresh is \(conditions.backgroundAppRefresh.rawValue)")
        }
        if conditions.lowPowerMode {
            throw refuse(.unavailable, "Low Power Mode is on")
        }
        let replacing = pending.contains { $0.request.identifier == request.identifier }
        if !replacing && pending.filter({ $0.request.kind == request.kind }).count >= request.kind.pendingLimit {
            throw refuse(.tooManyPendingTaskRequests, "\(request.kind.pendingLimit) \(request.kind.rawValue) request(s) already pending")
        }
        if request.kind == .appRefresh, (request.earliestBegin ?? now) - now < profile.refreshMinimumInterval {
            let asked = TimeText.formatExact(nanoseconds: max(0, (request.earliestBegin ?? now) - now))
            process.diagnose(
                Rules.refreshRequestedTooSoon, subject: "task identifier \(request.identifier)",
                message: "an app refresh was requested \(asked) ahead; the system will not run it sooner than about \(TimeText.formatExact(nanoseconds: profile.refreshMinimumInterval)) after the last one")
        }
        pending.removeAll { $0.request.identifier == request.identifier }
        pending.append(Pending(request: request, submittedAt: now, delayDraw: Int64(kernel.random.nextInt(below: 1_000_000))))
        process.trace(.taskSubmit(TraceRecord.TaskSubmit(
            process: process.number, request: request, personAction: nil, replaced: replacing, queued: false)))
        reevaluate()
    }

    /// `cancel(taskRequestWithIdentifier:)`.
    func cancel(identifier: String, from process: AppProcess) {
        let count = pending.count
        pending.removeAll { $0.request.identifier == identifier }
        process.trace(.taskCancel(TraceRecord.TaskCancel(process: process.number, identifier: identifier, found: pending.count < count)))
        reevaluate()
    }

    /// `cancelAllTaskRequests()`.
    func cancelAll(from process: AppProcess) {
        process.trace(.taskCancelAll(TraceRecord.TaskCancelAll(process: process.number, count: pending.count)))
        pending.removeAll()
        reevaluate()
    }

    // MARK: Policy

    /// Why a request may not run now, or nil when it may.
    func blocker(for request: TaskRequest) -> String? {
        if request.kind == .continuedProcessing { return continuedBlocker(for: request) }
        let conditions = simulation.conditions
        if simulation.closedInAppSwitcher { return "the person closed the app in the app switcher" }
        if let process = simulation.process, process.isAlive {
            switch process.state {
            case .foregroundActive, .foregroundInactive, .launching(into: .foreground): return "the app is in the foreground"
            default: break
            }
            if process.runningTask(withIdentifier: request.identifier) != nil { return "the task is already running" }
        }
        if conditions.lowPowerMode { return "Low Power Mode is on" }
        if request.kind == .appRefresh && conditions.backgroundAppRefresh != .available {
            return "Background App Refresh is \(conditions.backgroundAppRefresh.rawValue)"
        }
        if conditions.batteryLevel < 20 && !conditions.charging { return "the battery is under 20% and not charging" }
        if conditions.thermalState == .serious || conditions.thermalState == .critical {
            return "the device is \(conditions.thermalState.rawValue)ly hot"
        }
        if request.kind == .processing {
            if !conditions.locked { return "the device is in use (processing tasks wait for it to be idle)" }
            if request.requiresExternalPower && !conditions.charging { return "the request needs external power" }
            if request.requiresNetworkConnectivity && conditions.network == .none { return "the request needs a network" }
            if policy == .realistic && simulation.opens(within: 7 * 86_400_000_000_000) == 0 {
                return "the app was not used in the past week"
            }
        }
        return nil
    }

    /// The earliest instant `entry` may run if the conditions that hold now keep holding.
    func readyTime(for entry: Pending) -> Int64 {
        let request = entry.request
        // A continued request begins as soon as a slot is free: earliestBeginDate is ignored.
        if request.kind == .continuedProcessing { return entry.submittedAt }
        var ready = max(entry.submittedAt, request.earliestBegin ?? 0)
        if request.kind == .appRefresh, let last = lastLaunch[.appRefresh] {
            ready = max(ready, last + profile.refreshMinimumInterval)
        }
        if let penalty = penaltyUntil[request.kind] { ready = max(ready, penalty) }
        if request.kind == .processing, let lockedSince = simulation.lockedSince {
            ready = max(ready, lockedSince + profile.processingIdleDelay)
        }
        if policy == .realistic { ready += realisticDelay(for: entry, readyAt: ready) }
        return ready
    }

    /// The realistic policy's seeded delay: longer for apps the person opens less, and for refreshes,
    /// aimed just before the time of day the person usually opens the app.
    private func realisticDelay(for entry: Pending, readyAt ready: Int64) -> Int64 {
        let week: Int64 = 7 * 86_400_000_000_000
        switch entry.request.kind {
        case .appRefresh:
            // Opened n times a day: refreshes come up to 1/n of the once-a-day delay late.
            let opensPerDay = max(1, simulation.opens(within: week) / 7)
            let longest = profile.realisticRefreshDelay / Int64(opensPerDay)
            // "The system predicts the person will open the app": launch before the next usual opening time.
            if let predicted = simulation.nextUsualOpen(after: ready), predicted - ready <= longest {
                let lead = min(predicted - ready, profile.realisticPredictionLead / 1_000_000 * entry.delayDraw)
                return predicted - ready - lead
            }
            return longest / 1_000_000 * entry.delayDraw
        case .processing:
            return profile.realisticProcessingDelay / 1_000_000 * entry.delayDraw
        case .continuedProcessing:
            // Continued tasks start as soon as a slot is free; the person is waiting for them.
            return 0
        }
    }

    /// Re-plans the next launch after anything the policy weighs has changed.
    func reevaluate() {
        if let checkEvent { kernel.cancel(checkEvent) }
        checkEvent = nil
        var next: Int64?
        for entry in pending where blocker(for: entry.request) == nil {
            let ready = max(now, readyTime(for: entry))
            next = min(next ?? ready, ready)
        }
        guard let next else { return }
        checkEvent = kernel.schedule(at: VirtualInstant(nanoseconds: next)) { [self] in
            checkEvent = nil
            launchReadyRequests()
        }
    }

    private func launchReadyRequests() {
        // Submission order: the earliest submitted of the ready requests runs first.
        let ready = pending.filter { blocker(for: $0.request) == nil && readyTime(for: $0) <= now }
        // Asked again for each continued request: the one launched before it may have taken the last free slot.
        for entry in ready where entry.request.kind != .continuedProcessing || blocker(for: entry.request) == nil {
            launch(entry.request, cause: .policy)
        }
        reevaluate()
    }

    // MARK: Launching

    /// Launches the app for `request` (or wakes it) and hands it the task.
    func launch(_ request: TaskRequest, cause: TraceRecord.LaunchCause) {
        pending.removeAll { $0.request.identifier == request.identifier }
        lastLaunch[request.kind] = now
        simulation.trace(.taskLaunchRequest(TraceRecord.TaskLaunchRequest(identifier: request.identifier, type: request.kind, cause: cause)))
        simulation.deliverTask(request)
    }

    /// `_simulateLaunchForTaskWithIdentifier:`: launches a pending request now, whatever the policy says.
    func simulateLaunch(identifier: String) -> Bool {
        guard let entry = pending.first(where: { $0.request.identifier == identifier }) else { return false }
        launch(entry.request, cause: .simulateLaunch)
        reevaluate()
        return true
    }

    /// A task ended; one that did not complete successfully makes the next of its kind wait.
    func taskEnded(_ task: RunningTask, successfully: Bool) {
        // Continued tasks are the person's own: a failed one does not push back the app's later tasks.
        if !successfully && task.request.kind != .continuedProcessing {
            penaltyUntil[task.request.kind] = max(penaltyUntil[task.request.kind] ?? 0, now + profile.incompleteTaskPenalty)
        }
        reevaluate()
    }

    /// The pending requests, in submission order (`getPendingTaskRequests`).
    var pendingRequests: [TaskRequest] { pending.map(\.request) }
}
