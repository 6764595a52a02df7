/// A strict JSON parser that says where text goes wrong: RFC 8259, with no trailing commas and no duplicate keys.
///
/// Foundation's decoder reports only "not valid JSON" on Linux, accepts
/// trailing commas and keeps one of two duplicate keys silently. bgsim reads
/// scenarios, plans, campaign results and traces itself: this parser builds
/// a ``JSONValue`` tree in which every value knows its ``JSONSpan``, or
/// throws a ``JSONSyntaxError`` naming the line, the column and the path of
/// the first mistake.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"seed": 7}"#.utf8))
/// value.object?["seed"]?.position  // line 1, column 10, offset 9
/// ```
///
/// - Complexity: O(*n*) in the size of the text; duplicate keys are found
///   by comparison in small objects and by hashing in large ones.
package struct JSONParser {
    /// The deepest nesting accepted; deeper text is refused rather than risking the stack.
    package static let maximumDepth = 256

    private var lexer: JSONLexer
    /// The way to the value being read, for messages and depth.
    private var path: [JSONPathComponent] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        lexer = JSONLexer(bytes: bytes)
    }

    /// Reads `bytes` as one JSON value, with nothing but white space around it.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        do {
            return try parser.document()
        } catch {
            // The path still holds where reading stopped: a failure leaves it as it was.
            var located = error
            located.path = parser.path
            throw located
        }
    }

    /// Reads `bytes` as one JSON value.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in Result { () throws(JSONSyntaxError) in try parse(buffer) } }.get()
    }

    /// Reads `text` as one JSON value.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        lexer.skipSpace()
        guard lexer.current != nil else { throw lexer.error(.empty) }
        let root = try value()
        lexer.skipSpace()
        guard lexer.current == nil else { throw lexer.error(.trailingText) }
        return root
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        lexer.skipSpace()
        let start = lexer.position
        guard let byte = lexer.current else { throw lexer.error(.missingValue) }
        let content: JSONValue.Content
        switch byte {
        case UInt8(ascii: "{"): content = .object(try object())
        case UInt8(ascii: "["): content = .array(try array())
        case UInt8(ascii: "\""): content = .string(try lexer.string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): content = .number(try lexer.number())
        case UInt8(ascii: "t"): try lexer.literal("true"); content = .bool(true)
        case UInt8(ascii: "f"): try lexer.literal("false"); content = .bool(false)
        case UInt8(ascii: "n"): try lexer.literal("null"); content = .null
        default: throw lexer.error(.unexpectedCharacter(byte))
        }
        return JSONValue(content, span: JSONSpan(start: start, end: lexer.offset))
    }

    /// Moves past the opening bracket of a container, within the depth allowed; true when the container closes at once.
    private mutating func open(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        if path.count >= Self.maximumDepth { throw lexer.error(.tooDeep(limit: Self.maximumDepth)) }
        lexer.advance()
        lexer.skipSpace()
        guard lexer.current == closing else { return false }
        lexer.advance()
        return true
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONObject {
        var object = JSONObject()
        if try open(closing: UInt8(ascii: "}")) { return object }
        while true {
            lexer.skipSpace()
            guard lexer.current == UInt8(ascii: "\"") else {
                throw lexer.error(lexer.current == UInt8(ascii: "}") ? .trailingComma(.object) : .expectedKey)
            }
            let keyPosition = lexer.position
            let key = try lexer.string()
            // Refused before its value is read: the first mistake in the text is the one reported.
            if object.member(key) != nil { throw JSONSyntaxError(.duplicateKey(key), at: keyPosition) }
            lexer.skipSpace()
            guard lexer.current == UInt8(ascii: ":") else { throw lexer.error(.expectedColon(key: key)) }
            lexer.advance()
            path.append(.key(key))
            let member = try value()
            path.removeLast()
            _ = object.add(JSONObject.Member(key: key, keyPosition: keyPosition, value: member))
            if try closes(.object, key: key) { return object }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> [JSONValue] {
        var elements: [JSONValue] = []
        if try open(closing: UInt8(ascii: "]")) { return elements }
        while true {
            lexer.skipSpace()
            if lexer.current == UInt8(ascii: "]") { throw lexer.error(.trailingComma(.array)) }
            path.append(.index(elements.count))
            elements.append(try value())
            path.removeLast()
            if try closes(.array, key: nil) { return elements }
        }
    }

    /// Moves past what follows a member (its `key`) or an element: true at the container's end, false after a comma.
    private mutating func closes(_ container: JSONSyntaxError.Container, key: String?) throws(JSONSyntaxError) -> Bool {
        lexer.skipSpace()
        switch lexer.current {
        case UInt8(ascii: ","):
            lexer.advance()
            return false
        case UInt8(ascii: container == .object ? "}" : "]"):
            lexer.advance()
            return true
        case nil: throw lexer.error(.unclosed(container))
        default: throw lexer.error(.expectedCommaOrClose(container, key: key))
        }
    }
}
