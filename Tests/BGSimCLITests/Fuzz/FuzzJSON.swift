import SimulationSupport

/// A JSON value for the fuzzer to mutate: numbers and strings kept as text, members in order, duplicates allowed.
///
/// The fuzzer's own, so that it can write what bgsim's reader must refuse
/// (two members with one key, a number no type holds) and so that it shares
/// no code with the reader it tests; strings are escaped by the writer's
/// one escape.
indirect enum FuzzJSON: Equatable, Sendable {
    case object([Member])
    case array([FuzzJSON])
    case string(String)
    /// A number or any other text, written as it is.
    case literal(String)

    struct Member: Equatable, Sendable {
        var key: String
        var value: FuzzJSON
    }

    static let null = FuzzJSON.literal("null")

    /// The value as JSON text, indented like the sample files so that line numbers mean something.
    func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            if members.isEmpty { return "{}" }
            let body = members.map { pad + Self.quoted($0.key) + ": " + $0.value.rendered(indent: indent + 1) }
            return "{\n" + body.joined(separator: ",\n") + "\n" + close + "}"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            return "[\n" + elements.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n" + close + "]"
        case .string(let text):
            return Self.quoted(text)
        case .literal(let text):
            return text
        }
    }

    /// A JSON string literal, escaped by bgsim's one string escape, so the text stays valid JSON (raw bytes are the byte mutations' job).
    static func quoted(_ text: String) -> String {
        JSONWriter.quoted(text)
    }

    /// Parses the JSON of the sample files (valid JSON, no escapes beyond the simple ones).
    static func parse(_ text: String) -> FuzzJSON? {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        return parser.value()
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func skip() {
            while index < scalars.count, [" ", "\n", "\t", "\r"].contains(scalars[index]) { index += 1 }
        }

        mutating func value() -> FuzzJSON? {
            skip()
            guard index < scalars.count else { return nil }
            switch scalars[index] {
            case "{":
                index += 1
                var members: [Member] = []
                skip()
                if index < scalars.count, scalars[index] == "}" { index += 1; return .object(members) }
                while true {
                    skip()
                    guard let key = string() else { return nil }
                    skip()
                    guard index < scalars.count, scalars[index] == ":" else { return nil }
                    index += 1
                    guard let value = value() else { return nil }
                    members.append(Member(key: key, value: value))
                    skip()
                    guard index < scalars.count else { return nil }
                    index += 1
                    if scalars[index - 1] == "}" { return .object(members) }
                }
            case "[":
                index += 1
                var elements: [FuzzJSON] = []
                skip()
                if index < scalars.count, scalars[index] == "]" { index += 1; return .array(elements) }
                while true {
                    guard let element = value() else { return nil }
                    elements.append(element)
                    skip()
                    guard index < scalars.count else { return nil }
                    index += 1
                    if scalars[index - 1] == "]" { return .array(elements) }
                }
            case "\"":
                return string().map(FuzzJSON.string)
            default:
                let start = index
                while index < scalars.count, !",}] \n\t\r".unicodeScalars.contains(scalars[index]) { index += 1 }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[start..<index])
                return .literal(text)
            }
        }

        mutating func string() -> String? {
            guard index < scalars.count, scalars[index] == "\"" else { return nil }
            index += 1
            var text = ""
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if scalar == "\"" { return text }
                if scalar == "\\", index < scalars.count {
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "n": text += "\n"
                    case "t": text += "\t"
                    default: text.unicodeScalars.append(escaped)
                    }
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            return nil
        }
    }
}
