import SimulationKernel

/// How a launched task ends: its time runs out, its expiration handler runs, the app completes it, or its
/// process ends; and what each of those says about the app.
extension LaunchedTasks {
    /// The task's deadline passed before it completed: its work does not fit, or it ended without `setTaskCompleted`.
    func timeRanOut(_ task: RunningTask, in process: AppProcess) {
        let now = process.kernel.now
        let ran = TimeText.formatExact(now - task.launchedAt)
        if task.tracksWork && !task.isWorking {
            let ended = task.workEndedAt.map { TimeText.formatExact($0 - task.launchedAt) } ?? "0s"
            let idle = task.workEndedAt.map { TimeText.formatExact(now - $0) } ?? ran
            process.diagnose(
                Rules.workFinishedWithoutCompleting, subject: task.subject,
                message: "the work of \(task.subject) ended \(ended) after launch without setTaskCompleted(success:); "
                    + "the task idled for \(idle) until its time ran out")
        } else {
            let what = task.tracksWork ? "with its work still running" : "without calling setTaskCompleted(success:)"
            process.diagnose(
                Rules.taskExpired, subject: task.subject,
                message: "\(task.subject) ran out of time after \(ran) \(what)", fix: task.request.kind.behavior.expiryFix)
        }
        expire(task, reason: "time ran out", in: process)
    }

    /// The task's time is up (or the debugger or the system says so): the expiration handler runs.
    func expire(_ task: RunningTask, reason: String, in process: AppProcess) {
        guard process.isAlive, task.phase == .running else { return }
        move(task, to: .expired, in: process)
        process.trace(.task(.expire(TaskRecord.Expire(process: process.number, identifier: task.identifier, reason: reason))))
        process.system.taskExpired(task, in: process)
        if task.completesWhenHandlerReturns {
            task.cancelWork()
            task.handlerContext?.cancel()
        }
        guard let handler = task.expirationHandler else {
            if task.completesWhenHandlerReturns { return }
            // iOS 26.1's BGTask, word for word.
            process.console("Client didn't provide an expiration handler for task \(task.logDescription), completing with NO success for them")
            process.diagnose(
                Rules.noTaskExpirationHandler, subject: task.subject,
                message: "\(task.subject) had no expiration handler; the system marked it complete and unsuccessful")
            task.systemCompletes()
            finish(task, how: .expired, success: false, in: process)
            return
        }
        callExpirationHandler(handler, of: task, in: process)
        let grace = EventLabel("bgTask.expirationGrace", subject: Int64(process.number))
        task.addTimer(process.kernel.schedule(after: process.profile.taskExpirationGrace, label: grace) { [self] in
            guard process.isAlive, !task.phase.hasEnded else { return }
            graceRanOut(task, in: process)
        })
    }

    /// Calls a BGTask's expiration handler the way BackgroundTasks does: cleared first, then called on a global
    /// background queue (iOS 18.2 and 26.1: `dispatch_get_global_queue(-32768, 0)`), so a busy main thread does not
    /// delay it and the task's own work goes on beside it.
    private func callExpirationHandler(_ handler: ExpirationHandler, of task: RunningTask, in process: AppProcess) {
        task.expirationHandler = nil
        move(task, to: .expirationHandlerRunning, in: process)
        process.spawn("expiration handler \(task.identifier)", origin: .system, workOwner: .none) { [self] in
            await handler.call(in: process, name: "the expiration handler of \(task.subject)")
            // The handler may have completed the task: then it moves no more.
            if task.phase == .expirationHandlerRunning { move(task, to: .expirationHandlerReturned, in: process) }
        }
    }

    /// The grace after the expiration handler is over and the task is not complete: the watchdog kills the app.
    private func graceRanOut(_ task: RunningTask, in process: AppProcess) {
        let grace = TimeText.formatExact(process.profile.taskExpirationGrace)
        if task.phase == .expirationHandlerRunning {
            process.diagnose(
                Rules.expirationHandlerBlocked, subject: task.subject,
                message: "the expiration handler of \(task.subject) had not returned \(grace) after it was called, and the task was not complete")
        } else {
            let returned = task.phase != .expirationHandlerReturned ? "" : " (its expiration handler returned without completing it)"
            process.diagnose(
                Rules.taskNeverCompleted, subject: task.subject,
                message: "\(task.subject) had not called setTaskCompleted(success:) \(grace) after its expiration handler was called\(returned)")
        }
        process.terminate(.watchdog, message: "\(task.subject) did not complete within \(grace) after its time ran out")
    }

