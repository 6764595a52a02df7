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

    package func expiryFix(savedProgress: Bool) -> String {
        savedProgress
            ? "Nothing to change: the work is saved as it goes; submit the request again (in the expiration handler or at the "
                + "next launch) so that the next processing task resumes from the last save. The system does not promise how long one runs."
            : "Save progress as the work goes: nothing was saved since this task began, so the next processing task starts "
                + "over. Stop when the expiration handler runs and submit the request again; the system does not promise how long one runs."
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
