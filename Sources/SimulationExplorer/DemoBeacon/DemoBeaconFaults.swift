#if BGSIM_FEATURE_DEMO
import SimulationModel

/// `demoBeacon` (`-DBGSIM_FEATURE_DEMO` only): the feature demo's beacon comes into range at a bad moment, while the
/// app's code is busy or anywhere.
enum DemoBeaconFaults: FeatureFaults {
    static func summary(of kind: FaultKind) -> String {
        "a beacon comes into range (the feature demo's service)"
    }

    static func action(of fault: Fault) -> UserAction {
        .demoBeacon(.sighted)
    }
}
#endif