    /// The debugger's `_simulateExpirationForTaskWithIdentifier:` (iOS 26.1's BackgroundTasks): only a task that
    /// `_simulateLaunchForTaskWithIdentifier:` started; without a handler it is only logged, not completed.
    /// Returns why nothing happened, if nothing did.
    func simulateExpiration(of identifier: String, in process: AppProcess) -> String? {
        process.console("Simulating expiration for task with identifier \(identifier)")
        guard let task = task(withIdentifier: identifier), task.simulated, !task.phase.hasExpired else {
            process.console("Task with identifier \(identifier) is not currently being simulated")
            return "no task with identifier \(identifier) is running from simulateLaunch"
        }
        guard task.expirationHandler != nil else {
            process.console("No expiration handler for task: \(task.logDescription)")
            return nil
        }
        process.console("Expiring simulated task: \(task.logDescription)")
        expire(task, reason: "simulateExpiration", in: process)
        return nil
    }

    /// `setTaskCompleted(success:)`.
    func complete(_ task: RunningTask, success: Bool, in process: AppProcess) {
        if task.phase.hasEnded {
            // The system completed it first, for want of an expiration handler (BGS015 says so); iOS 26.1 ignores the
            // app's later call, and the app's code has one completion, not two.
            if task.completedBySystem { return }
            process.diagnose(
                Rules.taskCompletedTwice, subject: task.subject,
                message: "setTaskCompleted(success:) was called on \(task.subject), which was already complete")
            return
        }
        let expired = task.phase.hasExpired
        if success && expired {
            process.diagnose(
                Rules.successAfterExpiration, subject: task.subject,
                message: "setTaskCompleted(success: true) was called on \(task.subject) after it expired: work cut short is reported as done")
        }
        finish(task, how: expired ? .expired : .completed, success: success, in: process)
    }

    /// The task is complete (`how` is `.completed` or `.expired`): it leaves the running list, and the system lets go of it.
    private func finish(_ task: RunningTask, how: TaskRecord.Ending, success: Bool, in process: AppProcess) {
        let expired = task.phase.hasExpired
        move(task, to: expired ? .completedAfterExpiry : .completed, in: process)
        task.expirationHandler = nil
        // The system lets go of the `BGTask` it handed the app (which holds the task: a cycle otherwise).
        task.lookalike = nil
        for timer in task.takeTimers() { process.kernel.cancel(timer) }
        remove(task)
        let output = traceEnd(of: task, how: how, success: success, in: process)
        if output == .partial && (!success || expired) {
            process.diagnose(
                Rules.partialOutputLeftBehind, subject: task.subject,
                message: "\(task.subject) ended (\(how.rawValue), success \(success)) with partial output left: \(process.partialOutputs(of: task).joined(separator: ", "))")
        }
        process.system.taskEnded(task, successfully: success && !expired, in: process)
        process.evaluateSuspension()
    }

    /// Ends `task` with its process, after ``takeAll()`` took it off the list: the app hears nothing (for a continued
    /// task, as when the person closes it in the app switcher), and whatever output it had written stays as it was.
    func endWithProcess(_ task: RunningTask, in process: AppProcess) {
        task.lookalike = nil
        for timer in task.takeTimers() { process.kernel.cancel(timer) }
        move(task, to: .processEnded, in: process)
        traceEnd(of: task, how: .processEnded, success: false, in: process)
        process.system.taskEnded(task, successfully: false, in: process)
    }

    /// Traces the end of a task, exactly once per start; returns the state of a continued task's output (nil otherwise).
    ///
    /// The output field makes a continued task's end say what it left
    /// behind, also when the process was killed and the app never heard.
    @discardableResult
    private func traceEnd(
        of task: RunningTask, how: TaskRecord.Ending, success: Bool, in process: AppProcess
    ) -> TaskRecord.OutputLeft? {
        process.system.taskEnding(task, in: process)
        let output = task.request.kind.behavior.outputLeft(by: task, in: process)
        process.simulation.taskRunEnded(task.runIndex, how: how, success: success)
        process.trace(.task(.end(TaskRecord.End(
            process: process.number, identifier: task.identifier, how: how, success: success, output: output))))
        return output
    }
}
