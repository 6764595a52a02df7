import SimulationKernel

/// What a system service may see and do: the world as a snapshot, the clock and events, the trace, and the app.
///
/// The simulation is the one implementation. Services hold it unowned and
/// use nothing else of it, so the coupling between the parts of the model is
/// this list.
package protocol SystemContext: AnyObject {
    /// The run's kernel: the clock, events and the run's choices.
    var kernel: Kernel { get }
    /// The platform's numbers.
    var profile: PlatformProfile { get }
    /// How the system picks when background tasks run.
    var policy: LaunchPolicy { get }
    /// The app's Info.plist and entitlements.
    var appInfo: AppInfo { get }
    /// The world now, read-only.
    var snapshot: WorldSnapshot { get }
    /// The current app process, if the app was ever launched (it may have ended).
    var process: AppProcess? { get }
    /// Appends a record to the trace at the current instant.
    func trace(_ record: TraceRecord)
    /// Reports a breach of a rule at the current instant.
    func diagnose(_ rule: Rule, process: Int?, subject: String, message: String)
    /// Reports a breach of a rule at the current instant, with advice that fits the case better than the rule's fix.
    func diagnose(_ rule: Rule, process: Int?, subject: String, message: String, fix: String?)
    /// What the app saved on the device, which outlives its processes: checkpoints and output files.
    var saved: SavedState { get }
    /// Hands a launched task to the app: wakes it, gives it the task now, or launches it into the background for it.
    /// `simulated` when the debugger's `simulateLaunch` launched it.
    func deliver(_ request: TaskRequest, simulated: Bool)
    /// Launches the app into the background for a service's event (a push, a finished transfer) and returns the process.
    func launchIntoBackground(cause: StateChangeCause) -> AppProcess
    /// The next job number for a continued identifier's `{n}`: counted over the run, so no two jobs share one.
    func nextJobNumber() -> Int
    /// Tells every service that a launched task started in `process` (after `bgTask.start` is traced).
    func taskStarted(_ task: RunningTask, in process: AppProcess)
    /// Tells every service that a launched task expired (after `bgTask.expire` is traced).
    func taskExpired(_ task: RunningTask, in process: AppProcess)
    /// Tells every service that a launched task is ending (before `bgTask.end` is traced); `process` may be dead.
    func taskEnding(_ task: RunningTask, in process: AppProcess)
    /// Tells every service that a launched task ended (after `bgTask.end` is traced); `successfully` when it completed
    /// with success before its time was up.
    func taskEnded(_ task: RunningTask, successfully: Bool, in process: AppProcess)
    /// The service of type `S`; every standard service is always there.
    func service<S: SystemService>(_ type: S.Type) -> S
}
