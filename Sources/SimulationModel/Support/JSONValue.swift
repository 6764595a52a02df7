/// A JSON value to write: the small document model of bgsim's JSON output.
///
/// Objects keep their keys in an array and are written with keys sorted, so
/// output never depends on dictionary order.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value as JSON text, keys sorted; `indent` spaces per level, or one line when 0.
    public func rendered(indent: Int = 2) -> String {
        var output = ""
        write(to: &output, indent: indent, level: 0)
        return output
    }

    private func write(to output: inout String, indent: Int, level: Int) {
        let newline = indent > 0 ? "\n" : ""
        let pad = String(repeating: " ", count: indent * (level + 1))
        let closingPad = String(repeating: " ", count: indent * level)
        switch self {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .int(let value): output.append(String(value))
        case .string(let value): JSONText.appendString(value, to: &output)
        case .array(let values):
            if values.isEmpty { output.append("[]"); return }
            output.append("[" + newline)
            for (index, value) in values.enumerated() {
                output.append(indent > 0 ? pad : "")
                value.write(to: &output, indent: indent, level: level + 1)
                output.append(index == values.count - 1 ? newline : "," + newline)
            }
            output.append((indent > 0 ? closingPad : "") + "]")
        case .object(let members):
            if members.isEmpty { output.append("{}"); return }
            output.append("{" + newline)
            let sorted = members.sorted { $0.0 < $1.0 }
            for (index, member) in sorted.enumerated() {
                output.append(indent > 0 ? pad : "")
                JSONText.appendString(member.0, to: &output)
                output.append(indent > 0 ? ": " : ":")
                member.1.write(to: &output, indent: indent, level: level + 1)
                output.append(index == sorted.count - 1 ? newline : "," + newline)
            }
            output.append((indent > 0 ? closingPad : "") + "}")
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered(indent: 0) == rhs.rendered(indent: 0)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rendered(indent: 0))
    }
}
