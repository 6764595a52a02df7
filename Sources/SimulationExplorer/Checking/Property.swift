/// A property every correct app has, whatever its scenario expects: checked on every run of a campaign.
public enum Property: String, Sendable, Hashable, CaseIterable {
    /// Every `BGTask` the system started ends exactly once (or is still running when the run stops).
    case taskEndsOnce
    /// `setTaskCompleted(success:)` is called at most once per task (BGS016 never fires).
    case completedOnce
    /// A task that expired never reports success (BGS030 never fires).
    case noSuccessAfterExpiry
    /// No work is lost: nothing unsaved at a termination (BGS005), no partial output left by a failed task (BGS028).
    case noWorkLost
    /// The watchdog never kills the app.
    case neverWatchdog

    /// What the property claims, in one sentence.
    public var statement: String {
        switch self {
        case .taskEndsOnce: "every started BGTask ends exactly once"
        case .completedOnce: "setTaskCompleted(success:) is called at most once per task"
        case .noSuccessAfterExpiry: "a task that expired never reports success"
        case .noWorkLost: "no work is lost: nothing unsaved at a termination, no partial output left behind"
        case .neverWatchdog: "the watchdog never kills the app"
        }
    }

    /// The rules whose firing breaks the property, or explains the breach (a watchdog kill comes with one of these).
    ///
    /// Every one is an app bug: a property blames the app, and only an app bug can (``Judge`` ignores a system notice).
    var rules: [String] {
        switch self {
        case .taskEndsOnce: []
        case .completedOnce: ["BGS016"]
        case .noSuccessAfterExpiry: ["BGS030"]
        case .noWorkLost: ["BGS005", "BGS028"]
        case .neverWatchdog: ["BGS001", "BGS006", "BGS014"]
        }
    }
}
