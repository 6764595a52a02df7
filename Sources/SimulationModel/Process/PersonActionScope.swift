/// Which action of the person the running app code serves, if any.
///
/// A task-local value, so that whatever app code starts while handling a
/// tap inherits it: `Task {}`, `async let`, and tasks started with the
/// kernel's `spawn` from inside the tap's callback all copy task-local values
/// when they are created. The model binds it explicitly where the system
/// starts code (main-lane items, launch and expiration handlers), so that
/// nothing leaks from whichever task happened to start the next one.
/// Apple: continued processing runs "only in response to someone's action".
enum PersonActionScope {
    @TaskLocal static var current: String?
}

/// Which launched `BGTask` the running app code works for, if any.
///
/// Bound like ``PersonActionScope``: the launch handler runs with its task,
/// and code it starts (`async` work, blocks it dispatches to the main queue)
/// inherits it. Each running task counts the code still working for it, so
/// the model can tell a task whose work is still going from one whose work
/// ended without `setTaskCompleted` (BGS031).
enum TaskWorkScope {
    @TaskLocal static var current: RunningTask?
}

/// Which launched task a piece of app code works for, when it is started.
package enum WorkOwner {
    /// The task the calling code works for, if any.
    case inherited
    /// None: the system's own callbacks and expiration handlers.
    case none
    /// This one: a launch handler works for its task.
    case task(RunningTask)

    /// The task, now.
    var resolved: RunningTask? {
        switch self {
        case .inherited: TaskWorkScope.current
        case .none: nil
        case .task(let task): task
        }
    }
}
