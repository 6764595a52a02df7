/// A span of virtual time: a signed whole number of nanoseconds.
///
/// The model counts time in integers so that a run gives the same trace in
/// any process and on any platform, and a typed span keeps instants and
/// durations apart where a bare `Int64` would let one pass for the other.
/// `Duration` is the type at the API's edges; ``init(_:)`` and ``duration``
/// convert. Arithmetic saturates at the bounds of `Int64` instead of
/// trapping: a scenario may ask for a hundred years, and a sum past the end
/// of time is still "never" rather than a crash.
///
/// ```swift
/// let budget: VirtualDuration = .seconds(30)
/// let deadline = now + budget - .seconds(5)
/// ```
public struct VirtualDuration: Sendable, Hashable, Comparable {
    /// The span in nanoseconds; negative when it runs backwards.
    public var nanoseconds: Int64

    /// No time at all.
    public static let zero = VirtualDuration(nanoseconds: 0)

    /// The longest representable span, used where "never" must still compare.
    public static let max = VirtualDuration(nanoseconds: .max)

    /// A span of `nanoseconds`.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The span of `duration` in whole nanoseconds, saturating at the bounds of `Int64`.
    public init(_ duration: Duration) {
        self.nanoseconds = duration.wholeNanoseconds
    }

    /// The span as a `Duration`.
    public var duration: Duration { .nanoseconds(nanoseconds) }

    /// A span of `count` nanoseconds.
    public static func nanoseconds(_ count: Int64) -> VirtualDuration {
        VirtualDuration(nanoseconds: count)
    }

    /// A span of `count` microseconds.
    public static func microseconds(_ count: Int64) -> VirtualDuration { scaled(count, by: 1_000) }

    /// A span of `count` milliseconds.
    public static func milliseconds(_ count: Int64) -> VirtualDuration { scaled(count, by: 1_000_000) }

    /// A span of `count` seconds.
    public static func seconds(_ count: Int64) -> VirtualDuration { scaled(count, by: 1_000_000_000) }

    /// A span of `count` minutes.
    public static func minutes(_ count: Int64) -> VirtualDuration { scaled(count, by: 60_000_000_000) }

    /// A span of `count` hours.
    public static func hours(_ count: Int64) -> VirtualDuration { scaled(count, by: 3_600_000_000_000) }

    /// A span of `count` days of 24 hours (the virtual clock has no calendar).
    public static func days(_ count: Int64) -> VirtualDuration { scaled(count, by: 86_400_000_000_000) }

    private static func scaled(_ count: Int64, by unit: Int64) -> VirtualDuration {
        let (product, overflow) = count.multipliedReportingOverflow(by: unit)
        if overflow { return VirtualDuration(nanoseconds: count < 0 ? .min : .max) }
        return VirtualDuration(nanoseconds: product)
    }

    public static func < (lhs: VirtualDuration, rhs: VirtualDuration) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }
}

extension VirtualDuration: AdditiveArithmetic {
    /// The sum, saturating at the bounds of `Int64`.
    public static func + (lhs: VirtualDuration, rhs: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: saturating(lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds), sign: rhs.nanoseconds))
    }

    /// The difference, saturating at the bounds of `Int64`.
    public static func - (lhs: VirtualDuration, rhs: VirtualDuration) -> VirtualDuration {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        if overflow { return VirtualDuration(nanoseconds: rhs.nanoseconds > 0 ? .min : .max) }
        return VirtualDuration(nanoseconds: difference)
    }

    /// `count` times the span, saturating at the bounds of `Int64`.
    public static func * (lhs: VirtualDuration, count: Int64) -> VirtualDuration {
        let (product, overflow) = lhs.nanoseconds.multipliedReportingOverflow(by: count)
        if overflow { return VirtualDuration(nanoseconds: (lhs.nanoseconds < 0) == (count < 0) ? .max : .min) }
        return VirtualDuration(nanoseconds: product)
    }

    /// `count` times the span, saturating at the bounds of `Int64`: `3 * .minutes(5)`.
    public static func * (count: Int64, rhs: VirtualDuration) -> VirtualDuration {
        rhs * count
    }

    /// The span divided into `count` equal parts, rounded toward zero.
    public static func / (lhs: VirtualDuration, count: Int64) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds / count)
    }

    /// How many whole times `rhs` fits in `lhs`, rounded toward zero.
    public static func / (lhs: VirtualDuration, rhs: VirtualDuration) -> Int64 {
        lhs.nanoseconds / rhs.nanoseconds
    }

    /// What is left of `lhs` after taking out `rhs` as many whole times as it fits (the sign of `lhs`).
    public static func % (lhs: VirtualDuration, rhs: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds % rhs.nanoseconds)
    }

    /// The same span running the other way, saturating at the bounds of `Int64`.
    public static prefix func - (duration: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: duration.nanoseconds == .min ? .max : -duration.nanoseconds)
    }

    fileprivate static func saturating(_ result: (partialValue: Int64, overflow: Bool), sign: Int64) -> Int64 {
        guard result.overflow else { return result.partialValue }
        return sign > 0 ? .max : .min
    }
}

extension VirtualDuration: Codable {
    /// Reads a span written as its whole number of nanoseconds.
    public init(from decoder: any Decoder) throws {
        nanoseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Writes the span as its whole number of nanoseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(nanoseconds)
    }
}

extension VirtualDuration: CustomStringConvertible {
    /// The span as a compact human reading, for example `1m05.250s`.
    public var description: String { TimeText.format(nanoseconds: nanoseconds) }
}

extension VirtualInstant {
    /// The instant `duration` later (earlier when negative), saturating at the ends of time.
    public static func + (instant: VirtualInstant, duration: VirtualDuration) -> VirtualInstant {
        instant.adding(nanoseconds: duration.nanoseconds)
    }

    /// The instant `duration` earlier, saturating at the ends of time.
    public static func - (instant: VirtualInstant, duration: VirtualDuration) -> VirtualInstant {
        instant.adding(nanoseconds: duration.nanoseconds == .min ? .max : -duration.nanoseconds)
    }

    /// The span from `earlier` to `later` (negative when `later` comes first).
    public static func - (later: VirtualInstant, earlier: VirtualInstant) -> VirtualDuration {
        VirtualDuration(nanoseconds: earlier.nanoseconds(until: later))
    }
}
