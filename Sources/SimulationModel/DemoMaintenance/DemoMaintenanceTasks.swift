#if BGSIM_FEATURE_DEMO
import SimulationKernel

/// The feature demo's task kind, `BGDemoMaintenanceTask`: maintenance work the system runs while the device charges.
///
/// Built only with `-DBGSIM_FEATURE_DEMO`: it is not a platform kind. It
/// shows what a new kind takes (docs/contributing.md): this behaviour, its
/// parameters, a case of ``TaskKind`` with its line in ``TaskKind/behavior``,
/// and its look-alike classes with their line in `TaskKind.lookalikes`. The
/// scheduler, the policy, the process, the trace, the scenario format, the
/// reports and the explorer handle it through the behaviour.
struct DemoMaintenanceTasks: SystemLaunchedTask {
    static let shared = DemoMaintenanceTasks()

    var kind: TaskKind { .demoMaintenance }
    var subjectName: String { "demo maintenance" }
    var taskClassName: String { "BGDemoMaintenanceTask" }
    /// None: the demo kind needs no entry in `UIBackgroundModes`.
    var backgroundMode: BackgroundMode? { nil }
    var pendingLimit: Int { 1 }

    func runtime(in profile: PlatformProfile) -> VirtualDuration? { profile.demoMaintenanceRuntime }

    /// It waits for the charger, whatever the request says.
    func kindBlocker(for request: TaskRequest, in world: WorldSnapshot, policy: LaunchPolicy) -> LaunchBlocker? {
        world.conditions.charging ? nil : .needsExternalPower
    }

    func earliestBegin(in world: WorldSnapshot, history: LaunchHistory, profile: PlatformProfile) -> VirtualInstant? {
        nil
    }

    func realisticDelay(
        for entry: PendingRequest, readyAt ready: VirtualInstant, in world: WorldSnapshot, profile: PlatformProfile
    ) -> VirtualDuration {
        .zero
    }
}
#endif
