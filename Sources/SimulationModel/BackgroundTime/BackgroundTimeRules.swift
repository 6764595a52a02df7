/// The rules of background time: `beginBackgroundTask` and `endBackgroundTask`.
extension Rules {
    /// A background task was still open when background time ran out: the watchdog killed the app (0x8badf00d).
    public static let backgroundTaskLeaked = Rule(
        id: "BGS001", name: "backgroundTaskLeaked", severity: .error, category: .appBug,
        categoryReason: "The app began the task and never ended it: balancing begin and end is its own code's job.",
        summary: "A background task was still open when the background time ran out; the system killed the app (0x8badf00d).",
        fix: "Balance every beginBackgroundTask with exactly one endBackgroundTask, on every path, and end the task in its expiration handler.",
        source: "Apple, \"Extending your app's background execution time\"; exception code 0x8badf00d; Apple forums 85066 (Quinn: a task not ended gets the app killed by the watchdog)")

    /// `endBackgroundTask(_:)` with an identifier that is not open: ended already, or never begun.
    public static let endedUnknownBackgroundTask = Rule(
        id: "BGS002", name: "endedUnknownBackgroundTask", severity: .warning, category: .appBug,
        categoryReason: "Ending an identifier twice, or one that is stale, is the app's own bookkeeping.",
        summary: "endBackgroundTask was called with an identifier that is not open: it was ended already (by the work, by its expiration handler, or through a stored identifier a second begin overwrote), or never begun. Ending .invalid is not reported: UIKit does nothing with it.",
        fix: "Keep one identifier per task, end it once, and set the stored identifier to .invalid after ending it.",
        source: "Console: \"Can't end BackgroundTask: no background task exists with identifier <id> (0x<hex id>), or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.\" (mixpanel-swift #335, firebase-ios-sdk #3625: every report names a real identifier); Apple, \"Extending your app's background execution time\" (its code ends .invalid after the expiration handler)")

    /// A background task open for more than 30 seconds while the app runs in the background: UIKit's console line.
    public static let backgroundTaskOpenTooLong = Rule(
        id: "BGS003", name: "backgroundTaskOpenTooLong", severity: .info, category: .systemNotice,
        categoryReason: "UIKit logs this line at a fixed 30 s age whatever the task does: a task that protects live work, or that the system gave more than 30 s, is not a mistake (a task held with no work is BGS047).",
        summary: "UIKit logged that a background task was created over 30 seconds ago while the app ran in the background, with work of the app's going on (UIKit counts the age from the begin, in the foreground too).",
        fix: "Nothing to change while the task protects work that is going on; end it as soon as that work is done.",
        source: "Console: \"Background Task <id> (\\\"<name>\\\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.\" (deltachat-ios #1128)")

    /// The expiration handler returned with its task still open.
    public static let expirationHandlerLeftTaskOpen = Rule(
        id: "BGS004", name: "expirationHandlerLeftTaskOpen", severity: .error, category: .appBug,
        categoryReason: "The app's expiration handler returned without ending its task: only the app's code can end it.",
        summary: "The expiration handlers returned while this background task, whose handler had run, was still open: the handler ended another task's identifier, dispatched the end for later, or ended nothing.",
        fix: "End the task synchronously inside the expiration handler: call endBackgroundTask before returning, not from a block dispatched for later.",
        source: "Console: \"Background task still not ended after expiration handlers were called: <task>. This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.\" (iOS 26.1's UIKitCore; WordPress-iOS PR #21254)")

    /// A background task held open in the background with no work of the app's going on.
    public static let backgroundTaskHeldIdle = Rule(
        id: "BGS047", name: "backgroundTaskHeldIdle", severity: .warning, category: .appBug,
        categoryReason: "The app holds a background task with no work of its own going on (begun at launch, or left open after its work ended): it could begin it just before the work and end it when the work is done.",
        summary: "A background task was open for more than 30 seconds while the app ran in the background with no work of its own going on: held since launch, begun ahead of work, or left open after its work ended.",
        fix: "Begin a background task just before the work it protects and end it as soon as that work is done, on every path; do not hold one for the app's whole life.",
        source: "The older UIApplication reference of beginBackgroundTaskWithExpirationHandler: (\"You should not use this method simply to keep your application running after it moves to the background\"); Apple, \"Extending your app's background execution time\"; UIKit's console line at 30 s (deltachat-ios #1128)")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let backgroundTime: [Rule] = [
        backgroundTaskLeaked, endedUnknownBackgroundTask, backgroundTaskOpenTooLong,
        expirationHandlerLeftTaskOpen, backgroundTaskHeldIdle,
    ]
}
