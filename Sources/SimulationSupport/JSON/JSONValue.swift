/// A JSON value: what ``JSONParser`` reads, with where it was, and what ``JSONWriter`` writes.
///
/// Objects keep their members in the order written (``JSONObject``) and
/// numbers keep their text (``JSONNumber``), so whole numbers are read
/// exactly and messages quote what the file said. Values read from text
/// know their ``span``; values built in code have none.
///
/// ```swift
/// let value: JSONValue = ["name": "x", "runs": 3, "tags": ["a", "b"]]
/// value.rendered(indent: 0)  // {"name":"x","runs":3,"tags":["a","b"]}
/// ```
package struct JSONValue: Sendable {
    /// What a value is.
    package enum Content: Sendable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        case object(JSONObject)
    }

    /// What the value is.
    package var content: Content
    /// Where the value was in the text it was read from; nil for a value built in code.
    package var span: JSONSpan?

    package init(_ content: Content, span: JSONSpan? = nil) {
        self.content = content
        self.span = span
    }

    /// Where the value starts in the text it was read from.
    package var position: JSONPosition? { span?.start }

    package static let null = JSONValue(.null)

    package static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }

    package static func int(_ value: Int64) -> JSONValue { JSONValue(.number(JSONNumber(value))) }

    package static func number(_ number: JSONNumber) -> JSONValue { JSONValue(.number(number)) }

    package static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }

    package static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }

    /// An object with these members, in this order (the writer sorts keys when asked).
    package static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(JSONObject(members)))
    }

    /// The members, when the value is an object.
    package var object: JSONObject? {
        if case .object(let object) = content { object } else { nil }
    }

    /// The elements, when the value is an array.
    package var array: [JSONValue]? {
        if case .array(let elements) = content { elements } else { nil }
    }

    /// The text, when the value is a string.
    package var string: String? {
        if case .string(let text) = content { text } else { nil }
    }
}

extension JSONValue: Equatable {
    /// Values are equal when they hold the same content, wherever they were read; object members compare in order.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs.content, rhs.content) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.members.count == b.members.count
                && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int64) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object with the members in the order written.
    package init(dictionaryLiteral members: (String, JSONValue)...) { self = .object(members) }
}
