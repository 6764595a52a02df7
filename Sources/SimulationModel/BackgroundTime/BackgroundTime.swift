import SimulationKernel

/// Background time of one process: the budget after leaving the foreground, `beginBackgroundTask` assertions,
/// their expiration handlers, the watchdog, and the console's warnings.
///
/// The budget counts only while the app runs in the background: the
/// deadline exists exactly then. An open task is in the open-task index
/// and the begin-order list; ended ones leave the list in batches.
final class BackgroundTime {
    /// Background tasks in begin order (identifiers rising); ended ones are swept out in batches (see `endTask`).
    private var tasks: [BackgroundTask] = []
    /// The open background tasks by identifier: ending one is a lookup, not a scan.
    private var openTasks: [Int: BackgroundTask] = [:]
    private var nextIdentifier = 1
    /// When the background time runs out; nil unless the app runs in the background.
    private(set) var deadline: VirtualInstant?
    /// Whether UIKit fired the expiration handlers of this background period.
    private var expirationStarted = false
    /// When this background period began; nil outside one.
    private var periodStartedAt: VirtualInstant?
    /// The background tasks the app ended in this process, by identifier: what a second end of one says (BGS002).
    private var ended: [Int: EndedTask] = [:]
    /// The period's events: the expiration handlers' instant and the deadline.
    private var timers: [EventHandle] = []

    /// How many background tasks are open.
    var openTaskCount: Int { openTasks.count }

    /// Code that the expiration handler of task `identifier` runs dispatched work for later.
    func handlerDispatched(_ identifier: Int) {
        openTasks[identifier]?.handlerDispatchedWork()
    }

    /// The open task begun first, if any.
    var firstOpenTask: BackgroundTask? {
        openTasks.isEmpty ? nil : tasks.first(where: \.isOpen)
    }

    /// Background time left in `process`, or nil when unlimited (in the foreground).
    func remaining(in process: AppProcess) -> VirtualDuration? {
        guard process.state == .background, let deadline else { return nil }
        return max(.zero, deadline - process.kernel.now)
    }

    // MARK: The background period

    /// The app entered the background: its budget starts, and with it the events of its end.
    func beginPeriod(in process: AppProcess) {
        let now = process.kernel.now
        let number = process.number
        let budget = process.profile.backgroundTimeBudget
        let deadline = now + budget
        self.deadline = deadline
        expirationStarted = false
        periodStartedAt = now
        process.trace(.backgroundTime(.start(BackgroundTimeRecord.Start(
            process: number, budget: budget, deadline: deadline))))
        let expiring = max(now, deadline - process.profile.expirationLead)
        let subject = Int64(number)
        timers.append(process.kernel.schedule(at: expiring, label: EventLabel("backgroundTime.expiring", subject: subject)) { [self] in
            expirationTimeCame(in: process)
        })
        timers.append(process.kernel.schedule(at: deadline, label: EventLabel("backgroundTime.ranOut", subject: subject)) { [self] in
            timeRanOut(in: process)
        })
        for task in tasks where task.isOpen { scheduleAgeWarning(for: task, in: process) }
    }

    /// The app left the background (to the foreground, or suspended): the budget stops counting.
    func endPeriod(in process: AppProcess) {
        for timer in timers { process.kernel.cancel(timer) }
        timers.removeAll()
        if deadline != nil { process.trace(.backgroundTime(.end(BackgroundTimeRecord.End(process: process.number)))) }
        deadline = nil
        expirationStarted = false
        periodStartedAt = nil
    }

    /// The process is terminated: its tasks close and the budget stops, with nothing traced (the app heard nothing).
    func stop(in process: AppProcess) {
        for timer in timers { process.kernel.cancel(timer) }
        timers.removeAll()
        for task in tasks where task.isOpen { task.close() }
        openTasks.removeAll()
        deadline = nil
        expirationStarted = false
        periodStartedAt = nil
    }

