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
            reportOverrun(task, in: process)
        }
        expire(task, reason: "time ran out", in: process)
    }

    /// The task's time ran out with its work going (or, for Swift code whose work the model does not see, without
    /// `setTaskCompleted`): an app bug when the kind says work must fit its documented runtime and the task had all
    /// of it (BGS048 for an app refresh), the system's notice otherwise (BGS018).
    private func reportOverrun(_ task: RunningTask, in process: AppProcess) {
        let now = process.kernel.now
        let ran = now - task.launchedAt
        let behavior = task.request.kind.behavior
        let what = task.tracksWork ? "with its work still going" : "without calling setTaskCompleted(success:)"
        let saves = process.savesSince(task.savesAtStart)
        let progress = saves.count == 0
            ? "no save since it began"
            : "\(saves.count) save\(saves.count == 1 ? "" : "s") since it began, the last at \(saves.last.map { "\($0)" } ?? "?")"
        let documented = behavior.runtime(in: PlatformProfile(process.profile.name))
        if let rule = behavior.overrunRule, let documented, ran >= documented {
            process.diagnose(
                rule, subject: task.subject,
                message: "\(task.subject) ran for its \(ran) \(what) (\(progress)): the work does not fit the time the task type gets",
                fix: behavior.overrunFix(progress: progress))
        } else {
            let cut = documented.map { ran < $0 ? ", short of the \($0) the task type usually gets" : "" } ?? ""
            process.diagnose(
                Rules.taskExpired, subject: task.subject,
                message: "the system ended \(task.subject) after \(ran)\(cut), \(what) (\(progress))",
                fix: behavior.expiryFix(savedProgress: saves.count > 0))
        }
    }

    /// The task's time is up (or the debugger or the system says so): the expiration handler runs.
    func expire(_ task: RunningTask, reason: String, in process: AppProcess) {
        guard process.isAlive, task.phase == .running else { return }
        move(task, to: .expired, in: process)
        process.trace(.task(.expire(TaskRecord.Expire(process: process.number, identifier: task.identifier, reason: reason))))
        process.protectionEnded(task.subject, isBGTask: true, how: .expired(cutShort: cutShort(task, reason: reason, in: process)))
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
                message: "\(task.subject) had no expiration handler when it expired at \(process.kernel.now); the system marked it "
                    + "complete and unsuccessful, and a setTaskCompleted(success:) the app calls after this is ignored")
            task.completed(by: .system(at: process.kernel.now))
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
        let context = process.spawn("expiration handler \(task.identifier)", origin: .system, workOwner: .none) { [self] in
            await handler.call(in: process, name: "the expiration handler of \(task.subject)")
            // The handler may have completed the task: then it moves no more.
            if task.phase == .expirationHandlerRunning { move(task, to: .expirationHandlerReturned, in: process) }
        }
        task.runsExpirationHandler(at: process.kernel.now, in: context)
    }

    /// How the system cut `task`'s time short of its kind's documented runtime, in words; nil when it had all of it.
    private func cutShort(_ task: RunningTask, reason: String, in process: AppProcess) -> String? {
        let ran = process.kernel.now - task.launchedAt
        guard let documented = task.request.kind.behavior.runtime(in: PlatformProfile(process.profile.name)) else {
            return "it expired after \(ran) (\(reason))"
        }
        guard ran < documented else { return nil }
        return "it expired after \(ran) (\(reason)), short of the \(documented) the task type usually gets"
    }

    /// The grace after the expiration handler is over and the task is not complete: the watchdog kills the app.
    private func graceRanOut(_ task: RunningTask, in process: AppProcess) {
        let grace = TimeText.formatExact(process.profile.taskExpirationGrace)
        var blocked = ""
        if task.phase == .expirationHandlerRunning {
            let waiting = task.expirationHandlerRun?.context?.waitingFor.map { ", waiting for \($0)" } ?? ""
            blocked = ": its expiration handler was still running\(waiting)"
            process.diagnose(
                Rules.expirationHandlerBlocked, subject: task.subject,
                message: "the expiration handler of \(task.subject) had not returned \(grace) after it was called\(waiting), and the task was not complete")
        } else {
            let returned = task.phase != .expirationHandlerReturned ? "" : " (its expiration handler returned without completing it)"
            process.diagnose(
                Rules.taskNeverCompleted, subject: task.subject,
                message: "\(task.subject) had not called setTaskCompleted(success:) \(grace) after its expiration handler was called\(returned)")
        }
        process.terminate(.watchdog, message: "\(task.subject) did not complete within \(grace) after its time ran out\(blocked)")
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
        let now = process.kernel.now
        if task.phase.hasEnded {
            reportSecondCompletion(of: task, success: success, in: process)
            return
        }
        let byHandler = task.phase == .expirationHandlerRunning && TaskContext.current != nil
            && TaskContext.current === task.expirationHandlerRun?.context
        task.completed(by: byHandler ? .expirationHandler(at: now) : .app(at: now))
        let expired = task.phase.hasExpired
        if success && expired {
            process.diagnose(
                Rules.successAfterExpiration, subject: task.subject,
                message: "setTaskCompleted(success: true) was called on \(task.subject) after it expired: work cut short is reported as done")
        }
        finish(task, how: expired ? .expired : .completed, success: success, in: process)
    }

    /// `setTaskCompleted(success:)` on a task already complete: BGS016, with what completed it first; nothing when that
    /// was the system (a task without an expiration handler: BGS015 said so, and the later call is ignored).
    private func reportSecondCompletion(of task: RunningTask, success: Bool, in process: AppProcess) {
        let now = process.kernel.now
        switch task.firstCompletion {
        case .system:
            return
        case .expirationHandler(let at):
            process.diagnose(
                Rules.taskCompletedTwice, subject: task.subject,
                message: "setTaskCompleted(success: \(success)) was called on \(task.subject) at \(now), after its expiration handler "
                    + "had completed it at \(at)",
                fix: "Check for cancellation after the last step of the work (the save) too, or guard both completions with one "
                    + "flag: the expiration handler completed the task first, and the work went on to complete it again.")
        case .app(let at):
            process.diagnose(
                Rules.taskCompletedTwice, subject: task.subject,
                message: "setTaskCompleted(success: \(success)) was called on \(task.subject) at \(now), which the app had "
                    + "completed already at \(at)")
        case nil:
            process.diagnose(
                Rules.taskCompletedTwice, subject: task.subject,
                message: "setTaskCompleted(success:) was called on \(task.subject), which was already complete")
        }
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
        // Completed before it expired: the app let go of the protection it gave the work (an expiry ended it already).
        if !expired { process.protectionEnded(task.subject, isBGTask: true, how: .endedByApp(cutShort: nil)) }
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
