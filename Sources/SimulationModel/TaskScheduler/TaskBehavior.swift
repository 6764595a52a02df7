import SimulationKernel

/// What is particular to one kind of `BGTask`: how requests are checked, when they may run, and how long.
///
/// The scheduler, the policy and the process share one code path for every
/// kind and ask the kind's behaviour where they differ. A new kind is one
/// type conforming to this protocol and one case of ``TaskKind`` that names it.
package protocol TaskBehavior: Sendable {
    /// The kind it describes.
    var kind: TaskKind { get }
    /// How the task is named in diagnostics.
    var subjectName: String { get }
    /// The `UIBackgroundModes` value the kind needs, if any.
    var backgroundMode: BackgroundMode? { get }
    /// The most requests of the kind that may be pending at once.
    var pendingLimit: Int { get }
    /// How long a task may run, or nil when there is no fixed limit.
    func runtime(in profile: PlatformProfile) -> VirtualDuration?
    /// Whether a task that did not complete makes the next one of the kind wait.
    var penalizesIncompleteTasks: Bool { get }
    /// Whether a launch handler may be registered after the app finished launching.
    var registersOnDemand: Bool { get }
    /// Whether a running task expires when the person starts using the device.
    var expiresWhenDeviceIsUsed: Bool { get }
    /// The app bug a task of the kind is when its work is still going after the kind's whole documented runtime
    /// (BGS048 for an app refresh); nil when running out of time is the system's doing for the kind (BGS018).
    var overrunRule: Rule? { get }
    /// What to change when the work of a task of the kind did not fit its whole documented runtime (``overrunRule``),
    /// with `progress` what the trace shows of the work done (the saves since the task began).
    func overrunFix(progress: String) -> String
    /// What the notice says to do when the system ended a task of the kind with its work still going (BGS018);
    /// `savedProgress` says whether the app saved since the task began.
    func expiryFix(savedProgress: Bool) -> String
    /// Checks a submission and queues it with the scheduler, or throws what `submit(_:)` throws.
    func submit(_ request: TaskRequest, from process: AppProcess, to scheduler: TaskScheduler) throws(SubmitError)
    /// Why a request of the kind may not run now, or nil.
    func blocker(for request: TaskRequest, in world: WorldSnapshot, policy: LaunchPolicy) -> LaunchBlocker?
    /// The earliest instant a pending request may run if the conditions hold.
    func readyTime(for entry: PendingRequest, in world: WorldSnapshot, history: LaunchHistory, policy: LaunchPolicy) -> VirtualInstant
    /// What the ending task's output left, for kinds that say (asked before `bgTask.end` is traced, after the
    /// services heard the task is ending).
    func outputLeft(by task: RunningTask, in process: AppProcess) -> TaskRecord.OutputLeft?
    /// Apple's name of the kind's `BGTask` subclass, as BackgroundTasks' log writes it (`BGProcessingTask`).
    var taskClassName: String { get }
    /// How BackgroundTasks names a task of the kind in its log: `<BGProcessingTask: com.example.cleanup>`.
    func logDescription(of request: TaskRequest) -> String
    /// Whether only a few tasks of the kind run at once (continued processing's slots): a request may wait in a queue
    /// for a slot, which its `bgTask.submit` says, and a task launched at the same instant may take the slot it needed.
    var hasConcurrencySlots: Bool { get }
    /// Whether a running task of the kind shows a Live Activity whose progress the system samples (continued
    /// processing): the person and the system may stop it from there.
    var hasLiveActivity: Bool { get }
    /// Whether a request of the kind finds the handler registered for the wildcard entry its identifier falls under.
    func findsHandlerUnderWildcard(in profile: PlatformProfile) -> Bool
    /// Adds the fields of the kind's request class to `bgTask.submit` and `bgTask.submitFailed`.
    func encodeFields(of request: TaskRequest, personAction: String?, to fields: inout TraceFieldWriter)
    /// Reads what ``encodeFields(of:personAction:to:)`` wrote into `request`, and returns the person's action.
    func decodeFields(into request: inout TaskRequest, from fields: inout TraceFieldReader) throws(TraceDecodingError) -> String?
}

extension TaskKind {
    /// The behaviour of the kind: the one place a kind is registered.
    package var behavior: any TaskBehavior {
        switch self {
        case .appRefresh: AppRefreshTasks.shared
        case .processing: ProcessingTasks.shared
        case .continuedProcessing: ContinuedProcessingTasks.shared
        #if BGSIM_FEATURE_DEMO
        case .demoMaintenance: DemoMaintenanceTasks.shared
        #endif
        }
    }

    /// The `UIBackgroundModes` value this kind needs, if any.
    var backgroundMode: BackgroundMode? { behavior.backgroundMode }

    /// The most requests of this kind that may be pending at once.
    var pendingLimit: Int { behavior.pendingLimit }

    /// How the task is named in diagnostics.
    var subjectName: String { behavior.subjectName }
}

/// What most kinds leave as it is.
extension TaskBehavior {
    var expiresWhenDeviceIsUsed: Bool { false }
    package var overrunRule: Rule? { nil }
    package func overrunFix(progress: String) -> String { Rules.taskExpired.fix }
    package func expiryFix(savedProgress: Bool) -> String { Rules.taskExpired.fix }
    func outputLeft(by task: RunningTask, in process: AppProcess) -> TaskRecord.OutputLeft? { nil }
    func logDescription(of request: TaskRequest) -> String { "<\(taskClassName): \(request.identifier)>" }
    var hasConcurrencySlots: Bool { false }
    package var hasLiveActivity: Bool { false }
    func findsHandlerUnderWildcard(in profile: PlatformProfile) -> Bool { false }
}