    /// The background time is about to run out: UIKit calls every expiration handler, one after another on the main
    /// thread, then logs each task still open ("Firing background task expiration handlers", iOS 26.1's UIKitCore).
    private func expirationTimeCame(in process: AppProcess) {
        guard process.isAlive, process.state == .background else { return }
        let number = process.number
        expirationStarted = true
        let open = tasks.filter { $0.isOpen && !$0.handlerState.wasFired }
        if !open.isEmpty { process.trace(.backgroundTime(.expiring(BackgroundTimeRecord.Expiring(process: number, openTasks: open.count)))) }
        let batch = ExpirationBatch(tasks: open)
        for task in open {
            guard let handler = task.expirationHandler else {
                task.moveHandler(to: .skipped)
                process.console("[_UIBackgroundTaskInfo fireExpirationHandler]: Did not call expiration handler: (null) for task: "
                    + "\(describe(task, in: process)). Handler was nil, or UIKIT_SUPPORTS_ASSERTIONSERVICES is false.")
                continue
            }
            task.moveHandler(to: .queued)
            batch.handlersLeft += 1
            queueExpirationHandler(handler, of: task, in: batch, process: process)
        }
        if batch.handlersLeft == 0 { reportTasksStillOpen(after: batch, in: process) }
    }

    private func queueExpirationHandler(
        _ handler: ExpirationHandler, of task: BackgroundTask, in batch: ExpirationBatch, process: AppProcess
    ) {
        let number = process.number
        process.mainLane.enqueue("expiration handler of task \(task.identifier)", onStart: {
            task.moveHandler(to: .running)
            process.trace(.backgroundTime(.taskExpirationHandler(BackgroundTimeRecord.TaskExpirationHandler(
                process: number, identifier: task.identifier, phase: .started))))
        }, onFinish: { [self] in
            task.moveHandler(to: .returned)
            process.trace(.backgroundTime(.taskExpirationHandler(BackgroundTimeRecord.TaskExpirationHandler(
                process: number, identifier: task.identifier, phase: .returned))))
            batch.handlersLeft -= 1
            if batch.handlersLeft == 0 { reportTasksStillOpen(after: batch, in: process) }
        }, workOwner: .none) { [process, task, subject = task.subject, identifier = task.identifier] in
            task.handlerStarted(at: process.kernel.now, in: TaskContext.current)
            await ExpirationHandlerScope.$current.withValue(identifier) {
                await handler.call(in: process, name: "the expiration handler of \(subject)")
            }
        }
    }

    /// UIKit's log after the last expiration handler returned, for every task of the batch still open (with a handler or without).
    private func reportTasksStillOpen(after batch: ExpirationBatch, in process: AppProcess) {
        guard process.isAlive else { return }
        for task in batch.tasks where task.isOpen {
            let message = "Background task still not ended after expiration handlers were called: \(describe(task, in: process)). "
                + "This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this."
            process.console(message)
            // A task without a handler was never given the chance: BGS001 covers it when the time runs out.
            if task.expirationHandler != nil {
                let (situation, fix) = whyStillOpen(task)
                process.diagnose(Rules.expirationHandlerLeftTaskOpen, subject: task.subject, message: "\(message) \(situation)", fix: fix)
            }
        }
    }

    /// What the expiration handler of `task` did instead of ending it, and the advice for that (BGS004).
    private func whyStillOpen(_ task: BackgroundTask) -> (situation: String, fix: String?) {
        if let other = task.handlerEndedOthers.first {
            let began = ended[other].map { " (begun at \($0.began))" } ?? ""
            return (
                "Its expiration handler ended background task \(other)\(began), not its own task \(task.identifier): the identifier "
                    + "it read had been overwritten by a later begin.",
                "End the identifier the handler captured: let id = beginBackgroundTask(withName:expirationHandler:), and call "
                    + "endBackgroundTask(id) in the handler, not the stored property a later begin overwrites.")
        }
        if task.handlerDispatched {
            return ("Its expiration handler dispatched the end for later and returned with the task still open.", nil)
        }
        return (
            "Its expiration handler returned without ending it.",
            "End the task in its expiration handler: call endBackgroundTask with the task's own identifier before the handler returns.")
    }

    /// How UIKit's console shows a task (`%{private}@`), as the profile says the console shows private data.
    private func describe(_ task: BackgroundTask, in process: AppProcess) -> String {
        task.infoDescription(
            processName: processName(of: process), now: process.kernel.now, privateData: process.profile.consolePrivateData)
    }

