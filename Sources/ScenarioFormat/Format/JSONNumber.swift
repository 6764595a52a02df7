import SimulationKernel

/// Reads a JSON number's text as a whole number, exactly, with no floating point.
///
/// `12`, `1.0`, `1e3` and `12.50e1` are whole numbers; `1.5` and `1e-1` are
/// not. The value's size is checked against the target type by the caller,
/// which can then name the allowed range.
enum JSONNumber {
    /// What a number's text holds, read as a whole number.
    enum Whole: Equatable {
        /// A whole number: its sign and magnitude.
        case value(negative: Bool, magnitude: UInt64)
        /// A whole number too large for 64 bits.
        case tooLarge(negative: Bool)
        /// Not a whole number: it has a fractional part.
        case fraction
    }

    /// Reads `text`, which ``JSONSyntax`` has already checked is a JSON number.
    ///
    /// - Complexity: O(*n*) in the length of the text, whatever its exponent.
    static func whole(_ text: String) -> Whole {
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

    /// `text` as a value of `T`, or why it is not one, in words that name the allowed range.
    static func integer<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> Result<T, Problem> {
        let shown = QuotableText.quotable(text, limit: 40)
        let range = "a whole number from \(T.min) to \(T.max)"
        switch whole(text) {
        case .fraction:
            return .failure(Problem(message: "expected a whole number, found \(shown)"))
        case .tooLarge(let negative):
            return .failure(Problem(message: "expected \(range), found \(shown)" + (negative && T.min == 0 ? negativeNote : "")))
        case .value(let negative, let magnitude):
            if negative {
                guard T.min < 0, magnitude <= UInt64(T.max) + 1 else {
                    return .failure(Problem(message: "expected \(range), found \(shown)" + (T.min == 0 ? negativeNote : "")))
                }
                return .success(magnitude == UInt64(T.max) + 1 ? T.min : 0 - T(magnitude))
            }
            guard let value = T(exactly: magnitude) else {
                return .failure(Problem(message: "expected \(range), found \(shown)"))
            }
            return .success(value)
        }
    }

    /// A number as the file wrote it, decoded without converting it, so that a message can quote it.
    struct Text: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            if let node = decoder as? NodeDecoder {
                guard case .number(let text) = node.node else { throw node.mismatch(Int.self, expected: "a whole number") }
                self.text = text
            } else {
                text = String(try decoder.singleValueContainer().decode(Int.self))
            }
        }
    }

    /// Why a number does not fit where it is.
    struct Problem: Error {
        var message: String
    }

    private static let negativeNote = "; negative values are not allowed"
}
