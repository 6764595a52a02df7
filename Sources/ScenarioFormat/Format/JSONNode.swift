import SimulationKernel

/// A JSON value as a scenario file wrote it: what ``JSONSyntax`` reads and ``NodeDecoder`` decodes.
///
/// Numbers keep their text, so that a whole number is read exactly (never
/// through a `Double`) and a message can quote what the file said. Objects
/// keep their keys in the order written, with an index for lookups.
indirect enum JSONNode: Sendable {
    case object(JSONObject)
    case array([JSONNode])
    case string(String)
    /// A number, as written (`-12`, `1.5`, `1e3`).
    case number(String)
    case bool(Bool)
    case null

    /// What the value is, in the format's words, for "expected ..., found ..." messages.
    var described: String {
        switch self {
        case .object: "an object"
        case .array: "a list"
        case .string(let text): "the string \"\(QuotableText.quotable(text, limit: 40))\""
        case .number(let text): "the number \(QuotableText.quotable(text, limit: 40))"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }
}

/// A JSON object: its members in the order written, and an index to find one by key.
struct JSONObject: Sendable {
    /// The members, in the order of the file.
    private(set) var members: [(key: String, value: JSONNode)] = []
    /// Where each key is in ``members``; only for lookups, never iterated, so hash order never shows.
    private var positions: [String: Int] = [:]

    /// Adds a member; returns false, adding nothing, when the key is already there.
    mutating func add(_ key: String, _ value: JSONNode) -> Bool {
        guard positions[key] == nil else { return false }
        positions[key] = members.count
        members.append((key, value))
        return true
    }

    /// The value of `key`, if the object has it.
    subscript(key: String) -> JSONNode? {
        positions[key].map { members[$0].value }
    }

    /// The keys, in the order written.
    var keys: [String] { members.map(\.key) }
}
