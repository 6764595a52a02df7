/// The rules of the app process's lifecycle: saving before termination, leaving the foreground quickly, no lock held at suspension.
extension Rules {
    /// The app was terminated with work done since its last save: the work is lost.
    public static let workLostAtTermination = Rule(
        id: "BGS005", name: "workLostAtTermination", severity: .error, category: .appBug,
        categoryReason: "The app had work unsaved when its process ended: saving when it leaves the foreground, under a background task, and in pieces that fit, is the app's to do.",
        summary: "The app was terminated with work done since its last save; that work is lost.",
        fix: "Save when the app leaves the foreground (willResignActive or didEnterBackground), protected by a background task, and save long work incrementally.",
        source: "Apple, \"Extending your app's background execution time\"; a relaunch is a new process")

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

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let lifecycle: [Rule] = [
        workLostAtTermination, didEnterBackgroundTooSlow, lockHeldAtSuspension,
    ]
}
