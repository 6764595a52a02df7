/// A state of the model a run can reach: the "sometimes" coverage of a campaign.
///
/// A campaign counts the runs that reached each milestone and names those no
/// run reached: a campaign that never made a task expire cannot have found
/// an expiration race, and says so.
public enum Milestone: Int, Sendable, Hashable, CaseIterable {
    /// The app went to the background.
    case background
    /// The app was suspended.
    case suspended
    /// A suspended app ran again (woken for a task or brought back).
    case resumed
    /// The app was launched a second time or more.
    case relaunched
    /// A `beginBackgroundTask` was granted.
    case backgroundTaskBegun
    /// Background time ran short and the expiration handlers were due.
    case backgroundTimeExpiring
    /// An expiration handler of `beginBackgroundTask` ran.
    case backgroundExpirationHandler
    /// The system launched a `BGTask`.
    case taskStarted
    /// A `BGTask` expired (its time ran out, the system or the person stopped it).
    case taskExpired
    /// A `BGTask` completed before it expired.
    case taskCompleted
    /// A `BGTask` completed after it had expired (the expiration handler, or work that did not stop).
    case taskCompletedAfterExpiry
    /// A `BGTask` ended with its process.
    case taskEndedWithProcess
    /// A continued processing task showed its Live Activity.
    case liveActivity
    /// A Live Activity asked the person whether a stuck task should continue.
    case liveActivityPrompt
    /// The system dropped a pending request.
    case requestDropped
    /// The person swiped the app away.
    case terminatedBySwipe
    /// Memory pressure killed the app.
    case terminatedByMemoryPressure
    /// The watchdog killed the app.
    case terminatedByWatchdog
    /// The app was killed for a lock held at suspension.
    case terminatedForLock
    /// The app crashed.
    case crashed
    /// The app exited by itself.
    case exited
    /// The app was updated to another build while it ran.
    case updated

    /// The milestone's bit in a set of milestones.
    @inline(__always) var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The name reports and JSON use: the case's name, such as `taskExpired`.
    public var name: String { String(describing: self) }

    /// One line for summaries.
    public var summary: String {
        switch self {
        case .background: "the app went to the background"
        case .suspended: "the app was suspended"
        case .resumed: "a suspended app ran again"
        case .relaunched: "the app was launched again"
        case .backgroundTaskBegun: "a background task (beginBackgroundTask) began"
        case .backgroundTimeExpiring: "background time ran short (expiration handlers due)"
        case .backgroundExpirationHandler: "a background task's expiration handler ran"
        case .taskStarted: "a BGTask started"
        case .taskExpired: "a BGTask expired"
        case .taskCompleted: "a BGTask completed in time"
        case .taskCompletedAfterExpiry: "a BGTask completed after it expired"
        case .taskEndedWithProcess: "a BGTask ended with its process"
        case .liveActivity: "a Live Activity was shown"
        case .liveActivityPrompt: "a Live Activity asked whether to continue"
        case .requestDropped: "a pending request was dropped"
        case .terminatedBySwipe: "the person swiped the app away"
        case .terminatedByMemoryPressure: "memory pressure killed the app"
        case .terminatedByWatchdog: "the watchdog killed the app"
        case .terminatedForLock: "the app was killed for a lock held at suspension"
        case .crashed: "the app crashed"
        case .exited: "the app exited"
        case .updated: "the app was updated while it ran"
        }
    }

    /// The milestones in a bit set, in `allCases` order.
    static func milestones(in bits: UInt64) -> [Milestone] {
        allCases.filter { bits & $0.bit != 0 }
    }
}
