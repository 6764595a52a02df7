/// Makes text from an input file safe to quote in a message: escaped and bounded.
///
/// A file can hold control characters and terminal escape sequences, and a
/// key can be a megabyte long; echoing either raw would let an input paint
/// the terminal or drown the message. Control characters are written as
/// `\n`, `\t` or `\u{1B}`, and long text is cut with a note of how much more there was.
package enum QuotableText {
    /// `text` escaped (quotes and backslashes too, to sit between double quotes), and cut after `limit` characters.
    ///
    /// - Complexity: O(`limit`) to build, O(*n*) to count what was left out.
    package static func quotable(_ text: some StringProtocol, limit: Int = 80) -> String {
        var output = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                let rest = text.unicodeScalars.count - count
                output += "… (\(rest) more character\(rest == 1 ? "" : "s"))"
                return output
            }
            count += 1
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            default: append(scalar, to: &output)
            }
        }
        return output
    }

    /// A whole message made safe for a terminal: control characters escaped, and the middle cut out past `limit` characters.
    ///
    /// For messages that may quote input anywhere in them; quotes and
    /// backslashes stay as they are. The start and the end are kept, since a
    /// message says what is wrong at its start and what to do at its end.
    package static func printable(_ text: String, limit: Int = 1000) -> String {
        let scalars = text.unicodeScalars
        let total = scalars.count
        var output = ""
        guard total > limit else {
            if !scalars.contains(where: needsEscape) { return text }
            for scalar in scalars { append(scalar, to: &output) }
            return output
        }
        let head = limit * 2 / 3
        let tail = limit - head
        for scalar in scalars.prefix(head) { append(scalar, to: &output) }
        output += " … (\(total - head - tail) characters left out) … "
        for scalar in scalars.suffix(tail) { append(scalar, to: &output) }
        return output
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout String) {
        switch scalar {
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        default:
            if needsEscape(scalar) {
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
    }
}
