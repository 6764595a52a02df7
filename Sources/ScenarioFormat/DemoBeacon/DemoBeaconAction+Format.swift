#if BGSIM_FEATURE_DEMO
import SimulationModel

/// The feature demo service's action in a scenario's timeline (`-DBGSIM_FEATURE_DEMO` only): `{"action": "demoBeacon"}`.
extension DemoBeaconAction {
    /// The keys an entry of `name` may have besides `at`, `action` and `note`.
    static func keys(_ name: Name) -> [String] {
        switch name {
        case .sighted: []
        }
    }

    /// The action `name`, read from its timeline entry.
    init(_ name: Name, from c: KeyedDecodingContainer<AnyKey>) throws {
        switch name {
        case .sighted: self = .sighted
        }
    }
}
#endif
