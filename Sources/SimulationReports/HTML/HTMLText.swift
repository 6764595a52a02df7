/// Escaping and number formatting for the HTML page.
enum HTMLText {
    /// `text` safe inside an element or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" }) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    /// A coordinate with at most one decimal, without a trailing `.0`: `12`, `12.5`.
    ///
    /// Rounded through an integer so the text never depends on how a platform prints a `Double`.
    static func number(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        let whole = tenths / 10
        let fraction = abs(tenths % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// An identifier-safe form of a name, for CSS classes and element ids.
    static func identifier(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }

    /// `text` cut to `limit` characters with an ellipsis.
    static func truncated(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(1, limit - 1))) + "…"
    }
}
