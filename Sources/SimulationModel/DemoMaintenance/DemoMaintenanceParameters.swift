#if BGSIM_FEATURE_DEMO
import SimulationKernel

/// The profile parameters of the feature demo's task kind (`-DBGSIM_FEATURE_DEMO` only).
extension PlatformProfile {
    /// How long a `BGDemoMaintenanceTask` may run.
    public var demoMaintenanceRuntime: VirtualDuration {
        get { self[duration: .demoMaintenanceRuntime] }
        set { self[duration: .demoMaintenanceRuntime] = newValue }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let demoMaintenanceParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .demoMaintenanceRuntime,
            defaultValue: .minutes(2),
            meaning: "How long a BGDemoMaintenanceTask (the feature demo's task kind) may run before it expires.",
            source: "Assumed: a test-only kind, not a platform one.",
            isAssumed: true),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/demoMaintenanceRuntime``.
    public static let demoMaintenanceRuntime = Self("demoMaintenanceRuntime")
}
#endif
