/// Small text layout helpers shared by the terminal renderers.
package enum TextLayout {
    /// `prefix` then `text`, wrapped at word boundaries to `width` columns, continuation lines indented under the text.
    ///
    /// A word longer than a whole line (a symbol name in a console message, a path) is cut where the line ends.
    package static func wrap(_ prefix: String, _ text: String, width: Int) -> String {
        let room = max(20, width - prefix.count)
        var lines: [String] = []
        var current = ""
        var words: [Substring] = []
        for word in text.split(separator: " ") {
            var rest = word
            while rest.count > room {
                words.append(rest.prefix(room))
                rest = rest.dropFirst(room)
            }
            words.append(rest)
        }
        for word in words {
            if !current.isEmpty && current.count + 1 + word.count > room {
                lines.append(current)
                current = String(word)
            } else {
                current = current.isEmpty ? String(word) : current + " " + word
            }
        }
        lines.append(current)
        return prefix + lines.joined(separator: "\n" + String(repeating: " ", count: prefix.count))
    }

    /// `text` padded with spaces to `width` columns, on the right (or the left).
    static func pad(_ text: String, to width: Int, left: Bool = false) -> String {
        guard text.count < width else { return text }
        let spaces = String(repeating: " ", count: width - text.count)
        return left ? spaces + text : text + spaces
    }
}
