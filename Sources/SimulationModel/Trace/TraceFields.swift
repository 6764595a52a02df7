import SimulationKernel

/// Builds the fields of one trace line from a record: the writing half of the canonical form.
///
/// Records add their fields in any order; ``TraceEvent`` sorts them once.
/// Only integers, strings and booleans exist, so the bytes are the same on
/// every platform.
package struct TraceFieldWriter {
    private(set) var fields: [(key: String, value: TraceValue)] = []

    init(capacity: Int = 8) {
        fields.reserveCapacity(capacity)
    }

    mutating func add(_ key: String, _ value: Int64) { fields.append((key: key, value: .int(value))) }
    mutating func add(_ key: String, _ value: Int) { fields.append((key: key, value: .int(Int64(value)))) }
    mutating func add(_ key: String, _ value: String) { fields.append((key: key, value: .string(value))) }
    mutating func add(_ key: String, _ value: Bool) { fields.append((key: key, value: .bool(value))) }

    mutating func add<Value: RawRepresentable>(_ key: String, _ value: Value) where Value.RawValue == String {
        fields.append((key: key, value: .string(value.rawValue)))
    }

    /// Adds the field only when there is a value: optional fields are absent, never `null`.
    mutating func add(_ key: String, ifPresent value: String?) {
        if let value { add(key, value) }
    }

    mutating func add(_ key: String, ifPresent value: Int?) {
        if let value { add(key, value) }
    }

    mutating func add<Value: RawRepresentable>(_ key: String, ifPresent value: Value?) where Value.RawValue == String {
        if let value { add(key, value) }
    }

    /// An instant, written as its nanoseconds since the run began.
    mutating func add(_ key: String, _ value: VirtualInstant) { add(key, value.nanoseconds) }
    /// A span, written as its nanoseconds.
    mutating func add(_ key: String, _ value: VirtualDuration) { add(key, value.nanoseconds) }

    /// An instant that may be absent, written as `-1` when it is (the trace's convention since its first version).
    mutating func add(_ key: String, orMinusOne value: VirtualInstant?) {
        add(key, value?.nanoseconds ?? -1)
    }

    /// A span that may be absent, written as `-1` when it is (the trace's convention since its first version).
    mutating func add(_ key: String, orMinusOne value: VirtualDuration?) {
        add(key, value?.nanoseconds ?? -1)
    }
}

/// Why a trace line's fields do not make a record of its kind.
package struct TraceDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field concerned, if the problem is one field.
    var field: String?
    /// What was wrong, in words.
    var reason: String

    package var description: String {
        if let field { return "\"\(field)\": \(reason)" }
        return reason
    }
}

