/// An instant on a simulation's virtual clock: whole nanoseconds since the run began.
///
/// Time inside bgsim is always an integer, so that the same run gives the same
/// trace in any process and on any platform. `Duration` appears only at API edges.
public struct VirtualInstant: Sendable, Hashable, Comparable, Codable {
    /// Nanoseconds since the start of the run.
    public var nanoseconds: Int64

    /// The instant the run begins.
    public static let zero = VirtualInstant(nanoseconds: 0)

    /// The latest representable instant, used where "never" must still compare.
    public static let distantFuture = VirtualInstant(nanoseconds: .max)

    /// Creates an instant at the given number of nanoseconds since the run began.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The instant `nanoseconds` later, saturating instead of overflowing.
    package func adding(nanoseconds delta: Int64) -> VirtualInstant {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(delta)
        if overflow { return delta > 0 ? .distantFuture : .zero }
        return VirtualInstant(nanoseconds: sum)
    }

    /// Nanoseconds from this instant until `other` (negative when `other` is earlier).
    package func nanoseconds(until other: VirtualInstant) -> Int64 {
        other.nanoseconds &- nanoseconds
    }

    public init(from decoder: any Decoder) throws {
        nanoseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(nanoseconds)
    }
}

extension VirtualInstant: InstantProtocol {
    /// Durations between instants are Swift's `Duration`, as `InstantProtocol` asks.
    public typealias Duration = Swift.Duration

    /// The instant `duration` later (or earlier, if negative), saturating.
    public func advanced(by duration: Swift.Duration) -> VirtualInstant {
        adding(nanoseconds: duration.wholeNanoseconds)
    }

    /// The span from this instant to `other`.
    public func duration(to other: VirtualInstant) -> Swift.Duration {
        .nanoseconds(nanoseconds(until: other))
    }
}

extension VirtualInstant: CustomStringConvertible {
    /// The instant as a compact human reading, for example `1m05.250s`.
    public var description: String { TimeText.format(nanoseconds: nanoseconds) }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at the bounds of `Int64`.
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow2 { return seconds < 0 ? .min : .max }
        return total
    }
}
