import SimulationKernel
import SimulationModel
import SimulationSupport

/// One thing app code does, written as data in a scenario's `actions`.
///
/// Steps let a scenario describe correct and buggy apps alike: the same
/// vocabulary writes "end the task in the expiration handler" and "end it
/// from a block dispatched for later". The language's own steps (work, time,
/// lanes, locks, flags, control flow) are cases here; each feature's steps
/// are one case holding the feature's enum, declared in the feature's folder
/// with its format (`StepFormat`) and its part of the interpreter. Static
/// members such as ``submit(_:earliestBegin:)`` spell the features' steps as before.
public indirect enum Step: Sendable, Hashable {
    /// CPU work on the current lane for a duration (plus or minus `jitter`, drawn from the seed).
    /// It pauses while the app is suspended. Unless `changesState` is false, it is unsaved work until the next save.
    case work(duration: VirtualDuration, jitter: VirtualDuration, changesState: Bool)
    /// Waiting without using the CPU (a network reply, a timer) for a duration.
    case wait(duration: VirtualDuration)
    /// Writes the app's state to disk, taking `duration`; afterwards the checkpoint survives termination.
    case save(checkpoint: String, duration: VirtualDuration)
    /// Runs the steps on a background queue; the current lane goes on at once (`Task {}`, `DispatchQueue.global().async`).
    case async([Step])
    /// Queues the steps on the main lane, after `delay` (`DispatchQueue.main.asyncAfter`).
    case dispatchMain(delay: VirtualDuration, steps: [Step])
    /// Queues the steps on a serial queue of the app's, by name (`"main"` is the main queue): `queue.async { }`, or,
    /// when `sync`, `queue.sync { }`, which waits for everything queued before the block and the block itself.
    case dispatch(queue: String, sync: Bool, steps: [Step])
    /// Takes a file or database lock, for example SQLite's in a shared container.
    case holdLock(String)
    /// Releases a lock taken with `holdLock`.
    case releaseLock(String)
    /// Runs another named action of the app, inline.
    case perform(action: String)
    /// Runs the steps `count` times.
    case repeating(count: Int, steps: [Step])
    /// Writes a line to the app's log (the trace).
    case log(String)
    /// The app crashes.
    case crash(String)
    /// The app exits by itself.
    case exit
    /// Sets one of the app's flags (declared in `app.flags`): a feature flag turned on, `shouldContinue = false`.
    case setFlag(String, to: Bool)
    /// Runs `then` when the condition holds, `otherwise` when it does not.
    case `if`(Condition, then: [Step], otherwise: [Step])
    /// Runs the steps again and again while the condition holds, checked before each round (`while !isCancelled`).
    case `while`(Condition, steps: [Step])
    /// `beginBackgroundTask` and `endBackgroundTask`.
    case backgroundTime(BackgroundTimeStep)
    /// `BGTaskScheduler`'s register and submit, and what a launch handler does with its task.
    case task(TaskStep)
    /// A continued processing task's work, progress and Live Activity.
    case continued(ContinuedStep)
    /// What a silent push handler does.
    case push(PushStep)
    /// Background `URLSession` sessions and downloads.
    case transfer(TransferStep)

    /// The step names a scenario may use, in the order the schema lists them: the names of `StepFormat.all`.
    package static let names = StepFormat.all.map(\.name)

    /// The placeholder an identifier may hold: the run's next job number (1, 2, ...). In a `register` it takes the
    /// next number and keeps it for the next `submit` in the same run of the action, so that the identifier a tap
    /// registers is the one it submits; a `submit` takes the kept number, or a new one.
    static let jobNumberPlaceholder = "{n}"
}
