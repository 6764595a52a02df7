import SimulationKernel

/// Background time: `beginBackgroundTask` assertions, the budget after leaving the foreground,
/// the expiration handlers, the watchdog, and the console's warnings.
extension AppProcess {

    func beginBackgroundPeriod() {
        let budget = profile.backgroundTimeBudget
        let deadline = now + budget
        backgroundDeadline = deadline
        expirationStarted = false
        trace(.backgroundTime(.start(BackgroundTimeRecord.Start(process: number, budget: budget, deadline: deadline))))
        let expirationAt = max(now, deadline - profile.expirationLead)
        let subject = Int64(number)
        backgroundTimers.append(kernel.schedule(
            at: VirtualInstant(nanoseconds: expirationAt), label: EventLabel("backgroundTime.expiring", subject: subject)
        ) { [self] in
            backgroundTimeExpiring()
        })
        backgroundTimers.append(kernel.schedule(
            at: VirtualInstant(nanoseconds: deadline), label: EventLabel("backgroundTime.ranOut", subject: subject)
        ) { [self] in
            backgroundTimeRanOut()
        })
        for task in tasks where task.isOpen { scheduleAgeWarning(for: task) }
    }

    func endBackgroundPeriod() {
        for timer in backgroundTimers { kernel.cancel(timer) }
        backgroundTimers.removeAll()
        if backgroundDeadline != nil { trace(.backgroundTime(.end(BackgroundTimeRecord.End(process: number)))) }
        backgroundDeadline = nil
        expirationStarted = false
    }

    /// The background time is about to run out: UIKit calls every expiration handler, one after another on the main
    /// thread, then logs each task still open ("Firing background task expiration handlers", iOS 26.1's UIKitCore).
    func backgroundTimeExpiring() {
        guard isAlive, state == .background else { return }
        expirationStarted = true
        let open = tasks.filter { $0.isOpen && !$0.expirationHandlerCalled }
        if !open.isEmpty { trace(.backgroundTime(.expiring(BackgroundTimeRecord.Expiring(process: number, openTasks: open.count)))) }
        let batch = ExpirationBatch(tasks: open)
        for task in open {
            task.expirationHandlerCalled = true
            guard let handler = task.expirationHandler else {
                console("[_UIBackgroundTaskInfo fireExpirationHandler]: Did not call expiration handler: (null) for task: "
                    + "\(describe(task)). Handler was nil, or UIKIT_SUPPORTS_ASSERTIONSERVICES is false.")
                continue
            }
            task.handlerState = .queued
            batch.handlersLeft += 1
            mainLane.enqueue("expiration handler of task \(task.identifier)", onStart: { [self] in
                task.handlerState = .running
                trace(.backgroundTime(.taskExpirationHandler(BackgroundTimeRecord.TaskExpirationHandler(
                    process: number, identifier: task.identifier, phase: .started))))
            }, onFinish: { [self] in
                task.handlerState = .returned
                trace(.backgroundTime(.taskExpirationHandler(BackgroundTimeRecord.TaskExpirationHandler(
                    process: number, identifier: task.identifier, phase: .returned))))
                batch.handlersLeft -= 1
                if batch.handlersLeft == 0 { reportTasksStillOpen(after: batch) }
            }, workOwner: .none) { [self, subject = task.subject] in
                await handler.call(in: self, name: "the expiration handler of \(subject)")
            }
        }
        if batch.handlersLeft == 0 { reportTasksStillOpen(after: batch) }
    }

    /// UIKit's log after the last expiration handler returned, for every task of the batch still open (with a handler or without).
    private func reportTasksStillOpen(after batch: ExpirationBatch) {
        guard isAlive else { return }
        for task in batch.tasks where task.isOpen {
            let message = "Background task still not ended after expiration handlers were called: \(describe(task)). "
                + "This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this."
            console(message)
            // A task without a handler was never given the chance: BGS001 covers it when the time runs out.
            if task.expirationHandler != nil {
                diagnose(Rules.expirationHandlerLeftTaskOpen, subject: task.subject, message: message)
            }
        }
    }

    /// How UIKit's console shows a task (`%{private}@`), as the profile says the console shows private data.
    func describe(_ task: BackgroundTask) -> String {
        task.infoDescription(processName: processName, now: now, privateData: profile.consolePrivateData)
    }

