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
