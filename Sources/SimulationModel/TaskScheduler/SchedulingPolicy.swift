/// How the system picks the instant a pending request runs: a scenario's `"policy"`.
///
/// See docs/system-policy.md for the model and its sources.
public enum SchedulingPolicy: String, Sendable, Hashable, CaseIterable {
    /// The earliest instant every condition allows: for tests that want exact times.
    case deterministic
    /// Seeded delays that grow as the app is used less, as on a device.
    case realistic
}
