/// Every rule bgsim checks: the catalog `bgsim rules` prints.
///
/// Sources are the facts in docs/platform-facts (shared/platform-facts.md):
/// Apple's documentation where it exists, otherwise the observation named.
public enum Rules {
    /// A background task was still open when background time ran out: the watchdog killed the app (0x8badf00d).
    public static let backgroundTaskLeaked = Rule(
        id: "BGS001", name: "backgroundTaskLeaked", severity: .error,
        summary: "A background task was still open when the background time ran out; the system killed the app (0x8badf00d).",
        fix: "Balance every beginBackgroundTask with exactly one endBackgroundTask, on every path, and end the task in its expiration handler.",
        source: "Apple, \"Extending your app's background execution time\"; exception code 0x8badf00d")

    /// `endBackgroundTask(_:)` with an identifier that is not open: ended twice, never begun, or `.invalid`.
    public static let endedUnknownBackgroundTask = Rule(
        id: "BGS002", name: "endedUnknownBackgroundTask", severity: .warning,
        summary: "endBackgroundTask was called with an identifier that is not open: it was ended already, never begun, or is .invalid.",
        fix: "Keep one identifier per task, end it once, and set the stored identifier to .invalid after ending it.",
        source: "Console: \"Can't end BackgroundTask: no background task exists with identifier <id>, or it may have already been ended.\"")

    /// A background task open for more than 30 seconds while the app runs in the background.
    public static let backgroundTaskOpenTooLong = Rule(
        id: "BGS003", name: "backgroundTaskOpenTooLong", severity: .warning,
        summary: "A background task was open for more than 30 seconds while the app ran in the background.",
        fix: "Begin background tasks just before the work they protect and end them as soon as it is done; do not hold one for the app's whole life.",
        source: "Console: \"Background Task <id> (\\\"<name>\\\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination.\"")

    /// The expiration handler returned with its task still open.
    public static let expirationHandlerLeftTaskOpen = Rule(
        id: "BGS004", name: "expirationHandlerLeftTaskOpen", severity: .error,
        summary: "An expiration handler returned while its background task was still open.",
        fix: "End the task synchronously inside the expiration handler: call endBackgroundTask before returning, not from a block dispatched for later.",
        source: "Console: \"Background task still not ended after expiration handlers were called: <task>. This app will likely be terminated by the system.\"")

    /// The app was terminated with work done since its last save: the work is lost.
    public static let workLostAtTermination = Rule(
        id: "BGS005", name: "workLostAtTermination", severity: .error,
        summary: "The app was terminated with work done since its last save; that work is lost.",
        fix: "Save when the app leaves the foreground (willResignActive or didEnterBackground), protected by a background task, and save long work incrementally.",
        source: "Apple, \"Extending your app's background execution time\"; a relaunch is a new process")

    /// `applicationDidEnterBackground(_:)` did not return within about five seconds.
    public static let didEnterBackgroundTooSlow = Rule(
        id: "BGS006", name: "didEnterBackgroundTooSlow", severity: .error,
        summary: "applicationDidEnterBackground did not return within about five seconds; the system killed the app.",
        fix: "Return from applicationDidEnterBackground quickly: start the work on another queue inside a background task instead of doing it there.",
        source: "Apple, \"Extending your app's background execution time\" (about five seconds)")

    /// The app was suspended while holding a file or database lock.
    public static let lockHeldAtSuspension = Rule(
        id: "BGS007", name: "lockHeldAtSuspension", severity: .error,
        summary: "The app was suspended while holding a file or SQLite lock; the system killed it (0xdead10cc).",
        fix: "Release file and database locks before the app can be suspended, and protect the work that holds them with a background task.",
        source: "Exception code 0xdead10cc: \"held on to a file lock or SQLite database lock during suspension\"")

    /// Handler work never finished: the run went idle with tasks still waiting.
    public static let handlerStalled = Rule(
        id: "BGS008", name: "handlerStalled", severity: .error,
        summary: "App code was still waiting when nothing else could happen: it would never finish.",
        fix: "Look at what the task waits for: a continuation never resumed, or a wait on something the app never does.",
        source: "bgsim kernel: stall detection")

    /// Async work ran outside the simulation's executor.
    public static let foreignThreadWork = Rule(
        id: "BGS009", name: "foreignThreadWork", severity: .error,
        summary: "Simulated async code resumed on a thread outside the simulation (a real Task.sleep, Task.detached, or a real queue).",
        fix: "Use the simulation's clock instead of Task.sleep, and simulation.spawn (or Task(executorPreference:)) instead of Task.detached.",
        source: "SE-0417 task executor preference; bgsim determinism rules")

    /// Every rule, in identifier order.
    public static let all: [Rule] = [
        backgroundTaskLeaked, endedUnknownBackgroundTask, backgroundTaskOpenTooLong,
        expirationHandlerLeftTaskOpen, workLostAtTermination, didEnterBackgroundTooSlow,
        lockHeldAtSuspension, handlerStalled, foreignThreadWork,
    ]

    /// The rule with identifier `id`, if any.
    public static func rule(withID id: String) -> Rule? {
        all.first { $0.id == id }
    }
}
