import SimulationKernel

/// `BGAppRefreshTask`: about 30 s, when the system predicts the person will open the app.
struct AppRefreshTasks: SystemLaunchedTask {
    static let shared = AppRefreshTasks()

    var kind: TaskKind { .appRefresh }
    var subjectName: String { "app refresh" }
    var taskClassName: String { "BGAppRefreshTask" }
    var backgroundMode: BackgroundMode? { .fetch }
    var pendingLimit: Int { 1 }

    func runtime(in profile: PlatformProfile) -> VirtualDuration? { profile.appRefreshRuntime }

    /// A refresh gets about 30 s (WWDC19 707): work still going after all of it does not fit the task type.
    package var overrunRule: Rule? { Rules.refreshWorkTooLong }

    package func overrunFix(progress: String) -> String {
        "Keep a refresh to a few seconds: this one still had work going when its time ran out (\(progress)). Fetch what "
            + "is new, not everything, and move the long sync to a BGProcessingTask or a background URLSession, resumable "
            + "from its last save."
    }

    package func expiryFix(savedProgress: Bool) -> String {
        "Nothing to change for this run: the system decides how long a refresh runs, and may expire it in a few seconds "
            + "(Apple forums 780956 saw 2 to 5 s). Keep refresh work short and resumable, so that an early expiry loses little."
    }

    /// Background App Refresh off or restricted stops refreshes (WWDC20).
    func settingsBlocker(in world: WorldSnapshot) -> LaunchBlocker? {
        world.conditions.backgroundAppRefresh == .available ? nil : .backgroundAppRefresh(world.conditions.backgroundAppRefresh)
    }

    func kindBlocker(for request: TaskRequest, in world: WorldSnapshot, policy: LaunchPolicy) -> LaunchBlocker? { nil }

    /// Refreshes are throttled to one per `refreshMinimumInterval`.
    func earliestBegin(in world: WorldSnapshot, history: LaunchHistory, profile: PlatformProfile) -> VirtualInstant? {
        history.lastLaunch[.appRefresh].map { $0 + profile.refreshMinimumInterval }
    }

    /// Opened n times a day, refreshes come up to 1/n of the once-a-day delay late, aimed just before the
    /// person's usual opening time: "the system predicts the person will open the app".
    func realisticDelay(
        for entry: PendingRequest, readyAt ready: VirtualInstant, in world: WorldSnapshot, profile: PlatformProfile
    ) -> VirtualDuration {
        let opensPerDay = max(1, world.opens(within: WorldSnapshot.week) / 7)
        let longest = profile.realisticRefreshDelay / Int64(opensPerDay)
        if let predicted = world.nextUsualOpen(after: ready), predicted - ready <= longest {
            let lead = min(predicted - ready, profile.realisticPredictionLead / 1_000_000 * entry.delayDraw)
            return predicted - ready - lead
        }
        return longest / 1_000_000 * entry.delayDraw
    }

    /// A refresh requested sooner than the minimum interval will not run sooner: worth a diagnostic, not a refusal.
    func reviewSubmission(_ request: TaskRequest, from process: AppProcess, profile: PlatformProfile) {
        let now = process.kernel.now
        guard (request.earliestBegin ?? now) - now < profile.refreshMinimumInterval else { return }
        let asked = TimeText.formatExact(max(.zero, (request.earliestBegin ?? now) - now))
        process.diagnose(
            Rules.refreshRequestedTooSoon, subject: "task identifier \(request.identifier)",
            message: "an app refresh was requested \(asked) ahead; the system will not run it sooner than about \(TimeText.formatExact(profile.refreshMinimumInterval)) after the last one")
    }
}
