/// Writes JSON text by hand, so that bytes are the same on every platform and Foundation version.
///
/// `JSONEncoder`'s number and escaping output is not part of any contract,
/// and the trace's bytes are (they are fingerprinted). Keys are written in
/// the order given; callers sort them.
public enum JSONText {
    /// Appends `text` as a JSON string literal to `output`.
    public static func appendString(_ text: String, to output: inout String) {
        output.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendString(text, to: &output)
        return output
    }
}
