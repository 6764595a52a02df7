import SimulationKernel

/// `BGProcessingTask`: minutes of work, only while the device is idle.
struct ProcessingTasks: SystemLaunchedTask {
    static let shared = ProcessingTasks()

    var kind: TaskKind { .processing }
    var subjectName: String { "processing" }
    var taskClassName: String { "BGProcessingTask" }
    var backgroundMode: BackgroundMode? { .processing }
    var pendingLimit: Int { 10 }

    func runtime(in profile: PlatformProfile) -> VirtualDuration? { profile.processingRuntime }

    /// "The system terminates any background processing tasks running when the user starts using the device." (Apple)
    var expiresWhenDeviceIsUsed: Bool { true }

    var expiryFix: String {
        "Make the work resumable: save progress as you go, stop when the expiration handler runs (the person may pick up the device at any moment), and continue from the saved point in the next processing task; the system does not promise how long one runs."
    }

    /// Processing tasks wait for an idle (locked) device, power and network when asked, and an app used lately.
    func kindBlocker(for request: TaskRequest, in world: WorldSnapshot, policy: LaunchPolicy) -> LaunchBlocker? {
        let conditions = world.conditions
        if !conditions.locked { return .deviceInUse }
        if request.requiresExternalPower && !conditions.charging { return .needsExternalPower }
        if request.requiresNetworkConnectivity && conditions.network == .none { return .needsNetwork }
        // Assumed: the platform facts' "within about two days if the user used the app in the past week" has no Apple
        // transcript to match it (docs/system-policy.md).
        if policy.kind == .realistic && world.opens(within: WorldSnapshot.week) == 0 { return .appNotUsedRecently }
        return nil
    }

    /// The device counts as idle `processingIdleDelay` after it was locked.
    func earliestBegin(in world: WorldSnapshot, history: LaunchHistory, profile: PlatformProfile) -> VirtualInstant? {
        world.lockedSince.map { $0 + profile.processingIdleDelay }
    }

    func realisticDelay(
        for entry: PendingRequest, readyAt ready: VirtualInstant, in world: WorldSnapshot, profile: PlatformProfile
    ) -> VirtualDuration {
        profile.realisticProcessingDelay / 1_000_000 * entry.delayDraw
    }
}
