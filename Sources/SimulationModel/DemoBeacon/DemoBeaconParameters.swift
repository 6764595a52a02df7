#if BGSIM_FEATURE_DEMO
import SimulationKernel

/// The profile parameters of the feature demo's service (`-DBGSIM_FEATURE_DEMO` only).
extension PlatformProfile {
    /// How long a beacon keeps an app that runs in the background from being suspended.
    public var demoBeaconHold: VirtualDuration {
        get { self[duration: .demoBeaconHold] }
        set { self[duration: .demoBeaconHold] = newValue }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let demoBeaconParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .demoBeaconHold,
            defaultValue: .seconds(10),
            meaning: "How long a beacon in range keeps an app that runs in the background from being suspended (the feature demo's service).",
            source: "Assumed: a test-only service, not a platform one.",
            isAssumed: true),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/demoBeaconHold``.
    public static let demoBeaconHold = Self("demoBeaconHold")
}
#endif
