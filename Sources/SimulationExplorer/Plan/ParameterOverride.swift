import SimulationKernel
import SimulationModel

/// One profile parameter set to another value for a run: an assumed value varied, or a budget chosen to expire at an instant.
public struct ParameterOverride: Sendable, Hashable {
    /// The parameter.
    public var key: PlatformProfile.Key
    /// Its value as the profile stores it: a duration's nanoseconds, a count, a choice's index, a flag's 0 or 1.
    package var value: Int64

    /// A duration parameter set to `duration`.
    public init(key: PlatformProfile.Key, duration: VirtualDuration) {
        self.init(key: key, value: duration.nanoseconds)
    }

    /// A count parameter set to `count`.
    public init(key: PlatformProfile.Key, count: Int64) {
        self.init(key: key, value: count)
    }

    /// A parameter set to the value the profile stores (a plan read from a file, a range drawn from).
    init(key: PlatformProfile.Key, value: Int64) {
        self.key = key
        self.value = value
    }

    /// The value of a duration parameter; nil for a count, a choice or a flag.
    public var duration: VirtualDuration? {
        PlatformProfile.info(key).unit == .duration ? .nanoseconds(value) : nil
    }

    /// The value as a plan writes it: a duration such as `12.5s`, or a count.
    var valueText: String {
        PlatformProfile.info(key).unit == .count ? String(value) : DurationText.exact(value)
    }

    /// For example `backgroundTimeBudget = 12.5s`.
    public var description: String { "\(key.rawValue) = \(valueText)" }
}
