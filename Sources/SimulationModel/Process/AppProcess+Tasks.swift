import SimulationKernel

/// A launch handler registered with `BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`.
package struct TaskRegistration: Sendable {
    /// The isolation of the launch handler's closure.
    package enum Isolation: Sendable, Hashable {
        /// No actor: it may run on any queue.
        case nonisolated
        /// Written in a `@MainActor` context (a view model, a SwiftUI `App`), so it inherits main-actor isolation:
        /// the compiler puts a check at its entry, which traps on any other queue.
        case mainActor
    }

    /// Whether the handler runs on the main lane (`using: .main`) rather than a background queue (`nil`).
    var onMainLane: Bool
    /// The serial queue's lane the handler runs on (`using:` a serial queue of the app's), if any.
    var lane: SerialLane?
    /// SwiftUI's `.backgroundTask` style: the task completes when the async handler returns; expiration cancels it.
    var completesWhenHandlerReturns: Bool
    /// The closure's isolation.
    var isolation: Isolation
    /// Whether the model sees the handler's work start and end (the scenario interpreter's steps), so that it can
    /// tell work that ended without `setTaskCompleted` from work still running.
    var tracksWork: Bool
    /// Whether it was registered after the app finished launching (accepted by the profile).
    var registeredAfterLaunch = false
    /// The app's handler, given the task the system launched.
    var handler: @Sendable (RunningTask) async -> Void

    /// Creates a registration.
    package init(
        onMainLane: Bool, lane: SerialLane? = nil, completesWhenHandlerReturns: Bool, isolation: Isolation = .nonisolated,
        tracksWork: Bool = false,
        handler: @escaping @Sendable (RunningTask) async -> Void
    ) {
        self.onMainLane = onMainLane
        self.lane = lane
        self.completesWhenHandlerReturns = completesWhenHandlerReturns
        self.isolation = isolation
        self.tracksWork = tracksWork
        self.handler = handler
    }
}

extension AppProcess {
    // MARK: Exceptions

    /// The app raises NSInternalInconsistencyException and does not catch it: the console's last words, then a crash.
    package func raiseInternalInconsistency(_ rule: Rule, subject: String, reason: String, fix: String? = nil) {
        console("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(reason)'")
        diagnose(rule, subject: subject, message: reason, fix: fix)
        terminate(.crash, message: "NSInternalInconsistencyException: \(reason)")
    }

    /// `submit` or a launch found no handler for `identifier` in this process (iOS 26.1: BGTaskScheduler.m:379, :697, :833).
    package func raiseNoLaunchHandler(_ identifier: String, atSubmit: Bool) {
        raiseInternalInconsistency(
            Rules.noLaunchHandler, subject: "task identifier \(identifier)",
            reason: "No launch handler registered for task with identifier \(identifier)",
            fix: atSubmit
                ? "Register the identifier before submitting it, in every code path that submits (a feature flag turned on after launch must not skip the registration); for refresh and processing tasks register at launch, unconditionally."
                : nil)
    }

    // MARK: Registration

    /// `register(forTaskWithIdentifier:using:launchHandler:)`: returns whether it registered; crashes as the platform does.
    package func register(identifier: String, registration: TaskRegistration) -> Bool {
        guard isAlive else { return false }
        var registration = registration
        let permitted = PermittedIdentifiers(app: system.appInfo, profile: profile)
        let underWildcard = permitted.wildcardEntry(matching: identifier) != nil
        if launchFinished {
            let raises = switch profile.registrationAfterLaunch {
            case .raises: true
            // At registration only a wildcard entry tells that an identifier is a continued processing one.
            case .continuedExempt: !underWildcard
            case .accepted: false
            }
            if raises {
                raiseInternalInconsistency(
                    Rules.registeredAfterLaunch, subject: "task identifier \(identifier)",
                    reason: "All launch handlers must be registered before application finishes launching")
                return false
            }
            registration.registeredAfterLaunch = true
        }
        let wildcardItself = permitted.isWildcardEntry(identifier)
        let rejectedWildcard = wildcardItself && profile.continuedWildcardRegistration == .rejected
        guard !rejectedWildcard, underWildcard || permitted.listsExactly(identifier) else {
            // iOS 26.1: register returns NO and logs this; the wildcard string itself is not a permissible identifier.
            console("Registration rejected; \(identifier) is not advertised in the application's Info.plist")
            if rejectedWildcard {
                let example = (PermittedIdentifiers.prefix(ofWildcard: identifier) ?? identifier) + "<job>"
                diagnose(
                    Rules.taskIdentifierNotPermitted, subject: "task identifier \(identifier)",
                    message: "register(forTaskWithIdentifier:) returned false: \(identifier) is a wildcard entry, not an identifier; a request for \(example) will find no handler",
                    fix: "Register the identifier you submit (\(example)), once, just before submitting it: the wildcard entry permits such identifiers, it does not register them.")
            } else {
                diagnose(
                    Rules.taskIdentifierNotPermitted, subject: "task identifier \(identifier)",
                    message: "register(forTaskWithIdentifier:) returned false: \(identifier) is not in BGTaskSchedulerPermittedIdentifiers")
            }
            trace(.task(.register(TaskRecord.Register(process: number, identifier: identifier, registered: false, queue: nil))))
            return false
        }
        if registrations[identifier] != nil {
            raiseInternalInconsistency(
                Rules.registeredTwice, subject: "task identifier \(identifier)",
                reason: "Launch handler for task with identifier \(identifier) has already been registered")
            return false
        }
        registrations[identifier] = registration
        trace(.task(.register(TaskRecord.Register(
            process: number, identifier: identifier, registered: true, queue: registration.onMainLane ? .main : .background))))
        return true
    }