    func backgroundTimeRanOut() {
        guard isAlive, state == .background else { return }
        let open = tasks.filter(\.isOpen)
        guard !open.isEmpty else { return }
        for task in open {
            switch task.handlerState {
            case .queued:
                diagnose(
                    Rules.expirationHandlerBlocked, subject: task.subject,
                    message: "the expiration handler of \(task.subject) had not started when the background time ran out: "
                        + "the main thread was busy with other work",
                    fix: "Keep the main thread free in the background: move long work off the main queue, so that the expiration handlers (which UIKit calls on the main thread) run on time.")
            case .running:
                diagnose(
                    Rules.expirationHandlerBlocked, subject: task.subject,
                    message: "the expiration handler of \(task.subject) was still running when the background time ran out")
            case .notCalled, .returned:
                diagnose(
                    Rules.backgroundTaskLeaked, subject: task.subject,
                    message: "\(task.subject) was still open when the background time ran out")
            }
        }
        let names = open.map { $0.consoleName(processName: processName) }.joined(separator: ", ")
        terminate(.watchdog, message: "background task(s) \(names) not ended before the background time ran out")
    }

    func scheduleAgeWarning(for task: BackgroundTask) {
        guard !task.warnedAboutAge else { return }
        let at = max(now, task.createdAt + profile.backgroundTaskWarningAge)
        let label = EventLabel("backgroundTask.ageWarning", subject: Int64(task.identifier))
        kernel.schedule(at: VirtualInstant(nanoseconds: at), label: label) { [self] in
            guard isAlive, state == .background, task.isOpen, !task.warnedAboutAge,
                  now - task.createdAt >= profile.backgroundTaskWarningAge
            else { return }
            task.warnedAboutAge = true
            // Word for word (deltachat-ios #1128; the same in a 2026 device log).
            let message = "Background Task \(task.consoleName(processName: processName)), was created over "
                + "\(profile.backgroundTaskWarningAge / 1_000_000_000) seconds ago. "
                + "In applications running in the background, this creates a risk of termination. "
                + "Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this."
            console(message)
            diagnose(Rules.backgroundTaskOpenTooLong, subject: task.subject, message: message)
        }
    }

    /// `beginBackgroundTask(withName:expirationHandler:)`: the new task's identifier, or 0 (`.invalid`).
    package func beginBackgroundTask(name: String?, expirationHandler: ExpirationHandler?) -> Int {
        guard isAlive else { return 0 }
        let late = state == .background && expirationStarted
        if !state.isRunning || (late && profile.beginBackgroundTaskAfterExpiration == .invalid) {
            trace(.backgroundTime(.taskInvalid(BackgroundTimeRecord.TaskInvalid(process: number, name: name ?? "", state: state.name))))
            return 0
        }
        let identifier = nextTaskIdentifier
        nextTaskIdentifier += 1
        let task = BackgroundTask(identifier: identifier, name: name, createdAt: now, expirationHandler: expirationHandler)
        // Granted after the handlers were fired (the profile's other reading): its handler is never called.
        if late { task.expirationHandlerCalled = true }
        tasks.append(task)
        openTasks[identifier] = task
        cancelSuspension()
        trace(.backgroundTime(.taskBegin(BackgroundTimeRecord.TaskBegin(
            process: number, identifier: identifier, name: name ?? "", remaining: backgroundTimeRemainingNanoseconds))))
        if state == .background { scheduleAgeWarning(for: task) }
        return identifier
    }

    /// `endBackgroundTask(_:)` of the task with this raw identifier.
    package func endBackgroundTask(_ identifier: Int) {
        guard isAlive else { return }
        guard let task = openTasks[identifier] else {
            // Word for word, the identifier in decimal and hexadecimal (mixpanel-swift #335).
            let message = "Can't end BackgroundTask: no background task exists with identifier "
                + "\(identifier) (0x\(String(identifier, radix: 16))), or it may have already been ended. "
                + "Break in UIApplicationEndBackgroundTaskError() to debug."
            console(message)
            diagnose(Rules.endedUnknownBackgroundTask, subject: "background task \(identifier)", message: message)
            return
        }
        task.isOpen = false
        openTasks[identifier] = nil
        // Ended tasks leave the ordered list in batches, so that ending many is linear.
        if openTasks.count * 2 < tasks.count { tasks.removeAll { !$0.isOpen } }
        trace(.backgroundTime(.taskEnd(BackgroundTimeRecord.TaskEnd(
            process: number, identifier: identifier, name: task.name ?? "", age: now - task.createdAt))))
        evaluateSuspension()
    }

    /// Nanoseconds of background time left, or nil when unlimited (in the foreground).
    package var backgroundTimeRemainingNanoseconds: Int64? {
        guard state == .background, let deadline = backgroundDeadline else { return nil }
        return max(0, deadline - now)
    }

    package var openTaskCount: Int { openTasks.count }

    /// The process's name in UIKit's default task names: the last part of the bundle identifier (an approximation
    /// of the executable's name).
    var processName: String {
        String(system.appInfo.bundleIdentifier.split(separator: ".").last ?? "")
    }
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
