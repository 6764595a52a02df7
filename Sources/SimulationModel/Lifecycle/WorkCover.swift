import SimulationKernel

/// What protected the app's unsaved work in one process: the span of protection going on, how the last one
/// ended, and when the app was last suspended. A termination reads it to say whose doing lost work was
/// (``LostWork``: BGS005 or BGS046).
///
/// Work is protected while a `beginBackgroundTask` task is open or a `BGTask` runs that has not expired: the app
/// then runs on time the system gave it. A span of protection ends when the last of those ends: the app ended it,
/// or the system's time ran out (UIKit called the expiration handlers, or the `BGTask` expired).
struct WorkCover {
    /// How a span of protection ended.
    struct Ending: Equatable {
        /// Who ended it.
        enum How: Equatable {
            /// The app: it ended its last background task, or completed its `BGTask`, before the time ran out.
            /// `cutShort` says how the system had cut the background time short of the documented budget when the app
            /// ended its task (an app that reads `backgroundTimeRemaining` stops early then); nil otherwise.
            case endedByApp(cutShort: String?)
            /// The system's time ran out. `cutShort` says how, in words, when the time was shorter than the
            /// documented one (a budget below the profile's default, a `BGTask` expired early); nil otherwise.
            case expired(cutShort: String?)
        }

        /// What protected the work last: `background task 1 ("Save")`, `app refresh task com.example.refresh`.
        var what: String
        /// Whether that was a `BGTask` (completed by `setTaskCompleted`) rather than a `beginBackgroundTask` task.
        var isBGTask: Bool
        /// When the span of protection began.
        var began: VirtualInstant
        /// When it ended: for an expiry, when the system called the expiration handlers or expired the task.
        var at: VirtualInstant
        var how: How
    }

    /// When the protection going on began; nil when nothing protects the work.
    private(set) var since: VirtualInstant?
    /// How the last span of protection ended, while nothing protects the work now; forgotten when the app comes
    /// back to the foreground (what it does when it next leaves is what counts) or a new span begins.
    private(set) var lastEnding: Ending?
    /// When the app was last suspended, if it was.
    private(set) var suspendedAt: VirtualInstant?

    /// Something now protects the work: a span begins, unless one is going on.
    mutating func began(at now: VirtualInstant) {
        if since == nil { since = now }
        lastEnding = nil
    }

    /// Nothing protects the work any more: the span going on ended, `how`, with `what` the last protection.
    mutating func ended(_ what: String, isBGTask: Bool, at now: VirtualInstant, how: Ending.How) {
        lastEnding = Ending(what: what, isBGTask: isBGTask, began: since ?? now, at: now, how: how)
        since = nil
    }

    /// The app came back to the foreground: an earlier span's ending no longer covers what it does next.
    mutating func cameToForeground() {
        lastEnding = nil
    }

    /// The app was suspended.
    mutating func suspended(at now: VirtualInstant) {
        suspendedAt = now
    }
}
