/// Why text is not JSON, where, and inside what: ``JSONParser``'s error.
///
/// ``message`` says it in words meant for people who write JSON by hand;
/// a reader with its own wording for a case (a trace line names the key
/// of a bad integer) switches over ``kind`` and falls back on ``message``.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// The two kinds of container, for messages about how they end.
    package enum Container: Sendable, Equatable {
        case object
        case array
    }

    /// What is wrong.
    package enum Kind: Sendable, Equatable {
        /// Nothing but white space.
        case empty
        /// More text after the value.
        case trailingText
        /// The text ends where a value belongs.
        case missingValue
        /// A character that starts no value.
        case unexpectedCharacter(UInt8)
        /// A word that is not `true`, `false` or `null` (the expected one).
        case misspeltLiteral(String)
        /// Objects and arrays nested more than the limit.
        case tooDeep(limit: Int)
        /// Something other than a string where a key belongs.
        case expectedKey
        /// A comma just before the container closes.
        case trailingComma(Container)
        /// A key the object already has.
        case duplicateKey(String)
        /// No colon after a key.
        case expectedColon(key: String)
        /// No comma or closing bracket after a member (with its key) or an element.
        case expectedCommaOrClose(Container, key: String?)
        /// The text ends inside a container.
        case unclosed(Container)
        /// The text ends inside a string.
        case unclosedString
        /// A line break inside a string.
        case lineBreakInString
        /// A control character inside a string.
        case controlCharacter(UInt8)
        /// A backslash followed by a character that escapes nothing.
        case invalidEscape(UInt8)
        /// `\u` without four hexadecimal digits.
        case badUnicodeEscape
        /// A `\u` escape of half a UTF-16 surrogate pair.
        case loneSurrogate(UInt32)
        /// Bytes in a string that are not UTF-8.
        case invalidUTF8(UInt8)
        /// A minus sign without digits.
        case numberNeedsDigits
        /// An integer part that starts with 0 and goes on.
        case leadingZero
        /// A decimal point without digits after it.
        case fractionNeedsDigits
        /// An exponent without digits.
        case exponentNeedsDigits
    }

    /// What is wrong.
    package var kind: Kind
    /// Where: the line, the column and the byte offset.
    package var position: JSONPosition
    /// The way to the value being read when reading stopped: the object of a duplicate key, the value of a bad number.
    package var path: [JSONPathComponent]

    package init(_ kind: Kind, at position: JSONPosition, path: [JSONPathComponent] = []) {
        self.kind = kind
        self.position = position
        self.path = path
    }

    /// The key whose value was being read, if any: for readers that name it.
    package var key: String? {
        if case .key(let key)? = path.last { key } else { nil }
    }

    /// What is wrong, in words; keys are quoted as ``QuotableText`` does.
    package var message: String {
        switch kind {
        case .empty: "the text is empty; a JSON value is expected"
        case .trailingText: "unexpected text after the end of the JSON value"
        case .missingValue: "unexpected end of file; a value is missing"
        case .unexpectedCharacter(let byte):
            "unexpected character \(Self.describe(byte)); expected a value (object, array, string, number, true, false or null)"
        case .misspeltLiteral(let word): "unexpected text; expected \(word) (strings need double quotes)"
        case .tooDeep(let limit): "nesting deeper than \(limit) levels"
        case .expectedKey: "expected a key in double quotes"
        case .trailingComma(let container): "trailing comma before \(Self.closing(container))"
        case .duplicateKey(let key):
            "duplicate key \"\(QuotableText.quotable(key))\"" + (path.isEmpty ? "" : " in \(JSONPathComponent.text(of: path))")
        case .expectedColon(let key): "expected ':' after the key \"\(QuotableText.quotable(key))\""
        case .expectedCommaOrClose(.object, let key): "expected ',' or '}' after the value of \"\(QuotableText.quotable(key ?? ""))\""
        case .expectedCommaOrClose(.array, _): "expected ',' or ']' after an array element"
        case .unclosed(.object): "unexpected end of file; an object is not closed with '}'"
        case .unclosed(.array): "unexpected end of file; an array is not closed with ']'"
        case .unclosedString: "unexpected end of file inside a string"
        case .lineBreakInString: "a string is not closed before the end of the line"
        case .controlCharacter(let byte): "control character (byte \(Self.hex(byte))) inside a string; write it escaped"
        case .invalidEscape(let byte):
            "invalid escape " + (byte >= 0x20 && byte < 0x7F ? "\\\(Character(Unicode.Scalar(byte)))" : "\\ followed by byte \(Self.hex(byte))")
        case .badUnicodeEscape: "\\u must be followed by four hexadecimal digits"
        case .loneSurrogate(let code): "a lone UTF-16 surrogate (\\u\(String(code, radix: 16, uppercase: true))) in a string"
        case .invalidUTF8(let byte): "invalid UTF-8 (byte \(Self.hex(byte))) in a string; JSON text is UTF-8"
        case .numberNeedsDigits: "a number needs digits"
        case .leadingZero: "numbers may not have leading zeros"
        case .fractionNeedsDigits: "a decimal point needs digits after it"
        case .exponentNeedsDigits: "an exponent needs digits"
        }
    }

    /// `0x1B`: a byte as messages write it.
    package static func hex(_ byte: UInt8) -> String {
        "0x" + String(byte, radix: 16, uppercase: true)
    }

    private static func closing(_ container: Container) -> String {
        container == .object ? "'}'" : "']'"
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 { return "byte \(hex(byte)) (text outside a string must be plain ASCII)" }
        return "byte \(hex(byte))"
    }
}