/// Reads the fields of one trace line into a record: the reading half of the canonical form.
///
/// Strict on purpose: a missing field, a value of the wrong type or a field
/// the kind does not have is an error naming the field, so a damaged or
/// hand-edited trace is refused instead of drawn wrongly.
package struct TraceFieldReader {
    private let fields: [(key: String, value: TraceValue)]
    private var used: [Bool]

    init(_ fields: [(key: String, value: TraceValue)]) {
        self.fields = fields
        self.used = Array(repeating: false, count: fields.count)
    }

    private mutating func take(_ key: String) -> TraceValue? {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { return nil }
        used[index] = true
        return fields[index].value
    }

    /// Whether the line has the field (for groups of fields written only in some runs).
    func has(_ key: String) -> Bool {
        fields.contains { $0.key == key }
    }

    private func missing(_ key: String, _ what: String) -> TraceDecodingError {
        TraceDecodingError(field: key, reason: "missing (\(what))")
    }

    private func wrong(_ key: String, _ what: String) -> TraceDecodingError {
        TraceDecodingError(field: key, reason: "must be \(what)")
    }

    mutating func int(_ key: String) throws(TraceDecodingError) -> Int64 {
        guard let value = take(key) else { throw missing(key, "an integer") }
        guard case .int(let number) = value else { throw wrong(key, "an integer") }
        return number
    }

    mutating func intIfPresent(_ key: String) throws(TraceDecodingError) -> Int64? {
        guard fields.contains(where: { $0.key == key }) else { return nil }
        return try int(key)
    }

    /// A whole number of things or nanoseconds that cannot be negative.
    mutating func count(_ key: String) throws(TraceDecodingError) -> Int64 {
        let value = try int(key)
        guard value >= 0 else { throw wrong(key, "zero or more, not \(value)") }
        return value
    }

    /// A number that fits in `Int` and is not negative: process numbers, identifiers, counts.
    mutating func smallCount(_ key: String) throws(TraceDecodingError) -> Int {
        let value = try count(key)
        guard let small = Int(exactly: value) else { throw wrong(key, "a smaller number") }
        return small
    }

    mutating func smallCountIfPresent(_ key: String) throws(TraceDecodingError) -> Int? {
        guard fields.contains(where: { $0.key == key }) else { return nil }
        return try smallCount(key)
    }

    /// An instant: whole nanoseconds since the run began, never negative.
    mutating func instant(_ key: String) throws(TraceDecodingError) -> VirtualInstant {
        VirtualInstant(nanoseconds: try count(key))
    }

    /// A span of whole nanoseconds that cannot be negative.
    mutating func duration(_ key: String) throws(TraceDecodingError) -> VirtualDuration {
        .nanoseconds(try count(key))
    }

    /// An instant written as `-1` when absent.
    mutating func instantOrMinusOne(_ key: String) throws(TraceDecodingError) -> VirtualInstant? {
        try orMinusOne(key).map(VirtualInstant.init(nanoseconds:))
    }

    /// A span written as `-1` when absent.
    mutating func durationOrMinusOne(_ key: String) throws(TraceDecodingError) -> VirtualDuration? {
        try orMinusOne(key).map(VirtualDuration.init(nanoseconds:))
    }

    private mutating func orMinusOne(_ key: String) throws(TraceDecodingError) -> Int64? {
        let value = try int(key)
        if value == -1 { return nil }
        guard value >= 0 else { throw wrong(key, "-1 (none) or zero or more nanoseconds, not \(value)") }
        return value
    }

    mutating func string(_ key: String) throws(TraceDecodingError) -> String {
        guard let value = take(key) else { throw missing(key, "a string") }
        guard case .string(let text) = value else { throw wrong(key, "a string") }
        return text
    }

    mutating func stringIfPresent(_ key: String) throws(TraceDecodingError) -> String? {
        guard fields.contains(where: { $0.key == key }) else { return nil }
        return try string(key)
    }

    mutating func bool(_ key: String) throws(TraceDecodingError) -> Bool {
        guard let value = take(key) else { throw missing(key, "true or false") }
        guard case .bool(let flag) = value else { throw wrong(key, "true or false") }
        return flag
    }

    mutating func boolIfPresent(_ key: String) throws(TraceDecodingError) -> Bool? {
        guard fields.contains(where: { $0.key == key }) else { return nil }
        return try bool(key)
    }

    mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ key: String, _ type: Value.Type = Value.self
    ) throws(TraceDecodingError) -> Value where Value.RawValue == String {
        let text = try string(key)
        guard let value = Value(rawValue: text) else {
            throw wrong(key, "one of " + Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ", not \"\(text)\"")
        }
        return value
    }

    mutating func choiceIfPresent<Value: RawRepresentable & CaseIterable>(
        _ key: String, _ type: Value.Type = Value.self
    ) throws(TraceDecodingError) -> Value? where Value.RawValue == String {
        guard fields.contains(where: { $0.key == key }) else { return nil }
        return try choice(key, type)
    }

    /// Fails on any field no read asked for: a kind's fields are exactly those its record writes.
    func finish() throws(TraceDecodingError) {
        if let index = used.firstIndex(of: false) {
            throw TraceDecodingError(field: fields[index].key, reason: "is not a field of this kind of event")
        }
    }

    /// The keys present, for records whose fields depend on other fields (the profile's parameters).
    var keys: [String] { fields.map(\.key) }
}

/// A record payload: what one kind of trace event carries, written and read in one canonical form.
protocol TracePayload: Sendable, Hashable {
    /// Adds the payload's fields.
    func encode(to fields: inout TraceFieldWriter)
    /// Reads the payload back; every field of the line must be read.
    init(from fields: inout TraceFieldReader) throws(TraceDecodingError)
}
