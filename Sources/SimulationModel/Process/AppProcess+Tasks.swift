import SimulationKernel

/// A launch handler registered with `BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`.
package struct TaskRegistration: Sendable {
    /// Whether the handler runs on the main lane (`using: .main`) rather than a background queue (`nil`).
    var onMainLane: Bool
    /// The serial queue's lane the handler runs on (`using:` a serial queue of the app's), if any.
    var lane: SerialLane?
    /// SwiftUI's `.backgroundTask` style: the task completes when the async handler returns; expiration cancels it.
    var completesWhenHandlerReturns: Bool
    /// The app's handler, given the task the system launched.
    var handler: @Sendable (RunningTask) async -> Void

    /// Creates a registration.
    package init(
        onMainLane: Bool, lane: SerialLane? = nil, completesWhenHandlerReturns: Bool,
        handler: @escaping @Sendable (RunningTask) async -> Void
    ) {
        self.onMainLane = onMainLane
        self.lane = lane
        self.completesWhenHandlerReturns = completesWhenHandlerReturns
        self.handler = handler
    }
}

extension AppProcess {
    // MARK: Registration

    /// `register(forTaskWithIdentifier:using:launchHandler:)`: returns whether it registered; crashes as the platform does.
    package func register(identifier: String, registration: TaskRegistration) -> Bool {
        guard isAlive else { return false }
        let permitted = PermittedIdentifiers(app: system.appInfo, profile: profile)
        // Continued processing handlers are exempt from the launch rule: apps register them when the person asks
        // for the work (BGTaskScheduler.h; platform facts). The wildcard entry an identifier falls under says it is one.
        let continued = permitted.wildcardEntry(matching: identifier) != nil
        if launchFinished && !continued {
            let message = "All launch handlers must be registered before application finishes launching"
            diagnose(Rules.registeredAfterLaunch, subject: "task identifier \(identifier)", message: message)
            terminate(.crash, message: "NSInternalInconsistencyException: \(message)")
            return false
        }
        if registrations[identifier] != nil {
            let message = "Launch handler for task with identifier \(identifier) has already been registered"
            diagnose(Rules.registeredTwice, subject: "task identifier \(identifier)", message: message)
            terminate(.crash, message: "NSInternalInconsistencyException: \(message)")
            return false
        }
        guard continued || permitted.listsExactly(identifier) else {
            diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(identifier)",
                message: "register(forTaskWithIdentifier:) returned false: \(identifier) is not in BGTaskSchedulerPermittedIdentifiers")
            trace(.taskRegister(TraceRecord.TaskRegister(process: number, identifier: identifier, registered: false, queue: nil)))
            return false
        }
        registrations[identifier] = registration
        trace(.taskRegister(TraceRecord.TaskRegister(
            process: number, identifier: identifier, registered: true, queue: registration.onMainLane ? .main : .background)))
        return true
    }

    /// The handler that runs `request`: registered for its identifier, or for the wildcard entry a continued identifier falls under.
    func registration(for request: TaskRequest) -> TaskRegistration? {
        if let exact = registrations[request.identifier] { return exact }
        guard request.kind == .continuedProcessing,
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
            let message = "No launch handler registered for task with identifier \(request.identifier)"
            diagnose(Rules.noLaunchHandler, subject: "task identifier \(request.identifier)", message: message)
            terminate(.crash, message: message)
            return
        }
        let behavior = request.kind.behavior
        let runtime = behavior.runtime(in: profile)
        let task = RunningTask(
            request: request, launchedAt: now, deadline: runtime.map { now + $0 } ?? -1, onMainLane: registration.onMainLane,
            completesWhenHandlerReturns: registration.completesWhenHandlerReturns)
        runningTasks.append(task)
        trace(.taskStart(TraceRecord.TaskStart(
            process: number, identifier: request.identifier, type: request.kind, deadline: runtime == nil ? nil : task.deadline,
            queue: registration.onMainLane ? .main : .background)))
        if runtime != nil {
            let label = EventLabel("bgTask.deadline", subject: Int64(number))
            task.timers.append(kernel.schedule(at: VirtualInstant(nanoseconds: task.deadline), label: label) { [self] in
                guard isAlive, !task.completed, !task.expired else { return }
                diagnose(
                    Rules.taskExpired, subject: task.subject,
                    message: "\(task.subject) ran out of time after \(TimeText.format(nanoseconds: now - task.launchedAt)) without completing")
                expire(task, reason: "time ran out")
            })
        }
        behavior.taskStarted(task, in: self)
        let handler = registration.handler
        let body: @Sendable () async -> Void = { [self] in
            await handler(task)
            if task.completesWhenHandlerReturns && !task.completed {
                complete(task, success: !task.expired)
            }
        }
        if registration.onMainLane {
            mainLane.enqueue("launch handler \(request.identifier)", body)
        } else if let lane = registration.lane {
            lane.enqueue("launch handler \(request.identifier)", body)
        } else {
            task.handlerContext = spawn("launch handler \(request.identifier)", origin: .system, body)
        }
    }

    /// The task's time is up (or the debugger or the system says so): the expiration handler runs.
    package func expire(_ task: RunningTask, reason: String) {
        guard isAlive, !task.completed, !task.expired else { return }
        task.expired = true
        trace(.taskExpire(TraceRecord.TaskExpire(process: number, identifier: task.identifier, reason: reason)))
        task.request.kind.behavior.taskExpired(task, in: self)
        if task.completesWhenHandlerReturns {
            task.workCancelled = true
            task.handlerContext?.cancel()
        }
        guard let handler = task.expirationHandler else {
            if task.completesWhenHandlerReturns { return }
            diagnose(
                Rules.noTaskExpirationHandler, subject: task.subject,
                message: "\(task.subject) had no expiration handler; the system marked it complete and unsuccessful")
            finish(task, how: .expired, success: false)
            return
        }
        let run: @Sendable () async -> Void = { [self] in await handler.call(in: self, name: "the expiration handler of \(task.subject)") }
        if task.onMainLane {
            mainLane.enqueue("expiration handler \(task.identifier)", run)
        } else {
            spawn("expiration handler \(task.identifier)", origin: .system, run)
        }
        let grace = EventLabel("bgTask.expirationGrace", subject: Int64(number))
        task.timers.append(kernel.schedule(afterNanoseconds: profile.taskExpirationGrace, label: grace) { [self] in
            guard isAlive, !task.completed else { return }
            diagnose(
                Rules.taskNeverCompleted, subject: task.subject,
                message: "\(task.subject) never called setTaskCompleted(success:), even after its expiration handler")
            terminate(.watchdog, message: "\(task.subject) did not complete after its time ran out")
        })
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
        finish(task, how: task.expired ? .expired : .completed, success: success)
    }

    private func finish(_ task: RunningTask, how: TraceRecord.TaskEnding, success: Bool) {
        task.completed = true
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
    func traceEnd(of task: RunningTask, how: TraceRecord.TaskEnding, success: Bool) -> TraceRecord.OutputLeft? {
        let output = task.request.kind.behavior.taskEnding(task, in: self)
        trace(.taskEnd(TraceRecord.TaskEnd(process: number, identifier: task.identifier, how: how, success: success, output: output)))
        return output
    }
}

extension AppProcess {
    /// `updateTitle(_:subtitle:)` of a continued task: its Live Activity shows the new words.
    package func updateTitle(of task: RunningTask, title: String, subtitle: String) {
        system.service(ContinuedProcessing.self).updateTitle(of: task, in: self, title: title, subtitle: subtitle)
    }
}
