import SimulationSupport

/// Where each value of a JSON file starts, by the path messages use (`timeline[2].action`), for `file:line:column:`.
///
/// The scenario reader reports places as paths; editors, SARIF and GitHub
/// annotations want a line. The shared parser keeps every value's place, so
/// this reads the file with it and lists each value under the spelling the
/// reader's messages use (keys quoted as `QuotableText.quotable(_:limit: 40)`
/// does). A file that is not JSON has no places: its syntax error carries
/// its own line and column.
struct JSONLocator: Sendable {
    /// A 1-based line and column (columns count characters, as the reader's syntax errors do).
    struct Position: Sendable, Equatable {
        var line: Int
        var column: Int
    }

    /// Every value, in the order of the file; a list keeps lookups deterministic and the locator small.
    private(set) var positions: [(path: String, position: Position)] = []
    /// Each value's bytes, in the same order as ``positions``.
    private(set) var ranges: [Range<Int>] = []

    /// Reads `bytes`; never fails.
    init(bytes: [UInt8]) {
        guard let root = try? JSONParser.parse(bytes) else { return }
        add(root, path: "")
    }

    private mutating func add(_ value: JSONValue, path: String) {
        if let span = value.span {
            positions.append((path, Position(line: span.start.line, column: span.start.column)))
            ranges.append(span.bytes)
        }
        switch value.content {
        case .object(let object):
            for member in object.members {
                add(member.value, path: path + (path.isEmpty ? "" : ".") + JSONPathComponent.text(of: [.key(member.key)]))
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { add(element, path: path + "[\(index)]") }
        case .null, .bool, .number, .string:
            break
        }
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
}
