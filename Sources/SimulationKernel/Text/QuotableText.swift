/// Makes text from an input file safe to quote in a message: escaped and bounded.
///
/// A file can hold control characters and terminal escape sequences, and a
/// key can be a megabyte long; echoing either raw would let an input paint
/// the terminal or drown the message. Control characters are written as
/// `\n`, `\t` or `\u{1B}`, and long text is cut with a note of how much more there was.
public enum QuotableText {
    /// `text` escaped, and cut after `limit` characters.
    public static func quotable(_ text: some StringProtocol, limit: Int = 80) -> String {
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
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format {
                    output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
