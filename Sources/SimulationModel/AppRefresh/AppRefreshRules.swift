/// The rules of `BGAppRefreshTask`.
extension Rules {
    /// A refresh requested much sooner than the system will run one.
    public static let refreshRequestedTooSoon = Rule(
        id: "BGS017", name: "refreshRequestedTooSoon", severity: .warning, category: .appBug,
        categoryReason: "The app asked for an earliestBeginDate under about 15 minutes.",
        summary: "An app refresh was requested to begin sooner than about 15 minutes; the system throttles it anyway.",
        fix: "Set earliestBeginDate 15 minutes or more ahead, treat it as a hint, and do not reschedule more often.",
        source: "Platform facts: refresh requests sooner than about 15 minutes are pointless and throttled")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let appRefresh: [Rule] = [
        refreshRequestedTooSoon,
    ]
}
