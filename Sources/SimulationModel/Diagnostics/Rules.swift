/// Every rule bgsim checks: the catalog `bgsim rules` prints.
///
/// Sources are the facts in docs/platform-facts (shared/platform-facts.md):
/// Apple's documentation where it exists, otherwise the observation named.
public enum Rules {
    /// Every rule, in identifier order: each feature's rules (declared in its folder's `<Feature>Rules.swift`),
    /// one line per feature.
    public static let all: [Rule] = {
        var features = [
            backgroundTime,
            lifecycle,
            appCode,
            taskScheduler,
            appRefresh,
            continuedProcessing,
            push,
            transfers,
        ]
        #if BGSIM_FEATURE_DEMO
        features.append(demoBeacon)
        #endif
        return features.flatMap { $0 }.sorted { $0.id < $1.id }
    }()

    /// The rule with identifier `id`, if any.
    public static func rule(withID id: String) -> Rule? {
        all.first { $0.id == id }
    }
}
