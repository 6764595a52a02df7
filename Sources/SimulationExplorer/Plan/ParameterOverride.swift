import SimulationModel

/// One profile parameter set to another value for a run: an assumed value varied, or a budget chosen to expire at an instant.
public struct ParameterOverride: Sendable, Hashable {
    /// The parameter.
    public var key: PlatformProfile.Key
    /// Its value: nanoseconds for a duration, a number for a count.
    public var value: Int64

    /// Creates an override.
    public init(key: PlatformProfile.Key, value: Int64) {
        self.key = key
        self.value = value
    }

    /// The value as a plan writes it: a duration such as `12.5s`, or a count.
    var valueText: String {
        PlatformProfile.info(key).unit == .count ? String(value) : DurationText.exact(value)
    }

    /// For example `backgroundTimeBudget = 12.5s`.
    public var description: String { "\(key.rawValue) = \(valueText)" }
}
