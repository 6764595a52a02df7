import SimulationKernel

/// `BGProcessingTask`: minutes of work, only while the device is idle.
package struct ProcessingTasks: SystemLaunchedTask {
    package static let shared = ProcessingTasks()

    package var kind: TaskKind { .processing }
    package var subjectName: String { "processing" }
    package var taskClassName: String { "BGProcessingTask" }
    package var backgroundMode: BackgroundMode? { .processing }
    package var pendingLimit: Int { 10 }

    package func runtime(in profile: PlatformProfile) -> VirtualDuration? { profile.processingRuntime }

    /// "The system terminates any background processing tasks running when the user starts using the device." (Apple)
    package var expiresWhenDeviceIsUsed: Bool { true }

    package var expiryFix: String {
        "Make the work resumable: save progress as you go, stop when the expiration handler runs (the person may pick up the device at any moment), and continue from the saved point in the next processing task; the system does not promise how long one runs."
    }

    /// Processing tasks wait for an idle (locked) device, power and network when asked, and an app used lately.
    package func kindBlocker(for request: TaskRequest, in world: WorldSnapshot, policy: LaunchPolicy) -> LaunchBlocker? {
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
    package func earliestBegin(in world: WorldSnapshot, history: LaunchHistory, profile: PlatformProfile) -> VirtualInstant? {
        world.lockedSince.map { $0 + profile.processingIdleDelay }
    }

    package func realisticDelay(
        for entry: PendingRequest, readyAt ready: VirtualInstant, in world: WorldSnapshot, profile: PlatformProfile
    ) -> VirtualDuration {
        profile.realisticProcessingDelay / 1_000_000 * entry.delayDraw
    }
}
