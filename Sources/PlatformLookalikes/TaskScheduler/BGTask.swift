import SimulationModel

/// The look-alike of BackgroundTasks' `BGTask`: a task the system launched, handed to the launch handler.
///
/// Set ``expirationHandler`` first, and call ``setTaskCompleted(success:)``
/// exactly once on every path. The object is the system's: it stays alive
/// while the task runs, so a `[weak task]` capture finds it.
public class BGTask: @unchecked Sendable {
    /// The model's process and task this object stands for.
    let reference: ProcessReference
    package let task: RunningTask
    /// The app's expiration handler as it set it, for the getter (the model keeps a wrapped copy).
    private var handler: (() -> Void)?

    package var process: AppProcess? { reference.process }

    /// The object that stands for `task`; each kind's class is made through this initializer (``TaskKind/lookalikes``).
    required init(process: AppProcess, task: RunningTask) {
        self.reference = ProcessReference(process)
        self.task = task
    }

    /// The one object of each kind that stands for `task`: made once, and kept alive by the task while it runs,
    /// as the system keeps the `BGTask` it hands to the launch handler (a `[weak task]` capture finds it).
    package static func lookalike(of task: RunningTask, in process: AppProcess) -> BGTask {
        if let object = task.lookalike as? BGTask { return object }
        let object = task.request.kind.lookalikes.task.init(process: process, task: task)
        task.lookalike = object
        return object
    }

    /// The identifier of the request that launched the task.
    public var identifier: String { task.identifier }

    /// Called when the task's time is about to run out: stop the work and call `setTaskCompleted(success: false)`.
    ///
    /// Without one, the system marks the task complete and unsuccessful when
    /// its time runs out. As on iOS, the system sets it to nil after calling
    /// it, and when the task is completed.
    public var expirationHandler: (() -> Void)? {
        get { handler }
        set {
            handler = newValue
            guard SimulatedCall.process(reference.process, "BGTask.expirationHandler") != nil else { return }
            task.expirationHandler = newValue.map { newValue in
                let body = UncheckedSendable(newValue)
                return .synchronous { [weak self] in
                    body.value()
                    self?.handler = nil
                }
            }
        }
    }

    /// What the watchdog calls, from its own thread, to stop a launch handler that never returns.
    var expirationHandlerForWatchdog: @Sendable () -> Void {
        { [weak self] in self?.handler?() }
    }

    /// The scenario interpreter's expiration handler: steps that may take virtual time on the handler's lane.
    package var simulatedExpirationHandler: (@Sendable () async -> Void)? {
        get {
            if case .simulated(let body) = task.expirationHandler { return body }
            return nil
        }
        set { task.expirationHandler = newValue.map { .simulated($0) } }
    }

    /// bgsim: whether the task's work was cancelled (by its expiration handler, or by the system for an async
    /// handler); work that checks it stops.
    package var isWorkCancelled: Bool { task.workCancelled }

    /// bgsim: cancels the task's work (a scenario's `cancelWork` step); it stays cancelled.
    package func cancelWork() {
        task.cancelWork()
    }

    /// Tells the system the task is done; the app may be suspended afterwards.
    public func setTaskCompleted(success: Bool) {
        guard let process = SimulatedCall.process(reference.process, "BGTask.setTaskCompleted(success:)") else { return }
        handler = nil
        process.complete(task, success: success)
    }
}
