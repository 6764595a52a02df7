import SimulationSupport

/// Reads and writes durations as text, exactly, with no floating point.
///
/// Scenario files write durations as strings such as `"5s"`, `"250ms"`,
/// `"1.5s"`, `"1h30m"` or `"7d"`; reports print them back compactly. Parsing is
/// decimal and integer-only so that `"0.1s"` is exactly 100,000,000 ns on
/// every platform.
package enum TimeText {
    /// The units a duration may be written in, longest names first so that `ms` wins over `m`.
    static let units: [(name: String, nanoseconds: Int64)] = [
        ("ns", 1),
        ("us", 1_000),
        ("µs", 1_000),
        ("ms", 1_000_000),
        ("s", 1_000_000_000),
        ("m", 60_000_000_000),
        ("h", 3_600_000_000_000),
        ("d", 86_400_000_000_000),
        ("w", 604_800_000_000_000),
    ]

    /// Why a duration string could not be read.
    package enum ParseError: Error, Equatable, CustomStringConvertible {
        case empty
        case malformed(String)
        case unknownUnit(String)
        case negative(String)
        case tooLarge(String)
        /// A fraction finer than the nanosecond, the smallest unit of virtual time (`"0.5ns"`, `"0.0000000001s"`).
        case finerThanNanosecond(String)

        package var description: String {
            switch self {
            case .empty:
                return "empty duration (write for example \"5s\", \"250ms\", \"2m\", \"1h30m\")"
            case .malformed(let text):
                return "\"\(QuotableText.quotable(text))\" is not a duration (write for example \"5s\", \"250ms\", \"2m\", \"1h30m\")"
            case .unknownUnit(let text):
                return "\"\(QuotableText.quotable(text))\" has an unknown unit (use ns, us, ms, s, m, h, d or w)"
            case .negative(let text):
                return "\"\(QuotableText.quotable(text))\" is negative; durations and instants are never negative"
            case .tooLarge(let text):
                return "\"\(QuotableText.quotable(text))\" is too large to represent"
            case .finerThanNanosecond(let text):
                return "\"\(QuotableText.quotable(text))\" is finer than a nanosecond, the smallest unit of virtual time "
                    + "(write whole nanoseconds, for example \"1ns\" or \"0.000000001s\")"
            }
        }
    }

    /// Parses a duration such as `"1h30m"` or `"0.25s"`.
    ///
    /// A sequence of `<number><unit>` parts is summed. Numbers may have a
    /// decimal fraction; digits beyond nanosecond precision are an error
    /// rather than silently rounded.
    ///
    /// ```swift
    /// try TimeText.duration("1m30s")  // .seconds(90)
    /// ```
    package static func duration(_ text: String) throws(ParseError) -> VirtualDuration {
        .nanoseconds(try parse(text))
    }

    /// Parses a duration into whole nanoseconds: ``duration(_:)`` for code that still counts in integers.
    package static func parse(_ text: String) throws(ParseError) -> Int64 {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { throw .empty }
        if trimmed.hasPrefix("-") { throw .negative(text) }
        var scalars = Substring(trimmed)
        var total: Int64 = 0
        while !scalars.isEmpty {
            let number = scalars.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty else { throw .malformed(text) }
            scalars = scalars.dropFirst(number.count)
            let unitText = scalars.prefix { !($0.isASCII && ($0.isNumber || $0 == ".")) }
            scalars = scalars.dropFirst(unitText.count)
            guard let unit = units.first(where: { $0.name == unitText }) else {
                if unitText.isEmpty { throw .malformed(text) }
                throw .unknownUnit(text)
            }
            let part = try value(of: number, unit: unit.nanoseconds, text: text)
            let (sum, overflow) = total.addingReportingOverflow(part)
            if overflow { throw .tooLarge(text) }
            total = sum
        }
        return total
    }

    private static func value(of number: Substring, unit: Int64, text: String) throws(ParseError) -> Int64 {
        let pieces = number.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, let wholeText = pieces.first, !wholeText.isEmpty || pieces.count == 2 else {
            throw .malformed(text)
        }
        var whole: Int64 = 0
        for digit in wholeText {
            let (times, o1) = whole.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(Int64(digit.wholeNumberValue ?? 0))
            if o1 || o2 { throw .tooLarge(text) }
            whole = plus
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: unit)
        if overflow { throw .tooLarge(text) }
        guard pieces.count == 2 else { return scaled }
        if pieces[1].isEmpty { throw .malformed(text) }
        // Trailing zeros change nothing; past 18 significant digits every unit (a week at most, 6.05e14 ns) is cut finer than 1 ns.
        let fractionText = pieces[1].reversed().drop { $0 == "0" }.reversed()
        guard fractionText.count <= 18 else { throw .finerThanNanosecond(text) }
        var fraction: Int64 = 0
        var denominator: Int64 = 1
        for digit in fractionText {
            fraction = fraction * 10 + Int64(digit.wholeNumberValue ?? 0)
            denominator *= 10
        }
        // fraction × unit / denominator, exactly: the product may need 128 bits, the quotient is less than the unit.
        let (part, remainder) = denominator.dividingFullWidth(fraction.multipliedFullWidth(by: unit))
        if remainder != 0 { throw .finerThanNanosecond(text) }
        let (sum, overflow3) = scaled.addingReportingOverflow(part)
        if overflow3 { throw .tooLarge(text) }
        return sum
    }

    /// Formats a span compactly for people, to the millisecond: `0.250s`, `5.000s`, `2m05.000s`, `1h02m00s`, `3d04h00m`.
    package static func format(_ duration: VirtualDuration) -> String {
        format(nanoseconds: duration.nanoseconds)
    }

    /// Formats an instant as the span since the run began, compactly for people: `1m05.250s`.
    package static func format(_ instant: VirtualInstant) -> String {
        format(nanoseconds: instant.nanoseconds)
    }

    /// Formats a span the way scenario files write it, exactly, in the largest unit that divides it: `30s`, `1500ms`, `2h`.
    package static func formatExact(_ duration: VirtualDuration) -> String {
        formatExact(nanoseconds: duration.nanoseconds)
    }

    /// ``format(_:)`` of a span in whole nanoseconds.
    package static func format(nanoseconds: Int64) -> String {
        if nanoseconds < 0 { return "-" + format(nanoseconds: nanoseconds == .min ? .max : -nanoseconds) }
        if nanoseconds == .max { return "never" }
        let ms = nanoseconds / 1_000_000
        let seconds = ms / 1000
        let millis = ms % 1000
        if seconds < 60 {
            return "\(seconds).\(pad(millis, 3))s"
        }
        let minutes = seconds / 60
        if minutes < 60 {
            return "\(minutes)m\(pad(seconds % 60, 2)).\(pad(millis, 3))s"
        }
        let hours = minutes / 60
        if hours < 24 {
            return "\(hours)h\(pad(minutes % 60, 2))m\(pad(seconds % 60, 2))s"
        }
        return "\(hours / 24)d\(pad(hours % 24, 2))h\(pad(minutes % 60, 2))m"
    }

    /// Formats an instant as the span since the run began, exactly, the way scenario files write it: `30s`, `1500ms`.
    package static func formatExact(_ instant: VirtualInstant) -> String {
        formatExact(nanoseconds: instant.nanoseconds)
    }

    /// ``formatExact(_:)`` of a span in whole nanoseconds.
    package static func formatExact(nanoseconds: Int64) -> String {
        if nanoseconds == 0 { return "0s" }
        for unit in units.reversed() where unit.name != "µs" && unit.name != "w" {
            if nanoseconds % unit.nanoseconds == 0 { return "\(nanoseconds / unit.nanoseconds)\(unit.name)" }
        }
        return "\(nanoseconds)ns"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " { text = text.dropFirst() }
        while let last = text.last, last == " " { text = text.dropLast() }
        return String(text)
    }
}
