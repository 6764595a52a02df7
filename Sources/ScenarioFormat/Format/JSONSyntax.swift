/// A strict JSON syntax check that says where the text goes wrong, by line and column.
///
/// Foundation's decoder reports only "not valid JSON", accepts trailing
/// commas, and keeps one of two duplicate keys silently. Scenario files are
/// written by hand, so bgsim checks them first and names the spot.
struct JSONSyntax {
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    static func check(_ bytes: [UInt8]) throws(Failure) {
        var parser = JSONSyntax(bytes: bytes)
        parser.skipSpace()
        if parser.index == bytes.count { throw parser.failure("the file is empty; a scenario is a JSON object") }
        try parser.value(path: "")
        parser.skipSpace()
        if parser.index < bytes.count { throw parser.failure("unexpected text after the end of the JSON value") }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is harmless; skip it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    private func failure(_ message: String) -> Failure {
        var column = 1
        var position = lineStart
        while position < min(index, bytes.count) {
            // Count characters, not bytes: skip UTF-8 continuation bytes.
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return Failure(line: line, column: column, message: message)
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

    private mutating func value(path: String) throws(Failure) {
        skipSpace()
        guard let byte = current else { throw failure("unexpected end of file; a value is missing") }
        switch byte {
        case UInt8(ascii: "{"): try object(path: path)
        case UInt8(ascii: "["): try array(path: path)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            throw failure("unexpected character \(describe(byte)); expected a value (object, array, string, number, true, false or null)")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func nest() throws(Failure) {
        depth += 1
        if depth > 256 { throw failure("nesting deeper than 256 levels") }
    }

    private mutating func object(path: String) throws(Failure) {
        try nest()
        index += 1
        var keys: [String] = []
        skipSpace()
        if current == UInt8(ascii: "}") { index += 1; depth -= 1; return }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw failure("trailing comma before '}'") }
                throw failure("expected a key in double quotes")
            }
            let keyStart = (line, index, lineStart)
            let key = try string()
            if keys.contains(key) {
                let saved = (line, index, lineStart)
                (line, index, lineStart) = keyStart
                let error = failure("duplicate key \"\(key)\"\(path.isEmpty ? "" : " in \(path)")")
                (line, index, lineStart) = saved
                throw error
            }
            keys.append(key)
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\"") }
            index += 1
            try value(path: path.isEmpty ? key : "\(path).\(key)")
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; depth -= 1; return
            case nil: throw failure("unexpected end of file; an object is not closed with '}'")
            default: throw failure("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func array(path: String) throws(Failure) {
        try nest()
        index += 1
        skipSpace()
        if current == UInt8(ascii: "]") { index += 1; depth -= 1; return }
        var position = 0
        while true {
            skipSpace()
            if current == UInt8(ascii: "]") { throw failure("trailing comma before ']'") }
            try value(path: "\(path)[\(position)]")
            position += 1
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; depth -= 1; return
            case nil: throw failure("unexpected end of file; an array is not closed with ']'")
            default: throw failure("expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars: [UInt8] = []
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { break }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    scalars.append(escaped)
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard let hex = current, (hex >= 48 && hex <= 57) || (hex | 0x20 >= 97 && hex | 0x20 <= 102) else {
                            throw failure("\\u must be followed by four hexadecimal digits")
                        }
                        index += 1
                    }
                default:
                    throw failure("invalid escape \\\(Character(Unicode.Scalar(escaped)))")
                }
            case UInt8(ascii: "\n"):
                throw failure("a string is not closed before the end of the line")
            case 0..<0x20:
                throw failure("control character inside a string; write it escaped")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw failure("unexpected end of file inside a string")
    }

    private mutating func number() throws(Failure) {
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
