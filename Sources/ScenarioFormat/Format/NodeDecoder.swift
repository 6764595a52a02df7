import SimulationKernel
import SimulationSupport

/// Decodes a `JSONValue` tree with `Decodable`, with errors in the scenario format's own words.
///
/// Foundation's `JSONDecoder` on Linux says "The given data was not valid
/// JSON." at the top level for a fraction where a whole number belongs, and
/// "expected to decode Dictionary<String, Any> but found a string instead"
/// for a string where an object belongs. This decoder says "expected a whole
/// number from 0 to 18446744073709551615, found -1" and "expected an object,
/// found the string "x"", at the value's path. Whole numbers are read from
/// the number's text, exactly; keys come in the order written.
///
/// `null` counts as absent for `decodeIfPresent`, as with `JSONDecoder`.
struct NodeDecoder: Decoder {
    let node: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: JSONValue, codingPath: [any CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let object = node.object else { throw mismatch(Key.self, expected: "an object") }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = node.array else { throw mismatch([JSONValue].self, expected: "a list") }
        return UnkeyedNodeContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    /// The error for a value that is not what the format expects here.
    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), found \(node.described)")
        if case .null = node.content { return .valueNotFound(type, context) }
        return .typeMismatch(type, context)
    }

    /// The value as a whole number of type `T`, read exactly from its text.
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let number) = node.content else { throw mismatch(type, expected: "a whole number") }
        switch number.integer(as: type) {
        case .success(let value): return value
        case .failure(let problem):
            throw DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: problem.message))
        }
    }

    /// The value as a floating-point number; a number too large for the type is refused rather than made infinite.
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard case .number(let number) = node.content else { throw mismatch(type, expected: "a number") }
        guard let value = T(number.text), value.isFinite else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "expected a number from \(-T.greatestFiniteMagnitude) to \(T.greatestFiniteMagnitude), "
                    + "found \(QuotableText.quotable(number.text, limit: 40))"))
        }
        return value
    }
}

extension NodeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        if case .null = node.content { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node.content else { throw mismatch(type, expected: "true or false") }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node.content else { throw mismatch(type, expected: "a string") }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: self)
    }
}

extension JSONValue {
    /// What the value is, in the format's words, for "expected ..., found ..." messages.
    var described: String {
        switch content {
        case .object: "an object"
        case .array: "a list"
        case .string(let text): "the string \"\(QuotableText.quotable(text, limit: 40))\""
        case .number(let number): "the number \(QuotableText.quotable(number.text, limit: 40))"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }
}
