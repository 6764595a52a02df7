import SimulationKernel

/// A JSON value as read, with where each value starts: the small document model the explorer reads plans and results with.
///
/// Objects keep their members in text order (duplicates are refused when
/// reading), numbers are whole (plans and results never hold fractions),
/// and every value knows its line and column for error messages.
/// Foundation's `JSONSerialization` gives none of that on Linux.
indirect enum JSONDocument: Sendable, Hashable {
    case null(Position)
    case bool(Bool, Position)
    case int(Int64, Position)
    case string(String, Position)
    case array([JSONDocument], Position)
    case object([(key: String, value: JSONDocument)], Position)

    /// Where a value starts in the text, from line 1 and column 1.
    struct Position: Sendable, Hashable {
        var line: Int
        var column: Int
    }

    var position: Position {
        switch self {
        case .null(let p), .bool(_, let p), .int(_, let p), .string(_, let p), .array(_, let p), .object(_, let p): p
        }
    }

    /// What kind of value it is, in words, for error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a, _), .bool(let b, _)): a == b
        case (.int(let a, _), .int(let b, _)): a == b
        case (.string(let a, _), .string(let b, _)): a == b
        case (.array(let a, _), .array(let b, _)): a == b
        case (.object(let a, _), .object(let b, _)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value, _): hasher.combine(value)
        case .int(let value, _): hasher.combine(value)
        case .string(let value, _): hasher.combine(value)
        case .array(let values, _): hasher.combine(values)
        case .object(let members, _):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }
}

/// Reads the members of a JSON object by key, with errors that name the path and the position.
///
/// Every read key is remembered, so that ``finish()`` can refuse the keys
/// nobody asked for with a suggestion.
struct JSONObjectReader {
    let members: [(key: String, value: JSONDocument)]
    let path: String
    let position: JSONDocument.Position
    private(set) var read: [String] = []

    init(_ document: JSONDocument, path: String) throws(FaultPlanError) {
        guard case .object(let members, let position) = document else {
            throw JSONObjectReader.error("must be an object, not \(document.kindName)", path: path, at: document.position)
        }
        self.members = members
        self.path = path
        self.position = position
    }

    static func error(_ message: String, path: String, at position: JSONDocument.Position) -> FaultPlanError {
        FaultPlanError(message, at: path, line: position.line, column: position.column)
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    mutating func optional(_ key: String) -> JSONDocument? {
        read.append(key)
        return members.first { $0.key == key }?.value
    }

    mutating func required(_ key: String) throws(FaultPlanError) -> JSONDocument {
        guard let value = optional(key) else {
            throw Self.error("the key \"\(key)\" is missing", path: path, at: position)
        }
        return value
    }

    mutating func string(_ key: String) throws(FaultPlanError) -> String? {
        guard let value = optional(key) else { return nil }
        guard case .string(let text, _) = value else {
            throw Self.error("must be a string, not \(value.kindName)", path: child(key), at: value.position)
        }
        return text
    }

    /// A string member with where its value starts, for errors about the text inside it.
    mutating func located(_ key: String) throws(FaultPlanError) -> (text: String, position: JSONDocument.Position)? {
        guard let value = optional(key) else { return nil }
        guard case .string(let text, let position) = value else {
            throw Self.error("must be a string, not \(value.kindName)", path: child(key), at: value.position)
        }
        return (text, position)
    }

    mutating func int(_ key: String) throws(FaultPlanError) -> Int64? {
        guard let value = optional(key) else { return nil }
        guard case .int(let number, _) = value else {
            throw Self.error("must be a whole number, not \(value.kindName)", path: child(key), at: value.position)
        }
        return number
    }

    mutating func array(_ key: String) throws(FaultPlanError) -> [JSONDocument]? {
        guard let value = optional(key) else { return nil }
        guard case .array(let values, _) = value else {
            throw Self.error("must be an array, not \(value.kindName)", path: child(key), at: value.position)
        }
        return values
    }

    /// Refuses keys that were never read.
    func finish() throws(FaultPlanError) {
        for member in members where !read.contains(member.key) {
            throw Self.error(
                "unknown key \"\(member.key)\"\(Suggestion.hint(for: member.key, among: read))", path: path, at: member.value.position)
        }
    }
}