    /// The handler that runs `request`: registered for its identifier, or (when the profile reads wildcard
    /// registrations that way) for the wildcard entry a continued identifier falls under.
    func registration(for request: TaskRequest) -> TaskRegistration? {
        if let exact = registrations[request.identifier] { return exact }
        guard request.kind == .continuedProcessing, profile.continuedWildcardRegistration == .matchesComposed,
              let entry = PermittedIdentifiers(app: system.appInfo, profile: profile)
                .wildcardEntry(matching: request.identifier)
        else { return nil }
        return registrations[entry]
    }

    // MARK: Running tasks

    package func runningTask(withIdentifier identifier: String) -> RunningTask? {
        runningTasks.first { $0.identifier == identifier }
    }

    /// The running continued tasks, oldest first.
    package var runningContinuedTasks: [RunningTask] {
        runningTasks.filter { $0.continued != nil }
    }

    /// Continued processing tasks running now, or handed to the app and about to start.
    var continuedTaskCount: Int {
        guard isAlive else { return 0 }
        return runningTasks.reduce(0) { $0 + ($1.request.kind == .continuedProcessing ? 1 : 0) }
            + pendingDeliveries.reduce(0) { $0 + ($1.kind == .continuedProcessing ? 1 : 0) }
    }

    /// The system hands the app a launched task: now, or when the launch it started finishes.
    func deliver(_ request: TaskRequest) {
        switch state {
        case .launching:
            pendingDeliveries.append(request)
        case .suspended:
            // The system wakes the suspended app in the background for the task.
            move(to: .background, reason: "bgTask \(request.identifier)")
            beginBackgroundPeriod()
            resumeAfterSuspension()
            startTask(request)
        case .background, .foregroundActive, .foregroundInactive:
            cancelSuspension()
            startTask(request)
        case .notRunning, .terminated:
            break
        }
    }

    /// Starts the launch handler of a delivered task, or crashes when this launch registered none.
    func startTask(_ request: TaskRequest) {
        guard let registration = registration(for: request) else {
            raiseNoLaunchHandler(request.identifier, atSubmit: false)
            return
        }
        let behavior = request.kind.behavior
        let runtime = behavior.runtime(in: profile)
        let task = RunningTask(
            request: request, launchedAt: now, deadline: runtime.map { now + $0 } ?? -1, onMainLane: registration.onMainLane,
            completesWhenHandlerReturns: registration.completesWhenHandlerReturns, tracksWork: registration.tracksWork)
        task.simulated = system.service(TaskScheduler.self).takeSimulatedLaunch(of: request.identifier)
        task.runIndex = simulation.taskRunStarted(TaskRun(process: number, identifier: request.identifier, kind: request.kind, startedAt: now))
        runningTasks.append(task)
        trace(.task(.start(TaskRecord.Start(
            process: number, identifier: request.identifier, type: request.kind, deadline: runtime == nil ? nil : task.deadline,
            queue: registration.onMainLane ? .main : .background))))
        if runtime != nil {
            let label = EventLabel("bgTask.deadline", subject: Int64(number))
            task.timers.append(kernel.schedule(at: VirtualInstant(nanoseconds: task.deadline), label: label) { [self] in
                guard isAlive, !task.completed, !task.expired else { return }
                reportTimeRanOut(task)
                expire(task, reason: "time ran out")
            })
        }
        behavior.taskStarted(task, in: self)
        if registration.isolation == .mainActor && !registration.onMainLane {
            trapMainActorHandler(of: task)
            return
        }
        let handler = registration.handler
        let body: @Sendable () async -> Void = { [self] in
            await handler(task)
            if task.completesWhenHandlerReturns && !task.completed {
                complete(task, success: !task.expired)
            }
        }
        if registration.onMainLane {
            mainLane.enqueue("launch handler \(request.identifier)", workOwner: .task(task), body)
        } else if let lane = registration.lane {
            lane.enqueue("launch handler \(request.identifier)", workOwner: .task(task), body)
        } else {
            task.handlerContext = spawn("launch handler \(request.identifier)", origin: .system, workOwner: .task(task), body)
        }
    }

