import SimulationKernel
import SimulationModel
import SimulationSupport

/// A coding key for any name, so that decoders can see keys they do not know.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A scenario value that is well-formed JSON but wrong: thrown with the path where it is.
func invalid(_ path: [any CodingKey], _ message: String) -> DecodingError {
    DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
}

extension Decoder {
    /// The object at this position, rejecting keys other than `allowed` with a suggestion.
    func strictContainer(allowing allowed: [String]) throws -> KeyedDecodingContainer<AnyKey> {
        let container = try container(keyedBy: AnyKey.self)
        FormatDeclarations.object(codingPath, keys: allowed)
        // NodeDecoder gives the keys in the order written: the first unknown key reported is the first in the file.
        if let first = container.allKeys.first(where: { !allowed.contains($0.stringValue) })?.stringValue {
            throw invalid(codingPath + [AnyKey(first)],
                          "unknown key \"\(QuotableText.quotable(first))\"\(Suggestion.hint(for: first, among: allowed))")
        }
        return container
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    func required<T: Decodable>(_ type: T.Type, _ key: String) throws -> T {
        try decode(type, forKey: AnyKey(key))
    }

    func optional<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        try decodeIfPresent(type, forKey: AnyKey(key))
    }

    func path(_ key: String) -> [any CodingKey] {
        codingPath + [AnyKey(key)]
    }

    /// A duration written as text (`"5s"`), at most ten years.
    func duration(_ key: String) throws -> VirtualDuration {
        let text = try required(String.self, key)
        return try Self.parseDuration(text, at: path(key))
    }

    /// An optional duration written as text.
    func optionalDuration(_ key: String) throws -> VirtualDuration? {
        guard let text = try optional(String.self, key) else { return nil }
        return try Self.parseDuration(text, at: path(key))
    }

    static func parseDuration(_ text: String, at path: [any CodingKey]) throws -> VirtualDuration {
        let value: VirtualDuration
        do {
            value = try TimeText.duration(text)
        } catch {
            throw invalid(path, error.description)
        }
        if let problem = RunLimits.problem(withRunLength: value, writtenAs: text) {
            throw invalid(path, problem)
        }
        return value
    }

    /// An optional whole number that must lie in `range`; the message names the place and the range, whatever was written.
    ///
    /// `what` says what the number is (`"a percentage"`): "batteryLevel is a
    /// percentage from 0 to 100, got 50.5" for a fraction as for 150.
    func optionalInteger(_ key: String, in range: ClosedRange<Int>, _ what: String) throws -> Int? {
        guard let number = try optional(WrittenNumber.self, key)?.number else { return nil }
        guard case .success(let value) = number.integer(as: Int.self), range.contains(value) else {
            throw invalid(path(key), "\(key) is \(what) from \(range.lowerBound) to \(range.upperBound), "
                + "got \(QuotableText.quotable(number.text, limit: 40))")
        }
        return value
    }

    /// A name that must be one of `choices`.
    func choice(_ key: String, among choices: [String]) throws -> String {
        FormatDeclarations.choice(path(key), choices: choices)
        let value = try required(String.self, key)
        guard choices.contains(value) else {
            throw invalid(path(key), "unknown \(key) \"\(QuotableText.quotable(value))\"\(Suggestion.hint(for: value, among: choices))")
        }
        return value
    }
}

/// Formats a coding path the way scenario errors name places: `timeline[2].action`, as the parser's messages do.
func describe(_ path: [any CodingKey]) -> String {
    let text = JSONPathComponent.text(of: path.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    return text.isEmpty ? "(top level)" : text
}
