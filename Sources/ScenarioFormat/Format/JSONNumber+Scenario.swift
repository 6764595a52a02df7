import SimulationSupport

extension JSONNumber {
    /// The number as a value of `T`, or why it is not one, in words that name the allowed range.
    ///
    /// Read exactly from the text (``JSONNumber/whole``), so `1e3` and `1.0`
    /// are whole numbers and a message quotes what the file said.
    func integer<T: FixedWidthInteger>(as type: T.Type) -> Result<T, Problem> {
        let shown = QuotableText.quotable(text, limit: 40)
        let range = "a whole number from \(T.min) to \(T.max)"
        let negativeNote = "; negative values are not allowed"
        switch whole {
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

    /// Why a number does not fit where it is.
    struct Problem: Error {
        var message: String
    }
}

/// A number as the file wrote it, decoded without converting it, so that a message can quote it.
struct WrittenNumber: Decodable {
    var number: JSONNumber

    init(from decoder: any Decoder) throws {
        if let node = decoder as? NodeDecoder {
            guard case .number(let number) = node.node.content else { throw node.mismatch(Int.self, expected: "a whole number") }
            self.number = number
        } else {
            number = JSONNumber(try decoder.singleValueContainer().decode(Int.self))
        }
    }
}