    /// The budget is spent with tasks still open: the watchdog terminates the app.
    private func timeRanOut(in process: AppProcess) {
        guard process.isAlive, process.state == .background else { return }
        let open = tasks.filter(\.isOpen)
        guard !open.isEmpty else { return }
        var blocked: [String] = []
        var leaked: [BackgroundTask] = []
        for task in open {
            switch task.handlerState {
            case .queued:
                let busy = process.mainLane.currentItemName ?? "other work"
                let why = "the expiration handler of \(task.subject) had not started when the background time ran out: "
                    + "the main thread was busy with \(busy)"
                blocked.append(why)
                process.diagnose(
                    Rules.expirationHandlerBlocked, subject: task.subject, message: why,
                    fix: "Keep the main thread free in the background: move long work off the main queue, so that the expiration handlers (which UIKit calls on the main thread) run on time.")
            case .running:
                let why = "the expiration handler of \(task.subject) was still running when the background time ran out\(holdUp(of: task, in: process))"
                blocked.append(why)
                process.diagnose(Rules.expirationHandlerBlocked, subject: task.subject, message: why)
            case .notCalled, .skipped, .returned:
                leaked.append(task)
                process.diagnose(
                    Rules.backgroundTaskLeaked, subject: task.subject,
                    message: "\(task.subject) was still open when the background time ran out")
            }
        }
        // The kill line names what held the app up: a blocked handler, not the task it would have ended.
        if !leaked.isEmpty {
            let names = leaked.map { $0.consoleName(processName: processName(of: process)) }.joined(separator: ", ")
            blocked.append("background task(s) \(names) not ended before the background time ran out")
        }
        process.terminate(.watchdog, message: blocked.joined(separator: "; "))
    }

    /// How long a running expiration handler has run and what it waits for: ` (for 5.000s, waiting for ...)`.
    private func holdUp(of task: BackgroundTask, in process: AppProcess) -> String {
        guard let start = task.handlerStart else { return "" }
        let waiting = start.context?.waitingFor.map { ", waiting for \($0)" } ?? ""
        return " (for \(process.kernel.now - start.at)\(waiting))"
    }

    private func scheduleAgeWarning(for task: BackgroundTask, in process: AppProcess) {
        guard !task.warnedAboutAge else { return }
        let kernel = process.kernel
        let age = process.profile.backgroundTaskWarningAge
        let label = EventLabel("backgroundTask.ageWarning", subject: Int64(task.identifier))
        kernel.schedule(at: max(kernel.now, task.createdAt + age), label: label) { [self] in
            guard process.isAlive, process.state == .background, task.isOpen, !task.warnedAboutAge, kernel.now - task.createdAt >= age
            else { return }
            task.warnedAboutAgeNow()
            // Word for word (deltachat-ios #1128; the same in a 2026 device log).
            let message = "Background Task \(task.consoleName(processName: processName(of: process))), was created over "
                + "\(age / .seconds(1)) seconds ago. "
                + "In applications running in the background, this creates a risk of termination. "
                + "Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this."
            process.console(message)
            // UIKit counts the age from the begin, in the foreground too: only a task held with no work is the app's mistake.
            if !reportHeldIdle(task, in: process) {
                process.diagnose(Rules.backgroundTaskOpenTooLong, subject: task.subject, message: message)
            }
        }
    }

    /// The app's code went idle, with no work of its own going on: a task held open in the background past the
    /// age is held for nothing (BGS047).
    func appWentIdle(in process: AppProcess) {
        guard !openTasks.isEmpty, process.state == .background else { return }
        // A task not warned yet is judged by its warning, due now or earlier: UIKit's line comes first.
        for task in tasks where task.isOpen && task.warnedAboutAge { reportHeldIdle(task, in: process) }
    }

    /// Reports `task` as held idle (BGS047) if it is, once: open past the age while the app runs in the background
    /// with no work of its own going on, and its expiration handler not called yet. Returns whether it is.
    @discardableResult
    private func reportHeldIdle(_ task: BackgroundTask, in process: AppProcess) -> Bool {
        let now = process.kernel.now
        let age = now - task.createdAt
        // Work going on (or work the model cannot see: Swift code's own tasks) is what a task protects, whatever its age.
        guard !task.reportedHeldIdle, process.state == .background, !expirationStarted, task.handlerState == .notCalled,
              age >= process.profile.backgroundTaskWarningAge, process.appCodeIdleSince != nil
        else { return false }
        task.reportedHeldIdle = true
        let message: String
        let fix: String
        if let workEnded = process.appCodeLastWorkEndedAt, workEnded > task.createdAt {
            message = "\(task.subject) has been open for \(age), in the background with no work of the app's going on: the "
                + "app's work ended at \(workEnded), and the task was left open with nothing to protect"
            fix = "End the task when its work ends, on every path (after the last step, and where the work fails or is "
                + "cancelled): keep the end next to the save."
        } else {
            let since = task.beganWhileLaunching ? "launch (\(task.createdAt))" : "\(task.createdAt)"
            message = "\(task.subject) has been open since \(since), \(age), with no work of the app's going on since it began: "
                + "the task is held in the background, not protecting work"
            fix = "Begin a background task just before the work it protects, not \(task.beganWhileLaunching ? "at launch" : "ahead of it"), "
                + "and end it as soon as that work is done: a task held open keeps the app from being suspended for nothing."
        }
        process.diagnose(Rules.backgroundTaskHeldIdle, subject: task.subject, message: message, fix: fix)
        return true
    }

