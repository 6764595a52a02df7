/// The rules of `BGAppRefreshTask`.
extension Rules {
    /// A refresh requested much sooner than the system will run one.
    public static let refreshRequestedTooSoon = Rule(
        id: "BGS017", name: "refreshRequestedTooSoon", severity: .warning, category: .appBug,
        categoryReason: "The app asked for an earliestBeginDate under about 15 minutes.",
        summary: "An app refresh was requested to begin sooner than about 15 minutes; the system throttles it anyway.",
        fix: "Set earliestBeginDate 15 minutes or more ahead, treat it as a hint, and do not reschedule more often.",
        source: "Platform facts: refresh requests sooner than about 15 minutes are pointless and throttled")

    /// An app refresh ran its whole documented time with its work still going.
    public static let refreshWorkTooLong = Rule(
        id: "BGS048", name: "refreshWorkTooLong", severity: .warning, category: .appBug,
        categoryReason: "The app refresh had the whole ~30 s the task type gets and its work was still going: the work does not fit the task type the app chose, whatever the system did.",
        summary: "An app refresh ran for its documented ~30 s (the profile's appRefreshRuntime before any override) with its work still going, or without calling setTaskCompleted(success:), and the system expired it.",
        fix: "Keep a refresh to a few seconds: fetch what is new, not everything; move long work to a BGProcessingTask or a background URLSession, resumable from its last save.",
        source: "WWDC19 707 \"Advances in App Background Execution\" (an app refresh task gets about 30 seconds of runtime); Apple, BGAppRefreshTask (for updating the app with small bits of information)")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let appRefresh: [Rule] = [
        refreshRequestedTooSoon, refreshWorkTooLong,
    ]
}
