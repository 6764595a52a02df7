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

    /// A coordinate with at most one decimal (or `decimals`), without trailing zeros: `12`, `12.5`, `0.125`.
    ///
    /// Rounded through an integer so the text never depends on how a platform prints a `Double`.
    static func number(_ value: Double, decimals: Int = 1) -> String {
        var unit: Int64 = 1
        for _ in 0..<max(0, decimals) { unit *= 10 }
        let scaled = Int64((value * Double(unit)).rounded())
        let whole = scaled / unit
        var fraction = abs(scaled % unit)
        let sign = scaled < 0 && whole == 0 ? "-" : ""
        guard fraction != 0 else { return "\(sign)\(whole)" }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(sign)\(whole)." + String(repeating: "0", count: digits - text.count) + text
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
