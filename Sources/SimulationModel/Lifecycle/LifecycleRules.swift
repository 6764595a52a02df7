/// The rules of the app process's lifecycle: saving before termination, leaving the foreground quickly, no lock held at suspension.
extension Rules {
    /// The app was terminated with work it had left exposed: the work is lost.
    public static let workLostAtTermination = Rule(
        id: "BGS005", name: "workLostAtTermination", severity: .error, category: .appBug,
        categoryReason: "The work was exposed when the process ended: unsaved while the app was suspended or ran with nothing protecting it, in a save that cannot fit the time the system gives, or lost to the app's own crash or watchdog kill. Saving when it leaves the foreground, under a background task, in pieces that fit, is the app's to do.",
        summary: "The app was terminated with work since its last save that it had left exposed (no background task or BGTask protecting it, one ended before the save, or a save longer than the time the system gives); that work is lost.",
        fix: "Save when the app leaves the foreground (willResignActive or didEnterBackground), protected by a background task, and save long work incrementally.",
        source: "Apple, \"Extending your app's background execution time\" (save in applicationDidEnterBackground under a background task; the expiration handler comes shortly before the time runs out); a relaunch is a new process")

    /// `applicationDidEnterBackground(_:)` did not return within about five seconds.
    public static let didEnterBackgroundTooSlow = Rule(
        id: "BGS006", name: "didEnterBackgroundTooSlow", severity: .error, category: .appBug,
        categoryReason: "The app did synchronous work in applicationDidEnterBackground, which it can move under a background task.",
        summary: "applicationDidEnterBackground did not return within about five seconds; the system killed the app.",
        fix: "Return from applicationDidEnterBackground quickly: start the work on another queue inside a background task instead of doing it there.",
        source: "Apple, \"Extending your app's background execution time\" (about five seconds)")

    /// The app was suspended while holding a file or database lock.
    public static let lockHeldAtSuspension = Rule(
        id: "BGS007", name: "lockHeldAtSuspension", severity: .error, category: .appBug,
        categoryReason: "The app held a file or database lock across suspension: it can release it, or finish under a background task, before it is suspended.",
        summary: "The app was suspended while holding a file or SQLite lock; the system killed it (0xdead10cc).",
        fix: "Release file and database locks before the app can be suspended, and protect the work that holds them with a background task.",
        source: "Exception code 0xdead10cc: \"held on to a file lock or SQLite database lock during suspension\"")

    /// Work in flight, protected or cut short by the system, was lost when the system or the person ended the process.
    public static let workInFlightLost = Rule(
        id: "BGS046", name: "workInFlightLost", severity: .info, category: .systemNotice,
        categoryReason: "The system or the person ended the process while the work was protected (a background task open, a BGTask running, the app in the foreground), or after the system's expiration cut it off once the app had saved or before the documented time: no app can keep work in flight through a kill.",
        summary: "Work in flight was lost when the system reclaimed memory, the person closed the app, or an update ended it, while a background task or a running BGTask protected it, while the app was in the foreground, or after the system cut its time short (after a save, or before the documented budget).",
        fix: "Nothing to change for the run: keep protecting work with a background task or a BGTask and save it in pieces, so that a kill loses only the piece in flight.",
        source: "Apple, \"Extending your app's background execution time\" (the pattern); Apple forums 85066 (Quinn: a background task keeps the app from being suspended, not from being killed); Apple, BGTask.expirationHandler (\"may be called before the background process uses the full amount of its allocated time\"); applicationWillTerminate(_:) (about five seconds; bgsim does not model it); WWDC19 707 (an app refresh gets about 30 s)")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let lifecycle: [Rule] = [
        workLostAtTermination, didEnterBackgroundTooSlow, lockHeldAtSuspension, workInFlightLost,
    ]
}
