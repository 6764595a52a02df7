/// A strict JSON parser for plans and campaign results: RFC 8259 without fractions or exponents, duplicate keys refused.
///
/// Errors give the line and column. Numbers are whole and fit `Int64`, or
/// are refused: nothing bgsim writes holds a fraction, and a seed written as
/// `1e3` is more likely a mistake than an intention.
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Parses `text` as one JSON value, with nothing but white space after it.
    static func parse(_ text: String) throws(FaultPlanError) -> JSONDocument {
        var reader = JSONReader(bytes: Array(text.utf8))
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.index < reader.bytes.count { throw reader.error("unexpected text after the end of the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var position: JSONDocument.Position { .init(line: line, column: index - lineStart + 1) }

    private func error(_ message: String) -> FaultPlanError {
        FaultPlanError(message, line: position.line, column: position.column)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }

    private mutating func value(depth: Int) throws(FaultPlanError) -> JSONDocument {
        guard depth < 64 else { throw error("the JSON is nested more than 64 levels deep") }
        guard index < bytes.count else { throw error("the JSON ends where a value was expected") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string(), start)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true, start)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false, start)
        case UInt8(ascii: "n"): try literal("null"); return .null(start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .int(try number(), start)
        default: throw error("unexpected character where a value was expected")
        }
    }

    private mutating func literal(_ word: StaticString) throws(FaultPlanError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<(index + count)].elementsEqual(expected) else {
            throw error("unexpected word; expected \(word)")
        }
        index += count
    }

    private mutating func number() throws(FaultPlanError) -> Int64 {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index == digitsStart { throw error("a number needs digits") }
        if bytes[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 { throw error("a number must not start with 0") }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw error("numbers are whole here: no fractions or exponents")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Int64(text) else { throw error("\(text) does not fit in a 64-bit integer") }
        return value
    }

    private mutating func string() throws(FaultPlanError) -> String {
        index += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var plainStart = index
        func flushPlain(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[plainStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("the string is not closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushPlain(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character must be escaped in a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flushPlain(index)
            index += 1
            guard index < bytes.count else { throw error("the string is not closed") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate must be followed by a low one")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate must be followed by a low one") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("\\u escape of a lone surrogate") }
                scalars.append(scalar)
            default:
                throw error("unknown escape in a string")
            }
            plainStart = index
        }
    }

    private mutating func hex4() throws(FaultPlanError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hexadecimal digits") }
        var code: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("\\u needs four hexadecimal digits")
            }
            code = code << 4 | digit
        }
        index += 4
        return code
    }

    private mutating func array(depth: Int) throws(FaultPlanError) -> JSONDocument {
        let start = position
        index += 1
        var values: [JSONDocument] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values, start)
        }
        while true {
            skipSpace()
            values.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw error("the array is not closed") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error("a trailing comma before ]") }
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected , or ] in the array") }
            index += 1
            return .array(values, start)
        }
    }

    private mutating func object(depth: Int) throws(FaultPlanError) -> JSONDocument {
        let start = position
        index += 1
        var members: [(key: String, value: JSONDocument)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members, start)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyPosition = position
            let key = try string()
            if members.contains(where: { $0.key == key }) {
                throw FaultPlanError("the key \"\(key)\" appears twice", line: keyPosition.line, column: keyPosition.column)
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected : after the key") }
            index += 1
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw error("the object is not closed") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { throw error("a trailing comma before }") }
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected , or } in the object") }
            index += 1
            return .object(members, start)
        }
    }
}
