/// Reads the tokens of JSON text from its UTF-8 bytes, knowing at every step its line and column.
///
/// Strings come out with their escapes resolved, refusing bytes that are
/// not UTF-8 (stray bytes, overlong forms, surrogates, beyond U+10FFFF) and
/// lone `\u` surrogates; numbers come out as their text, checked against
/// JSON's grammar. Columns count characters, not bytes: the lexer counts the
/// UTF-8 continuation bytes of the current line as it copies strings.
/// ``JSONParser`` builds values from the tokens.
///
/// - Complexity: O(*n*) in the bytes read.
package struct JSONLexer {
    /// The text.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    package private(set) var offset: Int
    private var line = 1
    private var lineStart: Int
    /// The UTF-8 continuation bytes read on the current line, so that columns count characters.
    private var continuations = 0

    /// A lexer at the start of `bytes`, past a UTF-8 byte order mark (harmless, so skipped).
    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        lineStart = offset
    }

    /// Where the next byte is.
    package var position: JSONPosition {
        JSONPosition(line: line, column: offset - lineStart - continuations + 1, offset: offset)
    }

    /// The next byte, or nil at the end.
    package var current: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// Moves past the current byte, an ASCII byte that is not a line break (punctuation).
    package mutating func advance() {
        offset += 1
    }

    /// An error at the current position.
    package func error(_ kind: JSONSyntaxError.Kind) -> JSONSyntaxError {
        JSONSyntaxError(kind, at: position)
    }

    /// Moves past spaces, tabs, carriage returns and line breaks.
    package mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
                continuations = 0
            default:
                return
            }
        }
    }

    /// Reads `word` (`true`, `false` or `null`), which the current byte starts.
    package mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard current == byte else { throw error(.misspeltLiteral(word.description)) }
            offset += 1
        }
    }

    /// Reads a number, which the current byte (`-` or a digit) starts, as its text.
    package mutating func number() throws(JSONSyntaxError) -> JSONNumber {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, Self.isDigit(first) else { throw error(.numberNeedsDigits) }
        offset += 1
        let leadingZero = first == UInt8(ascii: "0") && current.map(Self.isDigit) == true
        skipDigits()
        // Said at the end of the integer part: `007` is one mistake, wherever its digits are.
        if leadingZero { throw error(.leadingZero) }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard let digit = current, Self.isDigit(digit) else { throw error(.fractionNeedsDigits) }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw error(.exponentNeedsDigits) }
            skipDigits()
        }
        return JSONNumber(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { offset += 1 }
    }

    /// Reads a string, which the current byte (`"`) opens, with its escapes resolved.
    ///
    /// Runs of bytes that need nothing are copied whole: most strings are one run.
    package mutating func string() throws(JSONSyntaxError) -> String {
        offset += 1
        var text = ""
        var runStart = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let run = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]), as: UTF8.self)
                offset += 1
                if text.isEmpty { return run }
                text += run
                return text
            case UInt8(ascii: "\\"):
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]), as: UTF8.self)
                offset += 1
                try escape(into: &text)
                runStart = offset
            case UInt8(ascii: "\n"):
                throw error(.lineBreakInString)
            case 0..<0x20:
                throw error(.controlCharacter(byte))
            case 0x80...:
                try utf8Sequence()
            default:
                offset += 1
            }
        }
        throw error(.unclosedString)
    }

    /// Reads the escape after a backslash into `text`.
    private mutating func escape(into text: inout String) throws(JSONSyntaxError) {
        guard let escaped = current else { throw error(.unclosedString) }
        let escapePosition = position
        offset += 1
        let simple: Unicode.Scalar? = switch escaped {
        case UInt8(ascii: "\""): "\""
        case UInt8(ascii: "\\"): "\\"
        case UInt8(ascii: "/"): "/"
        case UInt8(ascii: "b"): "\u{08}"
        case UInt8(ascii: "f"): "\u{0C}"
        case UInt8(ascii: "n"): "\n"
        case UInt8(ascii: "r"): "\r"
        case UInt8(ascii: "t"): "\t"
        default: nil
        }
        if let simple {
            text.unicodeScalars.append(simple)
            return
        }
        guard escaped == UInt8(ascii: "u") else { throw JSONSyntaxError(.invalidEscape(escaped), at: escapePosition) }
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                throw error(.loneSurrogate(code))
            }
            offset += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate(code)) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error(.loneSurrogate(code)) }
        text.unicodeScalars.append(scalar)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error(.badUnicodeEscape) }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(.badUnicodeEscape)
            }
            code = code << 4 | digit
            offset += 1
        }
        return code
    }

    /// Moves past one multi-byte UTF-8 sequence, refusing anything that is not UTF-8 (overlong forms, surrogates, stray bytes).
    private mutating func utf8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[offset]
        let (length, low, high): (Int, UInt8, UInt8) = switch lead {
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xE1...0xEF: (3, 0x80, 0xBF)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        default: (0, 0, 0)
        }
        guard length > 0, offset + length <= bytes.count else { throw error(.invalidUTF8(lead)) }
        let second = bytes[offset + 1]
        guard second >= low && second <= high else { throw error(.invalidUTF8(lead)) }
        for index in 2..<max(2, length) where bytes[offset + index] & 0xC0 != 0x80 { throw error(.invalidUTF8(lead)) }
        offset += length
        continuations += length - 1
    }
}
