import SimulationKernel

/// Where each value of a JSON file starts, by the path messages use (`timeline[2].action`), for `file:line:column:`.
///
/// The scenario reader reports places as paths; editors, SARIF and GitHub
/// annotations want a line. This scans the file once more, without building
/// values, and records the line and column of every value under the same
/// spelling the reader's messages use (keys quoted as
/// `QuotableText.quotable(_:limit: 40)` does). Malformed text stops the scan
/// where it is: what was found so far stays usable, and nothing traps.
struct JSONLocator: Sendable {
    /// A 1-based line and column (columns count bytes, as the reader's syntax errors do).
    struct Position: Sendable, Equatable {
        var line: Int
        var column: Int
    }

    /// Every value found, in the order of the file; a list keeps lookups deterministic and the locator small.
    private(set) var positions: [(path: String, position: Position)] = []
    /// Each value's bytes, `start..<end`, in the same order as ``positions`` (end is the start when the scan stopped inside it).
    private(set) var ranges: [Range<Int>] = []

    /// Scans `bytes`; never fails.
    init(bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes)
        scanner.value(path: "")
        positions = scanner.found
        ranges = zip(scanner.starts, scanner.ends).map { $0..<max($0, $1) }
    }

    /// The position of `path`, or of its longest prefix that the file has (a missing key points at its object).
    func position(of path: String) -> Position? {
        var path = path == "(top level)" ? "" : path
        while true {
            if let found = positions.first(where: { $0.path == path }) { return found.position }
            if path.isEmpty { return nil }
            path = Self.parent(of: path)
        }
    }

    /// The bytes of `path`'s value, if the file has it.
    func range(of path: String) -> Range<Int>? {
        positions.firstIndex { $0.path == path }.map { ranges[$0] }
    }

    /// `timeline[2]` from `timeline[2].action`, `timeline` from `timeline[2]`, `""` from `timeline`.
    static func parent(of path: String) -> String {
        guard let last = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return "" }
        return String(path[..<last])
    }

    /// A recursive scan that records where values start; depth is bounded as the reader's is.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0
        var found: [(path: String, position: Position)] = []
        var starts: [Int] = []
        var ends: [Int] = []
        var failed = false
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
        }

        mutating func value(path: String) {
            skipSpace()
            guard !failed, let byte = current, depth < 512 else { failed = true; return }
            found.append((path, Position(line: line, column: index - lineStart + 1)))
            starts.append(index)
            ends.append(index)
            let slot = ends.count - 1
            defer { ends[slot] = index }
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
                advance()
                skipSpace()
                if current == UInt8(ascii: "}") { advance(); depth -= 1; return }
                while !failed {
                    skipSpace()
                    guard let key = string() else { failed = true; return }
                    skipSpace()
                    guard current == UInt8(ascii: ":") else { failed = true; return }
                    advance()
                    let name = QuotableText.quotable(key, limit: 40)
                    value(path: path.isEmpty ? name : path + "." + name)
                    skipSpace()
                    if current == UInt8(ascii: ",") { advance(); continue }
                    if current == UInt8(ascii: "}") { advance(); break }
                    failed = true
                }
                depth -= 1
            case UInt8(ascii: "["):
                depth += 1
                advance()
                skipSpace()
                if current == UInt8(ascii: "]") { advance(); depth -= 1; return }
                var element = 0
                while !failed {
                    value(path: path + "[\(element)]")
                    element += 1
                    skipSpace()
                    if current == UInt8(ascii: ",") { advance(); continue }
                    if current == UInt8(ascii: "]") { advance(); break }
                    failed = true
                }
                depth -= 1
            case UInt8(ascii: "\""):
                if string() == nil { failed = true }
            default:
                // A number, true, false or null: up to the next delimiter.
                while let next = current, !(next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]")
                    || next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09) { advance() }
            }
        }

        /// A string's text with its escapes resolved, or nil when it is not a string.
        mutating func string() -> String? {
            guard current == UInt8(ascii: "\"") else { return nil }
            advance()
            var text: [UInt8] = []
            while let byte = current {
                advance()
                if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
                if byte == UInt8(ascii: "\\"), let escaped = current {
                    advance()
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "u"):
                        var code: UInt32 = 0
                        for _ in 0..<4 {
                            guard let digit = current, let value = Self.hex(digit) else { return nil }
                            code = code * 16 + value
                            advance()
                        }
                        text += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                    default: text.append(escaped)
                    }
                } else {
                    text.append(byte)
                }
            }
            return nil
        }

        static func hex(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
