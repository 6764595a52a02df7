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
        var output: [UInt8] = []
        write(value, to: &output, indent: indent, sortedKeys: sortedKeys)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `value` to `output` as ``render(_:indent:sortedKeys:)`` writes it, at nesting `level`.
    ///
    /// Bytes, not a `String`: appending small pieces to a `String` costs far more, and a report writes millions.
    package static func write(_ value: JSONValue, to output: inout [UInt8], indent: Int, sortedKeys: Bool, level: Int = 0) {
        switch value.content {
        case .null: append("null", to: &output)
        case .bool(let flag): append(flag ? "true" : "false", to: &output)
        case .number(let number): output.append(contentsOf: number.text.utf8)
        case .string(let text): appendString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, indent: indent, level: level + 1)
                write(element, to: &output, indent: indent, sortedKeys: sortedKeys, level: level + 1)
            }
            if !elements.isEmpty { newline(&output, indent: indent, level: level) }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in ordered(object.members, sorted: sortedKeys).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, indent: indent, level: level + 1)
                appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if indent > 0 { output.append(UInt8(ascii: " ")) }
                write(member.value, to: &output, indent: indent, sortedKeys: sortedKeys, level: level + 1)
            }
            if !object.isEmpty { newline(&output, indent: indent, level: level) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ word: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// The members by key when `sorted`; in place, and only when they are not in order already (code often writes them sorted).
    private static func ordered(_ members: [JSONObject.Member], sorted: Bool) -> [JSONObject.Member] {
        guard sorted, !members.indices.dropFirst().allSatisfy({ members[$0 - 1].key <= members[$0].key }) else { return members }
        return members.sorted { $0.key < $1.key }
    }

    private static func newline(_ output: inout [UInt8], indent: Int, level: Int) {
        guard indent > 0 else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }
}

extension JSONValue {
    /// The value as JSON text, keys sorted; `indent` spaces per level, or one line when 0.
    package func rendered(indent: Int = 2, sortedKeys: Bool = true) -> String {
        JSONWriter.render(self, indent: indent, sortedKeys: sortedKeys)
    }
}
