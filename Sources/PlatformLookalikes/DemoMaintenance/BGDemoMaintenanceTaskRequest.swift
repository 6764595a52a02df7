#if BGSIM_FEATURE_DEMO
import SimulationModel

/// The request of the feature demo's task kind (`-DBGSIM_FEATURE_DEMO` only). Not an Apple class.
public final class BGDemoMaintenanceTaskRequest: BGTaskRequest, @unchecked Sendable {
    override var kind: TaskKind { .demoMaintenance }
}
#endif
