/// A component of the simulated system: the task scheduler, continued processing, and later background
/// `URLSession` and push.
///
/// A service is told what happens in the world (a process starts or ends, a
/// launched task starts, expires or ends, the device's conditions change,
/// anything the system weighs changes) and may take the person's actions
/// that are its own. It reads the world through
/// ``SystemContext/snapshot`` and acts through ``SystemContext``, never
/// through another object's fields. Every hook has an empty default, so a
/// service implements only what it needs; a new service is one type and one
/// line in ``Simulation/standardServices``.
package protocol SystemService: AnyObject {
    /// Performs `action` if it is this service's, and says what came of it.
    func perform(_ action: UserAction) -> ActionOutcome
    /// A new app process started (a launch into the foreground or the background).
    func processStarted(_ process: AppProcess)
    /// An app process ended; its tasks have ended already.
    func processEnded(_ process: AppProcess)
    /// The device's conditions changed (also locking and unlocking).
    func conditionsChanged(from old: DeviceConditions)
    /// Something the system weighs changed (the app's state, a task's end): re-plan.
    func worldChanged()
    /// A launched task started in `process` (after `bgTask.start` is traced).
    func taskStarted(_ task: RunningTask, in process: AppProcess)
    /// A launched task expired (after `bgTask.expire` is traced).
    func taskExpired(_ task: RunningTask, in process: AppProcess)
    /// A launched task is ending (before `bgTask.end` is traced); `process` may be dead.
    func taskEnding(_ task: RunningTask, in process: AppProcess)
    /// A launched task ended (after `bgTask.end` is traced); `successfully` when it completed with success before its
    /// time was up.
    func taskEnded(_ task: RunningTask, successfully: Bool, in process: AppProcess)
    /// The run is over: nothing more will happen.
    func runEnded()
    /// Stops the run if the service's state is inconsistent: a bug in the model. Called between events in debug
    /// builds only.
    func checkInvariants()
}

extension SystemService {
    package func perform(_ action: UserAction) -> ActionOutcome { .notMine }
    package func processStarted(_ process: AppProcess) {}
    package func processEnded(_ process: AppProcess) {}
    package func conditionsChanged(from old: DeviceConditions) {}
    package func worldChanged() {}
    package func taskStarted(_ task: RunningTask, in process: AppProcess) {}
    package func taskExpired(_ task: RunningTask, in process: AppProcess) {}
    package func taskEnding(_ task: RunningTask, in process: AppProcess) {}
    package func taskEnded(_ task: RunningTask, successfully: Bool, in process: AppProcess) {}
    package func runEnded() {}
    package func checkInvariants() {}
}

/// What came of offering a person's action to a service.
package enum ActionOutcome: Sendable, Hashable {
    /// The action is not this service's.
    case notMine
    /// The service performed it.
    case performed
    /// The action is this service's, but it did not apply, for this reason (traced as `user.actionIgnored`).
    case ignored(String)
}
