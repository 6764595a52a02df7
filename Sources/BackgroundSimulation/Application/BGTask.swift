/// The look-alike of BackgroundTasks' `BGTask`: a task the system launched, handed to the launch handler.
///
/// Set ``expirationHandler`` first, and call ``setTaskCompleted(success:)``
/// exactly once on every path.
public class BGTask: @unchecked Sendable {
    unowned let process: AppProcess
    let task: RunningTask

    init(process: AppProcess, task: RunningTask) {
        self.process = process
        self.task = task
    }

    /// The identifier of the request that launched the task.
    public var identifier: String { task.identifier }

    /// Called when the task's time is about to run out: stop the work and call `setTaskCompleted(success: false)`.
    ///
    /// Without one, the system marks the task complete and unsuccessful when its time runs out.
    public var expirationHandler: (@Sendable () -> Void)? {
        get {
            if case .synchronous(let body) = task.expirationHandler { return body }
            return nil
        }
        set { task.expirationHandler = newValue.map { .synchronous($0) } }
    }

    /// Tells the system the task is done; the app may be suspended afterwards.
    public func setTaskCompleted(success: Bool) {
        process.complete(task, success: success)
    }
}

/// The look-alike of `BGAppRefreshTask`: about 30 seconds to fetch fresh content.
public final class BGAppRefreshTask: BGTask, @unchecked Sendable {}

/// The look-alike of `BGProcessingTask`: minutes of work while the device is idle.
public final class BGProcessingTask: BGTask, @unchecked Sendable {}