    // MARK: Tasks

    /// `beginBackgroundTask(withName:expirationHandler:)`: the new task's identifier, or 0 (`.invalid`).
    func beginTask(name: String?, expirationHandler: ExpirationHandler?, in process: AppProcess) -> Int {
        let state = process.state
        let number = process.number
        let late = state == .background && expirationStarted
        if !state.isRunning || (late && process.profile.beginBackgroundTaskAfterExpiration == .invalid) {
            process.trace(.backgroundTime(.taskInvalid(BackgroundTimeRecord.TaskInvalid(process: number, name: name ?? "", state: state.name))))
            return 0
        }
        let identifier = nextIdentifier
        nextIdentifier += 1
        let launching = if case .launching = state { true } else { false }
        let task = BackgroundTask(
            identifier: identifier, name: name, createdAt: process.kernel.now, expirationHandler: expirationHandler,
            beganWhileLaunching: launching)
        // Granted after the handlers were fired (the profile's other reading): its handler is never called.
        if late { task.moveHandler(to: .skipped) }
        tasks.append(task)
        openTasks[identifier] = task
        process.protectionBegan()
        process.cancelSuspension()
        process.trace(.backgroundTime(.taskBegin(BackgroundTimeRecord.TaskBegin(
            process: number, identifier: identifier, name: name ?? "", remaining: remaining(in: process)))))
        if state == .background { scheduleAgeWarning(for: task, in: process) }
        return identifier
    }

    /// `endBackgroundTask(_:)` of the task with this raw identifier.
    ///
    /// `.invalid` (0) is no task and ending it does nothing: Apple's own code in "Extending your app's background
    /// execution time" ends the stored identifier after its expiration handler has ended the task and reset it to
    /// `.invalid`, and every report of UIKit's "Can't end BackgroundTask" line names a real identifier.
    func endTask(_ identifier: Int, in process: AppProcess) {
        // `.invalid` ends nothing and UIKit says nothing: Apple's own article ends it after its expiration handler
        // reset the stored identifier, and no report of the console line shows it for 0.
        guard identifier != 0 else { return }
        let handler = ExpirationHandlerScope.current
        if let handler, handler != identifier { openTasks[handler]?.handlerEnded(other: identifier) }
        guard let task = openTasks[identifier] else {
            reportEndOfTaskNotOpen(identifier, in: process)
            return
        }
        task.close()
        openTasks[identifier] = nil
        let now = process.kernel.now
        ended[identifier] = EndedTask(
            name: task.name, began: task.createdAt, at: now,
            by: handler == identifier ? .ownHandler : handler.map { .handlerOf($0) } ?? .app)
        // Ended tasks leave the ordered list in batches, so that ending many is linear.
        if openTasks.count * 2 < tasks.count { tasks.removeAll { !$0.isOpen } }
        process.trace(.backgroundTime(.taskEnd(BackgroundTimeRecord.TaskEnd(
            process: process.number, identifier: identifier, name: task.name ?? "", age: now - task.createdAt))))
        let cutShort = cutShort(in: process)
        process.protectionEnded(task.subject, isBGTask: false, how: expirationStarted ? .expired(cutShort: cutShort) : .endedByApp(cutShort: cutShort))
        process.evaluateSuspension()
    }

    /// How the system cut this period's background time short of the profile's documented budget, in words; nil
    /// when it gave the whole budget.
    private func cutShort(in process: AppProcess) -> String? {
        let budget = process.profile.backgroundTimeBudget
        let documented = process.profile.defaultDuration(of: .backgroundTimeBudget)
        guard budget < documented, let start = periodStartedAt else { return nil }
        return "the app left at \(start) with \(budget) of background time, less than the \(documented) the system usually gives"
    }

