import SimulationKernel
import SimulationSupport

extension JSONValue {
    /// What kind of value it is, in words, for error messages.
    var kindName: String {
        switch content {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as a whole number; ``JSONReader`` has refused every other number.
    var int64: Int64? {
        if case .number(let number) = content { number.int64 } else { nil }
    }
}

/// Reads the members of a JSON object by key, with errors that name the path and the position.
///
/// Every read key is remembered, so that ``finish()`` can refuse the keys
/// nobody asked for with a suggestion.
struct JSONObjectReader {
    let members: [JSONObject.Member]
    let path: String
    let position: JSONPosition?
    private(set) var read: [String] = []

    init(_ document: JSONValue, path: String) throws(FaultPlanError) {
        guard let object = document.object else {
            throw JSONObjectReader.error("must be an object, not \(document.kindName)", path: path, at: document.position)
        }
        self.members = object.members
        self.path = path
        self.position = document.position
    }

    static func error(_ message: String, path: String, at position: JSONPosition?) -> FaultPlanError {
        FaultPlanError(message, at: path, line: position?.line, column: position?.column)
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    mutating func optional(_ key: String) -> JSONValue? {
        read.append(key)
        return members.first { $0.key == key }?.value
    }

    mutating func required(_ key: String) throws(FaultPlanError) -> JSONValue {
        guard let value = optional(key) else {
            throw Self.error("the key \"\(key)\" is missing", path: path, at: position)
        }
        return value
    }

    mutating func string(_ key: String) throws(FaultPlanError) -> String? {
        guard let value = optional(key) else { return nil }
        guard let text = value.string else {
            throw Self.error("must be a string, not \(value.kindName)", path: child(key), at: value.position)
        }
        return text
    }

    /// A string member with where its value starts, for errors about the text inside it.
    mutating func located(_ key: String) throws(FaultPlanError) -> (text: String, position: JSONPosition?)? {
        guard let value = optional(key) else { return nil }
        guard let text = value.string else {
            throw Self.error("must be a string, not \(value.kindName)", path: child(key), at: value.position)
        }
        return (text, value.position)
    }

    mutating func int(_ key: String) throws(FaultPlanError) -> Int64? {
        guard let value = optional(key) else { return nil }
        guard let number = value.int64 else {
            throw Self.error("must be a whole number, not \(value.kindName)", path: child(key), at: value.position)
        }
        return number
    }

    mutating func array(_ key: String) throws(FaultPlanError) -> [JSONValue]? {
        guard let value = optional(key) else { return nil }
        guard let values = value.array else {
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
