import SimulationKernel

/// A strict JSON reader that says where the text goes wrong, by line and column.
///
/// Foundation's decoder reports only "not valid JSON", accepts trailing
/// commas, keeps one of two duplicate keys silently, and on Linux says the
/// same for a fraction where a whole number belongs or for bytes that are not
/// UTF-8. Scenario files are written by hand, so bgsim reads them itself:
/// this parser builds a ``JSONNode`` tree (numbers kept as written) or names
/// the line and column of the first mistake, and ``NodeDecoder`` decodes the
/// tree with messages in the format's own words.
///
/// - Complexity: O(*n*) in the size of the file; the path of a value is only
///   spelled out when a message needs it.
struct JSONSyntax {
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// One step of the path to the value being read, for messages.
    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var path: [PathComponent] = []

    /// The deepest nesting accepted; deeper files are refused rather than risking the stack.
    static let maximumDepth = 256

    /// Reads a whole file as one JSON value.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        var parser = JSONSyntax(bytes: bytes)
        parser.skipSpace()
        if parser.index == bytes.count { throw parser.failure("the file is empty; a scenario is a JSON object") }
        let node = try parser.value()
        parser.skipSpace()
        if parser.index < bytes.count { throw parser.failure("unexpected text after the end of the JSON value") }
        return node
    }

    /// Checks a whole file without keeping the tree.
    static func check(_ bytes: [UInt8]) throws(Failure) {
        _ = try parse(bytes)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is harmless; skip it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    private func failure(_ message: String) -> Failure {
        failure(message, at: index)
    }

    private func failure(_ message: String, at position: Int) -> Failure {
        var column = 1
        var cursor = lineStart
        while cursor < min(position, bytes.count) {
            // Count characters, not bytes: skip UTF-8 continuation bytes.
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return Failure(line: line, column: column, message: message)
    }

    /// The path to the value being read, as scenario errors write places (`app.actions.save[2]`).
    private var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                let shown = QuotableText.quotable(key, limit: 40)
                text += text.isEmpty ? shown : ".\(shown)"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func value() throws(Failure) -> JSONNode {
        skipSpace()
        guard let byte = current else { throw failure("unexpected end of file; a value is missing") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            throw failure("unexpected character \(describe(byte)); expected a value (object, array, string, number, true, false or null)")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 { return "byte 0x\(String(byte, radix: 16, uppercase: true)) (text outside a string must be plain ASCII)" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func checkDepth() throws(Failure) {
        if path.count >= Self.maximumDepth { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func object() throws(Failure) -> JSONNode {
        try checkDepth()
        index += 1
        var object = JSONObject()
        skipSpace()
        if current == UInt8(ascii: "}") { index += 1; return .object(object) }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw failure("trailing comma before '}'") }
                throw failure("expected a key in double quotes")
            }
            let keyStart = index
            let key = try string()
            let shown = QuotableText.quotable(key)
            if object[key] != nil {
                throw failure("duplicate key \"\(shown)\"\(path.isEmpty ? "" : " in \(pathText)")", at: keyStart)
            }
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(shown)\"") }
            index += 1
            path.append(.key(key))
            let member = try value()
            path.removeLast()
            _ = object.add(key, member)
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(object)
            case nil: throw failure("unexpected end of file; an object is not closed with '}'")
            default: throw failure("expected ',' or '}' after the value of \"\(shown)\"")
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONNode {
        try checkDepth()
        index += 1
        var elements: [JSONNode] = []
        skipSpace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipSpace()
            if current == UInt8(ascii: "]") { throw failure("trailing comma before ']'") }
            path.append(.index(elements.count))
            elements.append(try value())
            path.removeLast()
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            case nil: throw failure("unexpected end of file; an array is not closed with ']'")
            default: throw failure("expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var text: [UInt8] = []
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &text)
            case UInt8(ascii: "\n"):
                throw failure("a string is not closed before the end of the line")
            case 0..<0x20:
                throw failure("control character (byte 0x\(String(byte, radix: 16, uppercase: true))) inside a string; write it escaped")
            case 0x80...:
                try utf8Sequence(into: &text)
            default:
                text.append(byte)
                index += 1
            }
        }
        throw failure("unexpected end of file inside a string")
    }

    /// Reads the escape after a backslash into `text`, as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws(Failure) {
        guard let escaped = current else { throw failure("unexpected end of file inside a string") }
        index += 1
        let simple: UInt8? = switch escaped {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            text.append(simple)
            return
        }
        guard escaped == UInt8(ascii: "u") else {
            let shown = escaped >= 0x20 && escaped < 0x7F
                ? "\\\(Character(Unicode.Scalar(escaped)))" : "\\ followed by byte 0x\(String(escaped, radix: 16, uppercase: true))"
            throw failure("invalid escape \(shown)", at: index - 1)
        }
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a lone UTF-16 surrogate (\\u\(String(code, radix: 16, uppercase: true))) in a string")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure("a lone UTF-16 surrogate (\\u\(String(code, radix: 16, uppercase: true))) in a string")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else {
            throw failure("a lone UTF-16 surrogate (\\u\(String(code, radix: 16, uppercase: true))) in a string")
        }
        text.append(contentsOf: UTF8.encode(scalar)!)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("\\u must be followed by four hexadecimal digits") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("\\u must be followed by four hexadecimal digits")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    /// Copies one multi-byte UTF-8 sequence, refusing anything that is not UTF-8 (overlong forms, surrogates, stray bytes).
    private mutating func utf8Sequence(into text: inout [UInt8]) throws(Failure) {
        let lead = bytes[index]
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
        guard length > 0, index + length <= bytes.count else { throw notUTF8(lead) }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { throw notUTF8(lead) }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { throw notUTF8(lead) }
        text.append(contentsOf: bytes[index..<(index + length)])
        index += length
    }

    private func notUTF8(_ byte: UInt8) -> Failure {
        failure("invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))) in a string; a scenario file is UTF-8 text")
    }

    /// Reads a number and returns it as written.
    private mutating func number() throws(Failure) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= 48 && first <= 57 else { throw failure("a number needs digits") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = current, next >= 48 && next <= 57 { throw failure("numbers may not have leading zeros") }
        } else {
            while let digit = current, digit >= 48 && digit <= 57 { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, digit >= 48 && digit <= 57 else { throw failure("a decimal point needs digits after it") }
            while let digit = current, digit >= 48 && digit <= 57 { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, digit >= 48 && digit <= 57 else { throw failure("an exponent needs digits") }
            while let digit = current, digit >= 48 && digit <= 57 { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard current == expected else {
                throw failure("unexpected text; expected \(word) (strings need double quotes)")
            }
            index += 1
        }
    }
}
