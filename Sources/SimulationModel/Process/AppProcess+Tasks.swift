import SimulationKernel

/// The app's side of `BGTaskScheduler`, as services and look-alikes call it: registrations, the running tasks,
/// expiry and completion (kept by ``LaunchedTasks``).
extension AppProcess {
    // MARK: Exceptions

    /// The app raises NSInternalInconsistencyException and does not catch it: the console's last words, then a crash.
    /// The diagnostic says `message` (the reason, by default) and `fix`.
    func raiseInternalInconsistency(_ rule: Rule, subject: String, reason: String, message: String? = nil, fix: String? = nil) {
        console("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(reason)'")
        diagnose(rule, subject: subject, message: message ?? reason, fix: fix)
        terminate(.crash, message: "NSInternalInconsistencyException: \(reason)")
    }

    /// `submit` or a launch found no handler for `request`'s identifier in this process (iOS 26.1: BGTaskScheduler.m:379,
    /// :697, :833); the diagnostic says why, from what the system remembers of the identifier.
    func raiseNoLaunchHandler(_ request: TaskRequest, atSubmit: Bool) {
        let history = system.service(TaskScheduler.self).identifierHistory
        let found = NoLaunchHandlerCase(request, atSubmit: atSubmit, in: self, history: history)
        raiseInternalInconsistency(
            Rules.noLaunchHandler, subject: "task identifier \(request.identifier)",
            reason: "No launch handler registered for task with identifier \(request.identifier)", message: found.message, fix: found.fix)
    }

    // MARK: Registration

    /// `register(forTaskWithIdentifier:using:launchHandler:)`: returns whether it registered; crashes as the platform does.
    package func register(identifier: String, registration: TaskRegistration) -> Bool {
        guard isAlive else { return false }
        return tasks.register(identifier: identifier, registration: registration, launchFinished: lifecycle.launchFinished, in: self)
    }

    /// The handler that runs `request`: registered for its identifier, or (when the profile reads wildcard
    /// registrations that way) for the wildcard entry a continued identifier falls under.
    func registration(for request: TaskRequest) -> TaskRegistration? {
        tasks.registration(for: request, in: self)
    }

    // MARK: Running tasks

    /// The tasks running, oldest first.
    var runningTasks: [RunningTask] { tasks.running }

    func runningTask(withIdentifier identifier: String) -> RunningTask? {
        tasks.task(withIdentifier: identifier)
    }

    /// The running continued tasks, oldest first.
    var runningContinuedTasks: [RunningTask] {
        tasks.running.filter { $0.continued != nil }
    }

    /// Continued processing tasks running now, or handed to the app and about to start: the concurrency slots taken.
    var continuedTaskCount: Int {
        isAlive ? tasks.slotsTaken : 0
    }

    /// The task's time is up (or the debugger or the system says so): the expiration handler runs.
    package func expire(_ task: RunningTask, reason: String) {
        tasks.expire(task, reason: reason, in: self)
    }

    /// The debugger's `_simulateExpirationForTaskWithIdentifier:`; returns why nothing happened, if nothing did.
    package func simulateExpiration(of identifier: String) -> String? {
        tasks.simulateExpiration(of: identifier, in: self)
    }

    /// The saves the app made since it had made `count` in this process, and when the last was.
    func savesSince(_ count: Int) -> (count: Int, last: VirtualInstant?) {
        let since = memory.saveCount - count
        return (since, since > 0 ? memory.lastSaveAt : nil)
    }

    /// How many saves the app made in this process.
    var saveCount: Int { memory.saveCount }

    /// `setTaskCompleted(success:)`.
    package func complete(_ task: RunningTask, success: Bool) {
        guard isAlive else { return }
        tasks.complete(task, success: success, in: self)
    }
}
