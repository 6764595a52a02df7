import SimulationKernel
import SimulationSupport

/// Parses one trace line: a flat JSON object whose values are strings, integers or booleans.
///
/// The shared ``JSONParser`` reads the line (positions, escapes, UTF-8,
/// duplicate keys); this keeps what a trace allows: integers exact as
/// `Int64` (never via `Double`), written as bgsim writes them (no fraction,
/// exponent, leading zero or `-0`), a boolean told from the integer 1, and
/// the column of a mistake in every message.
struct TraceLineParser {
    struct Failure: Error {
        var reason: String
    }

    let bytes: UnsafeBufferPointer<UInt8>

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The event the line holds: its time, sequence number, kind and fields in the order written.
    func event() throws(Failure) -> (time: Int64, sequence: Int64, kind: String, fields: [(key: String, value: TraceValue)]) {
        let first = bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? bytes.count
        guard first < bytes.count, bytes[first] == UInt8(ascii: "{") else {
            throw fail("a trace line is a JSON object starting with '{'", at: JSONPosition(offset: first, in: bytes))
        }
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw fail(Self.words(for: error), at: error.position)
        }
        // What starts with '{' and parses is an object.
        guard let object = root.object else { throw fail("a trace line is a JSON object starting with '{'", at: root.position) }
        var kind: String?
        var sequence: Int64?
        var time: Int64?
        var fields: [(key: String, value: TraceValue)] = []
        fields.reserveCapacity(object.members.count)
        for member in object.members {
            let value = try Self.value(member.value, key: member.key)
            switch member.key {
            case "kind":
                guard case .string(let text) = value else { throw fail("\"kind\" must be a string", at: member.value.position) }
                kind = text
            case "seq":
                guard case .int(let number) = value else { throw fail("\"seq\" must be an integer", at: member.value.position) }
                sequence = number
            case "t":
                guard case .int(let number) = value else { throw fail("\"t\" must be an integer (nanoseconds)", at: member.value.position) }
                time = number
            default:
                fields.append((key: member.key, value: value))
            }
        }
        var end: JSONPosition { JSONPosition(offset: bytes.count, in: bytes) }
        guard let kind else { throw fail("the event has no \"kind\"", at: end) }
        guard let sequence else { throw fail("the event has no \"seq\"", at: end) }
        guard let time else { throw fail("the event has no \"t\"", at: end) }
        return (time, sequence, kind, fields)
    }

    private func fail(_ reason: String, at position: JSONPosition?) -> Failure {
        Failure(reason: "column \(position?.column ?? 1): \(reason)")
    }

    /// The parser's words, but for what a trace line says in its own (pinned by tests and known to users).
    private static func words(for error: JSONSyntaxError) -> String {
        let key = QuotableText.quotable(error.key ?? "")
        return switch error.kind {
        case .unclosed(.object): "the object is not closed with '}'"
        case .duplicateKey(let duplicate): "\"\(QuotableText.quotable(duplicate))\" appears twice"
        case .leadingZero: "the integer of \"\(key)\" has a leading zero"
        default: error.message
        }
    }

    /// A member's value as a trace value: a string, a boolean, or an integer written as bgsim writes integers.
    private static func value(_ value: JSONValue, key: String) throws(Failure) -> TraceValue {
        // Only when a message needs it: quoting walks the key's characters, and a million lines add up.
        var shown: String { QuotableText.quotable(key) }
        func fail(_ reason: String, at column: Int? = nil) -> Failure {
            Failure(reason: "column \(column ?? value.position?.column ?? 1): \(reason)")
        }
        switch value.content {
        case .string(let text):
            return .string(text)
        case .bool(let flag):
            return .bool(flag)
        case .number(let number):
            if let fraction = number.fractionOffset {
                throw fail("the value of \"\(shown)\" is not an integer: traces write integers only",
                           at: value.position.map { $0.column + fraction })
            }
            guard let integer = number.int64 else { throw fail("the integer of \"\(shown)\" does not fit in 64 bits") }
            if number.text == "-0" { throw fail("the integer of \"\(shown)\" is -0: traces write 0") }
            return .int(integer)
        case .null, .array, .object:
            throw fail("the value of \"\(shown)\" must be a string, an integer or a boolean")
        }
    }
}