    /// A main-actor isolated launch handler was called on the registration's background queue: the check the compiler
    /// put at the closure's entry traps before its first line (VivaDicta PR #316, SakuraRSS PR #186: EXC_BREAKPOINT in
    /// `_dispatch_assert_queue_fail` on the queue `com.apple.BGTaskScheduler (<identifier>)`).
    private func trapMainActorHandler(of task: RunningTask) {
        // libdispatch's words; the address is the main queue's, which differs between OS builds.
        console("BUG IN CLIENT OF LIBDISPATCH: Assertion failed: Block was expected to execute on queue [com.apple.main-thread (0x201422380)]")
        diagnose(
            Rules.mainActorHandlerOnBackgroundQueue, subject: "launch handler of \(task.identifier)",
            message: "the launch handler of \(task.identifier) is isolated to the main actor but was registered with using: nil; "
                + "it was called on com.apple.BGTaskScheduler (\(task.identifier)) and trapped at its entry")
        terminate(.crash, message: "EXC_BREAKPOINT (SIGTRAP) on com.apple.BGTaskScheduler (\(task.identifier)): main-actor isolated launch handler called off the main queue")
    }

    /// The task's time ran out before it completed: its work does not fit, or it ended without `setTaskCompleted`.
    private func reportTimeRanOut(_ task: RunningTask) {
        let ran = TimeText.formatExact(nanoseconds: now - task.launchedAt)
        if task.tracksWork && !task.isWorking {
            let ended = task.workEndedAt.map { TimeText.formatExact(nanoseconds: $0 - task.launchedAt) } ?? "0s"
            let idle = task.workEndedAt.map { TimeText.formatExact(nanoseconds: now - $0) } ?? ran
            diagnose(
                Rules.workFinishedWithoutCompleting, subject: task.subject,
                message: "the work of \(task.subject) ended \(ended) after launch without setTaskCompleted(success:); "
                    + "the task idled for \(idle) until its time ran out")
            return
        }
        let behavior = task.request.kind.behavior
        let what = task.tracksWork ? "with its work still running" : "without calling setTaskCompleted(success:)"
        diagnose(
            Rules.taskExpired, subject: task.subject,
            message: "\(task.subject) ran out of time after \(ran) \(what)", fix: behavior.expiryFix)
    }

    /// The task's time is up (or the debugger or the system says so): the expiration handler runs.
    package func expire(_ task: RunningTask, reason: String) {
        guard isAlive, !task.completed, !task.expired else { return }
        task.expired = true
        trace(.task(.expire(TaskRecord.Expire(process: number, identifier: task.identifier, reason: reason))))
        task.request.kind.behavior.taskExpired(task, in: self)
        if task.completesWhenHandlerReturns {
            task.workCancelled = true
            task.handlerContext?.cancel()
        }
        guard let handler = task.expirationHandler else {
            if task.completesWhenHandlerReturns { return }
            // iOS 26.1's BGTask, word for word.
            console("Client didn't provide an expiration handler for task \(task.logDescription), completing with NO success for them")
            diagnose(
                Rules.noTaskExpirationHandler, subject: task.subject,
                message: "\(task.subject) had no expiration handler; the system marked it complete and unsuccessful")
            finish(task, how: .expired, success: false)
            return
        }
        callExpirationHandler(handler, of: task)
        let grace = EventLabel("bgTask.expirationGrace", subject: Int64(number))
        task.timers.append(kernel.schedule(afterNanoseconds: profile.taskExpirationGrace, label: grace) { [self] in
            guard isAlive, !task.completed else { return }
            reportGraceRanOut(task)
        })
    }

    /// Calls a BGTask's expiration handler the way BackgroundTasks does: cleared first, then called on a global
    /// background queue (iOS 18.2 and 26.1: `dispatch_get_global_queue(-32768, 0)`), so a busy main thread does not
    /// delay it and the task's own work goes on beside it.
    private func callExpirationHandler(_ handler: ExpirationHandler, of task: RunningTask) {
        task.expirationHandler = nil
        task.expirationHandlerRunning = true
        spawn("expiration handler \(task.identifier)", origin: .system, workOwner: .none) { [self] in
            await handler.call(in: self, name: "the expiration handler of \(task.subject)")
            task.expirationHandlerRunning = false
            task.expirationHandlerReturned = true
        }
    }

