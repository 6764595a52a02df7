/// Writes JSON text by hand, so that bytes are the same on every platform and Foundation version.
///
/// `JSONEncoder`'s number and escaping output is not part of any contract,
/// and bgsim's outputs are (traces are fingerprinted, reports and results
/// are compared byte for byte). Numbers are written as their text (whole
/// numbers as decimal integers), and keys sorted when asked, so that output
/// never depends on dictionary order. The string escape is the one of
/// `appendString(_:to:)`: every JSON output of bgsim
/// goes through it.
package enum JSONWriter {
    /// `value` as JSON text: `indent` spaces per level, or one line with no spaces when 0; keys sorted unless `sortedKeys` is false.
    package static func render(_ value: JSONValue, indent: Int = 2, sortedKeys: Bool = true) -> String {
        var output = ""
        write(value, to: &output, indent: indent, sortedKeys: sortedKeys, level: 0)
        return output
    }

    /// Appends `value` to `output` as ``render(_:indent:sortedKeys:)`` writes it, at nesting `level`.
    package static func write(_ value: JSONValue, to output: inout String, indent: Int, sortedKeys: Bool, level: Int = 0) {
        switch value.content {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .number(let number): output.append(number.text)
        case .string(let text): appendString(text, to: &output)
        case .array(let elements):
            if elements.isEmpty {
                output.append("[]")
                return
            }
            output.append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(",") }
                newline(&output, indent: indent, level: level + 1)
                write(element, to: &output, indent: indent, sortedKeys: sortedKeys, level: level + 1)
            }
            newline(&output, indent: indent, level: level)
            output.append("]")
        case .object(let object):
            if object.isEmpty {
                output.append("{}")
                return
            }
            output.append("{")
            for (index, member) in ordered(object.members, sorted: sortedKeys).enumerated() {
                if index > 0 { output.append(",") }
                newline(&output, indent: indent, level: level + 1)
                appendString(member.key, to: &output)
                output.append(indent > 0 ? ": " : ":")
                write(member.value, to: &output, indent: indent, sortedKeys: sortedKeys, level: level + 1)
            }
            newline(&output, indent: indent, level: level)
            output.append("}")
        }
    }

    /// The members by key when `sorted`; in place, and only when they are not in order already (code often writes them sorted).
    private static func ordered(_ members: [JSONObject.Member], sorted: Bool) -> [JSONObject.Member] {
        guard sorted, !members.indices.dropFirst().allSatisfy({ members[$0 - 1].key <= members[$0].key }) else { return members }
        return members.sorted { $0.key < $1.key }
    }

    private static func newline(_ output: inout String, indent: Int, level: Int) {
        guard indent > 0 else { return }
        output.append("\n")
        output.append(String(repeating: " ", count: indent * level))
    }
}

extension JSONValue {
    /// The value as JSON text, keys sorted; `indent` spaces per level, or one line when 0.
    package func rendered(indent: Int = 2, sortedKeys: Bool = true) -> String {
        JSONWriter.render(self, indent: indent, sortedKeys: sortedKeys)
    }
}
