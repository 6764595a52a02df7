/// A JSON number as its text, so that a whole number is read exactly (never through a `Double`) and a message can quote it.
///
/// `12`, `1.0`, `1e3` and `12.50e1` are whole numbers; `1.5` and `1e-1` are
/// not. Readers decide what they accept: the scenario format takes `1e3`
/// for 1000, traces and plans take integers written plainly.
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written: valid JSON number syntax.
    package let text: String

    /// A number read by the lexer, or written by code that knows its text is a JSON number (`1500.25`).
    package init(text: String) {
        self.text = text
    }

    /// An integer, in decimal digits.
    package init(_ value: some BinaryInteger) {
        text = String(value)
    }

    package var description: String { text }

    /// Where the fraction or the exponent starts in ``text`` (its `.`, `e` or `E`), or nil for a plain integer.
    package var fractionOffset: Int? {
        text.utf8.firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            .map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
    }

    /// The value, when the text is a plain integer (no fraction, no exponent) that fits `Int64`.
    ///
    /// - Complexity: O(*n*) in the length of the text, with no allocation.
    package var int64: Int64? {
        var value: Int64 = 0
        var negative = false
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
                guard byte == UInt8(ascii: "-"), value == 0, !negative else { return nil }
                negative = true
                continue
            }
            let digit = Int64(byte &- UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            // Built negative when the sign says so, so that Int64.min fits.
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// What a number's text holds, read as a whole number.
    package enum Whole: Sendable, Equatable {
        /// A whole number: its sign and magnitude.
        case value(negative: Bool, magnitude: UInt64)
        /// A whole number too large for 64 bits.
        case tooLarge(negative: Bool)
        /// Not a whole number: it has a fractional part.
        case fraction
    }

    /// The number read as a whole number, exactly, with no floating point: `1.0`, `1e3` and `12.50e1` are whole.
    ///
    /// - Complexity: O(*n*) in the length of the text, whatever its exponent.
    package var whole: Whole {
        var bytes = Array(text.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let integerDigits = bytes.prefix { $0 >= 48 && $0 <= 57 }
        bytes = bytes.dropFirst(integerDigits.count)
        var fractionDigits: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix { $0 >= 48 && $0 <= 57 }
            bytes = bytes.dropFirst(fractionDigits.count)
        }
        var exponent = 0
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            let exponentNegative = bytes.first == UInt8(ascii: "-")
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            for digit in bytes {
                // Past a million digits either way the answer no longer changes (too large, or a fraction unless zero).
                exponent = min(exponent * 10 + Int(digit - 48), 1_000_000)
            }
            if exponentNegative { exponent = -exponent }
        }
        // The digits as one run, and where the decimal point falls in it once the exponent is applied.
        let digits = Array(integerDigits) + Array(fractionDigits)
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        if significant.isEmpty { return .value(negative: false, magnitude: 0) }
        let point = integerDigits.count + exponent
        // Digits after the point must all be zeros.
        if point < digits.count, digits[max(point, 0)...].contains(where: { $0 != UInt8(ascii: "0") }) {
            return .fraction
        }
        var magnitude: UInt64 = 0
        for position in 0..<point {
            let digit = position < digits.count ? UInt64(digits[position] - 48) : 0
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return .tooLarge(negative: negative) }
            magnitude = sum
        }
        return .value(negative: negative, magnitude: magnitude)
    }
}