    /// `endBackgroundTask(_:)` of an identifier that is not open: UIKit's console line, and what the model saw of it (BGS002).
    private func reportEndOfTaskNotOpen(_ identifier: Int, in process: AppProcess) {
        // Word for word, the identifier in decimal and hexadecimal (mixpanel-swift #335).
        let console = "Can't end BackgroundTask: no background task exists with identifier "
            + "\(identifier) (0x\(String(identifier, radix: 16))), or it may have already been ended. "
            + "Break in UIApplicationEndBackgroundTaskError() to debug."
        process.console(console)
        let situation: String
        let fix: String?
        if let end = ended[identifier] {
            let name = end.name.map { " (\"\($0)\")" } ?? ""
            if let older = tasks.first(where: { $0.isOpen && $0.identifier < identifier && $0.name == end.name }) {
                situation = "Background task \(identifier)\(name) was ended already at \(end.at); \(older.subject), begun earlier at "
                    + "\(older.createdAt), is still open: a second begin overwrote the identifier stored for it, so the code "
                    + "that should end it ends task \(identifier) instead, and task \(older.identifier) will never be ended."
                fix = "Keep each task's identifier apart: capture it where the task begins (let id = beginBackgroundTask(...)) "
                    + "and end that one, or begin no second task while one runs (check that the stored identifier is .invalid first)."
            } else {
                switch end.by {
                case .ownHandler:
                    situation = "Background task \(identifier)\(name) was ended already at \(end.at), by its own expiration handler."
                    fix = "Set the stored identifier to .invalid in the expiration handler right after ending the task, and end "
                        + "it in the work only while it is still valid (as Apple's article does)."
                case .handlerOf(let other):
                    situation = "Background task \(identifier)\(name) was ended already at \(end.at), by the expiration handler "
                        + "of background task \(other)."
                    fix = nil
                case .app:
                    situation = "Background task \(identifier)\(name) was ended already at \(end.at)."
                    fix = nil
                }
            }
        } else {
            situation = "No background task \(identifier) was begun in this process."
            fix = "End only an identifier that beginBackgroundTask returned in this process, and only once."
        }
        process.diagnose(
            Rules.endedUnknownBackgroundTask, subject: "background task \(identifier)", message: "\(console) \(situation)", fix: fix)
    }

    /// The process's name in UIKit's default task names: the last part of the bundle identifier (an approximation
    /// of the executable's name).
    private func processName(of process: AppProcess) -> String {
        String(process.system.appInfo.bundleIdentifier.split(separator: ".").last ?? "")
    }

    // MARK: Invariants

    /// Stops the run if background time's bookkeeping is inconsistent with itself or with `state`: a bug in the model.
    ///
    /// - Complexity: O(*n*) in the number of tasks still listed.
    func checkInvariants(state: AppState) {
        modelInvariant(
            (deadline != nil) == (state == .background),
            "the background deadline is \(deadline.map { "\($0)" } ?? "nil"), but the process is \(state.name.rawValue)")
        modelInvariant(timers.isEmpty || deadline != nil, "background time's events are pending with no deadline")
        modelInvariant(!expirationStarted || deadline != nil, "expiration handlers were fired outside a background period")
        var open = 0
        for (index, task) in tasks.enumerated() {
            modelInvariant(
                (index == 0 || tasks[index - 1].identifier < task.identifier) && task.identifier < nextIdentifier,
                "background task \(task.identifier) is out of begin order")
            guard task.isOpen else { continue }
            open += 1
            modelInvariant(openTasks[task.identifier] === task, "open background task \(task.identifier) is not in the open-task index")
        }
        modelInvariant(open == openTasks.count, "the open-task index holds \(openTasks.count) tasks, but \(open) are open")
        if state.isTerminated { modelInvariant(openTasks.isEmpty, "a terminated process has \(openTasks.count) open background task(s)") }
    }

    #if DEBUG
    /// Test-only: drops an open task from the open-task index, so a test sees the check stop the run.
    func breakInvariantForTesting() {
        openTasks.removeValue(forKey: tasks.first(where: \.isOpen)?.identifier ?? 0)
    }
    #endif
}

/// A background task the app ended: when, and by whose code.
struct EndedTask {
    /// Who ended it.
    enum Ender {
        /// The app's code, outside any expiration handler.
        case app
        /// Its own expiration handler.
        case ownHandler
        /// The expiration handler of another task (by identifier).
        case handlerOf(Int)
    }

    var name: String?
    var began: VirtualInstant
    var at: VirtualInstant
    var by: Ender
}

/// The expiration handlers fired at one instant, and the tasks they belong to: UIKit reports the tasks still
/// open once the last handler returned.
final class ExpirationBatch {
    let tasks: [BackgroundTask]
    var handlersLeft = 0

    init(tasks: [BackgroundTask]) {
        self.tasks = tasks
    }
}
