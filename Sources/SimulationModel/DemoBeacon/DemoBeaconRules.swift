#if BGSIM_FEATURE_DEMO
/// The rules of the feature demo's service (`-DBGSIM_FEATURE_DEMO` only).
extension Rules {
    /// A beacon came into range while the app could not hear it.
    public static let demoBeaconMissed = Rule(
        id: "BGS900", name: "demoBeaconMissed", severity: .warning, category: .appBug,
        categoryReason: "The app let itself be suspended while it expected a beacon: it could have kept running, or looked again.",
        summary: "A beacon came into range while the app was suspended or not running: the (test-only) beacon service does not wake apps, so the app missed it.",
        fix: "Keep the app running in the background while it expects a beacon (beginBackgroundTask), or look for beacons again when it next runs.",
        source: "The feature demo (docs/contributing.md): a test-only rule, not a platform fact.")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let demoBeacon: [Rule] = [demoBeaconMissed]
}
#endif
