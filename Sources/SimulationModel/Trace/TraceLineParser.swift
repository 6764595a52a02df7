import SimulationKernel

/// Parses one trace line: a flat JSON object whose values are strings, integers or booleans.
///
/// Hand-written rather than `JSONSerialization`: it keeps integers exact as
/// `Int64` (never via `Double`), tells a boolean from the integer 1, names
/// the column of a mistake, and reads a million lines in a few seconds.
struct TraceLineParser {
    struct Failure: Error {
        var reason: String
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The event the line holds: its time, sequence number, kind and fields in the order written.
    mutating func event() throws(Failure) -> (time: Int64, sequence: Int64, kind: String, fields: [(key: String, value: TraceValue)]) {
        var kind: String?
        var sequence: Int64?
        var time: Int64?
        var fields: [(key: String, value: TraceValue)] = []
        // Only asked whether a key was seen; never iterated, so its order never shows.
        var seen = Set<String>()
        skipSpaces()
        try expect(UInt8(ascii: "{"), "a trace line is a JSON object starting with '{'")
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipSpaces()
                let key = try string()
                let shown = QuotableText.quotable(key)
                guard seen.insert(key).inserted else { throw fail("\"\(shown)\" appears twice") }
                skipSpaces()
                try expect(UInt8(ascii: ":"), "expected ':' after \"\(shown)\"")
                skipSpaces()
                let value = try value(for: shown)
                switch key {
                case "kind":
                    guard case .string(let text) = value else { throw fail("\"kind\" must be a string") }
                    kind = text
                case "seq":
                    guard case .int(let number) = value else { throw fail("\"seq\" must be an integer") }
                    sequence = number
                case "t":
                    guard case .int(let number) = value else { throw fail("\"t\" must be an integer (nanoseconds)") }
                    time = number
                default:
                    fields.append((key: key, value: value))
                }
                skipSpaces()
                guard let next = peek() else { throw fail("the object is not closed with '}'") }
                position += 1
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}' after the value of \"\(shown)\"") }
            }
        }
        skipSpaces()
        guard position == bytes.count else { throw fail("unexpected text after the object") }
        guard let kind else { throw fail("the event has no \"kind\"") }
        guard let sequence else { throw fail("the event has no \"seq\"") }
        guard let time else { throw fail("the event has no \"t\"") }
        return (time, sequence, kind, fields)
    }

    private func fail(_ reason: String) -> Failure {
        Failure(reason: "column \(position + 1): \(reason)")
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 { position += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ reason: String) throws(Failure) {
        guard peek() == byte else { throw fail(reason) }
        position += 1
    }

    private mutating func value(for key: String) throws(Failure) -> TraceValue {
        guard let first = peek() else { throw fail("the value of \"\(key)\" is missing") }
        switch first {
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true", key)
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false", key)
            return .bool(false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .int(try integer(key))
        default:
            throw fail("the value of \"\(key)\" must be a string, an integer or a boolean")
        }
    }

    private mutating func literal(_ word: String, _ key: String) throws(Failure) {
        for byte in word.utf8 {
            guard peek() == byte else { throw fail("the value of \"\(key)\" is not a string, an integer, true or false") }
            position += 1
        }
    }

    private mutating func integer(_ key: String) throws(Failure) -> Int64 {
        let negative = peek() == UInt8(ascii: "-")
        if negative { position += 1 }
        var value: Int64 = 0
        var digits = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw fail("the integer of \"\(key)\" does not fit in 64 bits") }
            value = sum
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw fail("the value of \"\(key)\" is not a number") }
        if negative && value == 0 { throw fail("the integer of \"\(key)\" is -0: traces write 0") }
        // JSON has no leading zeros: "007" is not a number a trace writer would produce.
        if digits > 1 && bytes[position - digits] == UInt8(ascii: "0") {
            throw fail("the integer of \"\(key)\" has a leading zero")
        }
        if let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw fail("the value of \"\(key)\" is not an integer: traces write integers only")
        }
        return value
    }

    private mutating func string() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""), "expected a string in double quotes")
        var text = ""
        var runStart = position
        while true {
            guard let byte = peek() else { throw fail("a string is not closed") }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                if position > runStart {
                    // Validated, not repaired: bgsim writes UTF-8, so anything else is damage.
                    guard let run = String(validating: UnsafeBufferPointer(rebasing: bytes[runStart..<position]), as: UTF8.self) else {
                        throw fail("a string is not valid UTF-8")
                    }
                    text += run
                }
                position += 1
                if byte == UInt8(ascii: "\"") { return text }
                try appendEscape(to: &text)
                runStart = position
                continue
            }
            if byte < 0x20 { throw fail("a control character must be escaped in a string") }
            position += 1
        }
    }

    /// Reads the escape after a backslash.
    private mutating func appendEscape(to text: inout String) throws(Failure) {
        guard let escape = peek() else { throw fail("a string is not closed") }
        position += 1
        switch escape {
        case UInt8(ascii: "\""): text.append("\"")
        case UInt8(ascii: "\\"): text.append("\\")
        case UInt8(ascii: "/"): text.append("/")
        case UInt8(ascii: "n"): text.append("\n")
        case UInt8(ascii: "r"): text.append("\r")
        case UInt8(ascii: "t"): text.append("\t")
        case UInt8(ascii: "b"): text.append("\u{08}")
        case UInt8(ascii: "f"): text.append("\u{0C}")
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw fail("a lone UTF-16 surrogate in a string")
                }
                position += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone UTF-16 surrogate in a string") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw fail("a lone UTF-16 surrogate in a string") }
            text.unicodeScalars.append(scalar)
        default:
            throw fail("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("\\u needs four hexadecimal digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("\\u needs four hexadecimal digits")
            }
            code = code << 4 | digit
            position += 1
        }
        return code
    }
}