    /// The grace after the expiration handler is over and the task is not complete: the watchdog kills the app.
    private func reportGraceRanOut(_ task: RunningTask) {
        let grace = TimeText.formatExact(nanoseconds: profile.taskExpirationGrace)
        if task.expirationHandlerRunning {
            diagnose(
                Rules.expirationHandlerBlocked, subject: task.subject,
                message: "the expiration handler of \(task.subject) had not returned \(grace) after it was called, and the task was not complete")
        } else {
            let returned = !task.expirationHandlerReturned ? "" : " (its expiration handler returned without completing it)"
            diagnose(
                Rules.taskNeverCompleted, subject: task.subject,
                message: "\(task.subject) had not called setTaskCompleted(success:) \(grace) after its expiration handler was called\(returned)")
        }
        terminate(.watchdog, message: "\(task.subject) did not complete within \(grace) after its time ran out")
    }

    /// The debugger's `_simulateExpirationForTaskWithIdentifier:` (iOS 26.1's BackgroundTasks): only a task that
    /// `_simulateLaunchForTaskWithIdentifier:` started; without a handler it is only logged, not completed.
    /// Returns why nothing happened, if nothing did.
    package func simulateExpiration(of identifier: String) -> String? {
        console("Simulating expiration for task with identifier \(identifier)")
        guard let task = runningTask(withIdentifier: identifier), task.simulated, !task.expired else {
            console("Task with identifier \(identifier) is not currently being simulated")
            return "no task with identifier \(identifier) is running from simulateLaunch"
        }
        guard task.expirationHandler != nil else {
            console("No expiration handler for task: \(task.logDescription)")
            return nil
        }
        console("Expiring simulated task: \(task.logDescription)")
        expire(task, reason: "simulateExpiration")
        return nil
    }

    /// `setTaskCompleted(success:)`.
    package func complete(_ task: RunningTask, success: Bool) {
        guard isAlive else { return }
        if task.completed {
            diagnose(
                Rules.taskCompletedTwice, subject: task.subject,
                message: "setTaskCompleted(success:) was called on \(task.subject), which was already complete")
            return
        }
        if success && task.expired {
            diagnose(
                Rules.successAfterExpiration, subject: task.subject,
                message: "setTaskCompleted(success: true) was called on \(task.subject) after it expired: work cut short is reported as done")
        }
        finish(task, how: task.expired ? .expired : .completed, success: success)
    }

    private func finish(_ task: RunningTask, how: TaskRecord.Ending, success: Bool) {
        task.completed = true
        task.expirationHandler = nil
        // The system lets go of the `BGTask` it handed the app (which holds the task: a cycle otherwise).
        task.lookalike = nil
        for timer in task.timers { kernel.cancel(timer) }
        task.timers.removeAll()
        runningTasks.removeAll { $0 === task }
        let output = traceEnd(of: task, how: how, success: success)
        if output == .partial && (!success || task.expired) {
            diagnose(
                Rules.partialOutputLeftBehind, subject: task.subject,
                message: "\(task.subject) ended (\(how.rawValue), success \(success)) with partial output left: \(partialOutputs(of: task).joined(separator: ", "))")
        }
        system.service(TaskScheduler.self).taskEnded(task, successfully: success && !task.expired)
        evaluateSuspension()
    }

    /// Traces the end of a task, exactly once per start; returns the state of a continued task's output (nil otherwise).
    ///
    /// The output field makes a continued task's end say what it left
    /// behind, also when the process was killed and the app never heard.
    @discardableResult
    func traceEnd(of task: RunningTask, how: TaskRecord.Ending, success: Bool) -> TaskRecord.OutputLeft? {
        let output = task.request.kind.behavior.taskEnding(task, in: self)
        simulation.taskRunEnded(task.runIndex, how: how, success: success)
        trace(.task(.end(TaskRecord.End(process: number, identifier: task.identifier, how: how, success: success, output: output))))
        return output
    }
}

extension AppProcess {
    /// `updateTitle(_:subtitle:)` of a continued task: its Live Activity shows the new words.
    package func updateTitle(of task: RunningTask, title: String, subtitle: String) {
        system.service(ContinuedProcessing.self).updateTitle(of: task, in: self, title: title, subtitle: subtitle)
    }
}
