import SimulationKernel

/// Background time: `beginBackgroundTask` assertions, the budget after leaving the foreground,
/// the expiration handlers, the watchdog, and the console's warnings.
extension AppProcess {

    func beginBackgroundPeriod() {
        let budget = profile.backgroundTimeBudget
        let deadline = now + budget
        backgroundDeadline = deadline
        expirationStarted = false
        trace(.backgroundTimeStart(TraceRecord.BackgroundTimeStart(process: number, budget: budget, deadline: deadline)))
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
        if backgroundDeadline != nil { trace(.backgroundTimeEnd(TraceRecord.BackgroundTimeEnd(process: number))) }
        backgroundDeadline = nil
        expirationStarted = false
    }

    func backgroundTimeExpiring() {
        guard isAlive, state == .background else { return }
        expirationStarted = true
        let open = tasks.filter { $0.isOpen && !$0.expirationHandlerCalled }
        if !open.isEmpty { trace(.backgroundTimeExpiring(TraceRecord.BackgroundTimeExpiring(process: number, openTasks: open.count))) }
        for task in open {
            task.expirationHandlerCalled = true
            guard let handler = task.expirationHandler else { continue }
            mainLane.enqueue("expiration handler of task \(task.identifier)", onStart: { [self] in
                trace(.backgroundTaskExpirationHandler(TraceRecord.BackgroundTaskExpirationHandler(
                    process: number, identifier: task.identifier, phase: .started)))
            }, onFinish: { [self] in
                trace(.backgroundTaskExpirationHandler(TraceRecord.BackgroundTaskExpirationHandler(
                    process: number, identifier: task.identifier, phase: .returned)))
                guard task.isOpen else { return }
                let message = "Background task still not ended after expiration handlers were called: "
                    + "\(task.consoleName). This app will likely be terminated by the system."
                console(message)
                diagnose(Rules.expirationHandlerLeftTaskOpen, subject: task.subject, message: message)
            }) { [self, subject = task.subject] in
                await handler.call(in: self, name: "the expiration handler of \(subject)")
            }
        }
    }

    func backgroundTimeRanOut() {
        guard isAlive, state == .background else { return }
        let open = tasks.filter(\.isOpen)
        guard !open.isEmpty else { return }
        for task in open {
            diagnose(
                Rules.backgroundTaskLeaked, subject: task.subject,
                message: "\(task.subject) was still open when the background time ran out")
        }
        let names = open.map(\.consoleName).joined(separator: ", ")
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
            let message = "Background Task \(task.consoleName), was created over "
                + "\(profile.backgroundTaskWarningAge / 1_000_000_000) seconds ago. "
                + "In applications running in the background, this creates a risk of termination."
            console(message)
            diagnose(Rules.backgroundTaskOpenTooLong, subject: task.subject, message: message)
        }
    }

    /// `beginBackgroundTask(withName:expirationHandler:)`: the new task's identifier, or 0 (`.invalid`).
    package func beginBackgroundTask(name: String?, expirationHandler: ExpirationHandler?) -> Int {
        guard isAlive else { return 0 }
        if !state.isRunning || (state == .background && expirationStarted) {
            trace(.backgroundTaskInvalid(TraceRecord.BackgroundTaskInvalid(process: number, name: name ?? "", state: state.name)))
            return 0
        }
        let identifier = nextTaskIdentifier
        nextTaskIdentifier += 1
        let task = BackgroundTask(identifier: identifier, name: name, createdAt: now, expirationHandler: expirationHandler)
        tasks.append(task)
        openTasks[identifier] = task
        cancelSuspension()
        trace(.backgroundTaskBegin(TraceRecord.BackgroundTaskBegin(
            process: number, identifier: identifier, name: name ?? "", remaining: backgroundTimeRemainingNanoseconds)))
        if state == .background { scheduleAgeWarning(for: task) }
        return identifier
    }

    /// `endBackgroundTask(_:)` of the task with this raw identifier.
    package func endBackgroundTask(_ identifier: Int) {
        guard isAlive else { return }
        guard let task = openTasks[identifier] else {
            let message = "Can't end BackgroundTask: no background task exists with identifier "
                + "\(identifier), or it may have already been ended."
            console(message)
            diagnose(Rules.endedUnknownBackgroundTask, subject: "background task \(identifier)", message: message)
            return
        }
        task.isOpen = false
        openTasks[identifier] = nil
        // Ended tasks leave the ordered list in batches, so that ending many is linear.
        if openTasks.count * 2 < tasks.count { tasks.removeAll { !$0.isOpen } }
        trace(.backgroundTaskEnd(TraceRecord.BackgroundTaskEnd(
            process: number, identifier: identifier, name: task.name ?? "", age: now - task.createdAt)))
        evaluateSuspension()
    }

    /// Nanoseconds of background time left, or nil when unlimited (in the foreground).
    package var backgroundTimeRemainingNanoseconds: Int64? {
        guard state == .background, let deadline = backgroundDeadline else { return nil }
        return max(0, deadline - now)
    }

    package var openTaskCount: Int { openTasks.count }
}
