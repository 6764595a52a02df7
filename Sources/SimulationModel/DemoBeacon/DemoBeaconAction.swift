#if BGSIM_FEATURE_DEMO
/// The feature demo service's action (`-DBGSIM_FEATURE_DEMO` only): a beacon the app watches comes into range.
public enum DemoBeaconAction: Sendable, Hashable {
    /// A beacon comes into range: the timeline's `demoBeacon`.
    case sighted

    /// An action without its details: what scenario files and traces name it.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case sighted = "demoBeacon"
    }

    /// The action's name, as scenario files and traces write it.
    public var name: Name {
        switch self {
        case .sighted: .sighted
        }
    }
}
#endif
