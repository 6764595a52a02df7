import SimulationKernel

/// Short durations for axes, breaks and hover text: `250ms`, `1.5s`, `4m26s`, `3h`, `2d6h`.
///
/// `TimeText.format` is exact to the millisecond, for the story; these are
/// for labels where two units say enough.
enum DurationText {
    private static let second = VirtualDuration.seconds(1).nanoseconds
    private static let minute = VirtualDuration.minutes(1).nanoseconds
    private static let hour = VirtualDuration.hours(1).nanoseconds
    private static let day = VirtualDuration.days(1).nanoseconds

    private static let units: [(name: String, nanoseconds: Int64)] = [
        ("d", day), ("h", hour), ("m", minute), ("s", second),
    ]

    /// `nanoseconds` in its two largest units, rounded down: `4m26s`, `2d6h`, `1.25s`, `250ms`, `0s`.
    static func short(_ nanoseconds: Int64) -> String {
        if nanoseconds < 0 { return "-" + short(-nanoseconds) }
        if nanoseconds < second {
            if nanoseconds == 0 { return "0s" }
            if nanoseconds < 1_000_000 { return nanoseconds < 1000 ? "\(nanoseconds)ns" : "\(nanoseconds / 1000)µs" }
            return "\(nanoseconds / 1_000_000)ms"
        }
        if nanoseconds < minute {
            return decimalSeconds(nanoseconds)
        }
        var parts: [String] = []
        var rest = nanoseconds
        for unit in units {
            let count = rest / unit.nanoseconds
            rest %= unit.nanoseconds
            if count > 0 || !parts.isEmpty { parts.append("\(count)\(unit.name)") }
            if parts.count == 2 { break }
        }
        if parts.count == 2, parts[1].hasPrefix("0") { parts.removeLast() }
        return parts.joined()
    }

    /// An axis label for `time`, a multiple of `step`: as short as the step allows, in the story's style past an hour (`12h09m41s`, `1d00h19m`).
    static func axis(_ time: Int64, step: Int64) -> String {
        if time == 0 { return "0" }
        if time < minute {
            return time < second ? "\(time / 1_000_000)ms" : decimalSeconds(step >= second ? time / second * second : time)
        }
        if time >= hour {
            var text = instant(time)
            // Sub-second steps past an hour: `12h09m41.5s`, so neighbouring ticks never read the same.
            if step < second {
                let fraction = decimalSeconds(time % second + second).dropFirst(1).dropLast()
                if !fraction.isEmpty { text = String(text.dropLast()) + fraction + "s" }
            }
            // Whole hours or days read better without their zero tails: `6h`, `2d`, `1d12h`, `12h09m`.
            for tail in ["d00h00m00s", "h00m00s", "m00s"] where text.hasSuffix(tail) {
                return String(text.dropLast(tail.count - 1))
            }
            return text
        }
        let minutes = time / minute
        if step < second {
            // Sub-second steps past a minute: `1m00.5s`, so neighbouring ticks never read the same.
            let seconds = decimalSeconds(time % minute)
            return "\(minutes)m" + (time % minute < 10 * second ? "0" : "") + seconds
        }
        let seconds = time / second % 60
        return seconds == 0 ? "\(minutes)m" : "\(minutes)m" + (seconds < 10 ? "0" : "") + "\(seconds)s"
    }

    /// The length of a run as scenarios write it when that is short (`5m`, `7d`, `1h30m`), or to the millisecond (`16d04h54m`).
    static func span(_ nanoseconds: Int64) -> String {
        let exact = TimeText.formatExact(nanoseconds: nanoseconds)
        return exact.count <= 6 ? exact : TimeText.format(nanoseconds: nanoseconds)
    }

    /// An instant as reports write it: `TimeText.format` within the first day (`0.250s`, `2m05.000s`, `9h41m24s`),
    /// and past it with its seconds still (`1d08h10m00s`), so that two events a few seconds apart never read the same.
    static func instant(_ nanoseconds: Int64) -> String {
        guard nanoseconds >= day, nanoseconds != .max else { return TimeText.format(nanoseconds: nanoseconds) }
        let seconds = nanoseconds / second
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(seconds / 86_400)d\(two(seconds / 3600 % 24))h\(two(seconds / 60 % 60))m\(two(seconds % 60))s"
    }

    /// ``short(_:)-(Int64)`` of a span.
    static func short(_ duration: VirtualDuration) -> String { short(duration.nanoseconds) }

    /// ``span(_:)-(Int64)`` of a span.
    static func span(_ duration: VirtualDuration) -> String { span(duration.nanoseconds) }

    /// ``instant(_:)-(Int64)`` of an instant.
    static func instant(_ instant: VirtualInstant) -> String { self.instant(instant.nanoseconds) }

    /// ``instant(_:)-(Int64)`` of a span, written as the instant that long after the start.
    static func instant(_ duration: VirtualDuration) -> String { instant(duration.nanoseconds) }

    /// Seconds with up to three decimals, trailing zeros dropped: `1.5s`, `12s`, `2.125s`.
    private static func decimalSeconds(_ nanoseconds: Int64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        var fraction = String(milliseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return "\(milliseconds / 1000)" + (fraction.isEmpty ? "" : "." + fraction) + "s"
    }
}
