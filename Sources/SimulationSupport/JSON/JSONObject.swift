/// A JSON object: its members in the order written, found by key in constant time however many there are.
package struct JSONObject: Sendable {
    /// One member: a key and its value.
    package struct Member: Sendable {
        package var key: String
        /// Where the key starts in the text it was read from; nil for a member built in code.
        package var keyPosition: JSONPosition?
        package var value: JSONValue

        package init(key: String, keyPosition: JSONPosition? = nil, value: JSONValue) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    /// The members, in the order of the text (or of the code that built the object).
    package private(set) var members: [Member] = []
    /// Where each key is in ``members``, once there are more than a few: only for lookups, never iterated, so hash order never shows.
    private var lookup: [String: Int]?

    /// Up to this many members, a key is found by comparing it with each: faster than hashing for the small objects most files hold.
    private static let linearLimit = 8

    package init() {}

    /// An object with `members` in this order; a repeated key keeps its first value for lookups (the writer writes both).
    package init(_ members: [(String, JSONValue)]) {
        self.members = members.map { Member(key: $0.0, value: $0.1) }
        if members.count > Self.linearLimit { buildLookup() }
    }

    /// Adds a member; returns false, adding nothing, when the key is already there.
    ///
    /// - Complexity: amortised O(1) for the key's length.
    package mutating func add(_ member: Member) -> Bool {
        guard self.index(of: member.key) == nil else { return false }
        members.append(member)
        if lookup != nil {
            lookup![member.key] = members.count - 1
        } else if members.count > Self.linearLimit {
            buildLookup()
        }
        return true
    }

    private mutating func buildLookup() {
        var lookup: [String: Int] = [:]
        lookup.reserveCapacity(members.count)
        for (position, member) in members.enumerated() where lookup[member.key] == nil {
            lookup[member.key] = position
        }
        self.lookup = lookup
    }

    private func index(of key: String) -> Int? {
        if let lookup { return lookup[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The member with `key`, if the object has it.
    package func member(_ key: String) -> Member? {
        index(of: key).map { members[$0] }
    }

    /// The value of `key`, if the object has it.
    package subscript(key: String) -> JSONValue? {
        index(of: key).map { members[$0].value }
    }

    /// The keys, in the order written.
    package var keys: [String] { members.map(\.key) }

    /// Whether the object has no members.
    package var isEmpty: Bool { members.isEmpty }
}
