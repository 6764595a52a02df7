import SimulationKernel

/// Durations as fault plans write them: exact to the nanosecond, and readable back by the scenario format's parser.
///
/// `TimeText.formatExact` writes `31000000001ns` for 31 s and 1 ns; a plan
/// writes `31.000000001s`, which `TimeText.parse` reads back exactly.
enum DurationText {
    private static let second = VirtualDuration.seconds(1).nanoseconds
    private static let minute = VirtualDuration.minutes(1).nanoseconds
    private static let hour = VirtualDuration.hours(1).nanoseconds
    private static let day = VirtualDuration.days(1).nanoseconds

    /// The shortest exact text of a non-negative duration: `0s`, `250ms`, `31.000000001s`, `1h2m5.5s`, `2d`.
    static func exact(_ nanoseconds: Int64) -> String {
        precondition(nanoseconds >= 0, "durations in plans are never negative")
        if nanoseconds == 0 { return "0s" }
        if nanoseconds < second, nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        var rest = nanoseconds
        var text = ""
        for (name, size) in [("d", day), ("h", hour), ("m", minute)] where rest >= size {
            text += "\(rest / size)\(name)"
            rest %= size
        }
        guard rest > 0 else { return text }
        let whole = rest / second
        var fraction = String(rest % second)
        guard fraction != "0" else { return text + "\(whole)s" }
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return text + "\(whole).\(fraction)s"
    }

    /// ``exact(_:)-(Int64)`` of a span that is never negative.
    static func exact(_ duration: VirtualDuration) -> String { exact(duration.nanoseconds) }

    /// ``exact(_:)-(Int64)`` of an instant, as the span since the run began.
    static func exact(_ instant: VirtualInstant) -> String { exact(instant.nanoseconds) }

    /// A signed span: `-300ms` for 300 ms earlier.
    static func signed(_ duration: VirtualDuration) -> String { signed(duration.nanoseconds) }

    /// A signed duration: `-300ms` for 300 ms earlier.
    static func signed(_ nanoseconds: Int64) -> String {
        nanoseconds < 0 ? "-" + exact(nanoseconds == .min ? .max : -nanoseconds) : exact(nanoseconds)
    }

    /// Reads a signed duration written by ``signed(_:)`` (or any duration `TimeText` reads, with an optional `-`).
    static func parseSigned(_ text: String) throws(TimeText.ParseError) -> Int64 {
        if text.hasPrefix("-") { return -(try TimeText.parse(String(text.dropFirst()))) }
        return try TimeText.parse(text)
    }
}
