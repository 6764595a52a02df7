import SimulationModel

/// What failed in a run, without the details: the key failures are grouped by, and that shrinking preserves.
///
/// One bug shows as one signature however many runs hit it: "rule BGS016",
/// "property noSuccessAfterExpiry", "expectation saved draft".
public struct FailureSignature: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Which kind of check failed.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A rule fired that the scenario does not expect (see ``Judge``).
        case rule
        /// A property every correct app has did not hold (see ``Property``).
        case property
        /// The run stalled or hit a run limit.
        case ending
        /// An expectation of the scenario did not hold in the unperturbed run.
        case expectation
    }

    /// Which kind of check failed.
    public var kind: Kind
    /// Which one: a rule's identifier, a property's name, an ending, or the expectation in words.
    public var id: String

    /// Creates a signature.
    package init(_ kind: Kind, _ id: String) {
        self.kind = kind
        self.id = id
    }

    /// The signature of a rule.
    public static func rule(_ rule: Rule) -> FailureSignature { FailureSignature(.rule, rule.id) }

    /// The signature of a property.
    public static func property(_ property: Property) -> FailureSignature { FailureSignature(.property, property.rawValue) }

    /// For example `rule BGS016` or `property noSuccessAfterExpiry`.
    public var description: String { "\(kind.rawValue) \(id)" }

    /// A longer description: a rule's name, category, severity and summary; a property's statement.
    public var summary: String {
        switch kind {
        case .rule:
            guard let rule = Rules.rule(withID: id) else { return id }
            return "\(rule.id) \(rule.name) (\(rule.category.words), \(rule.severity.rawValue)): \(rule.summary)"
        case .property:
            return Property(rawValue: id).map { "\($0.rawValue): \($0.statement)" } ?? id
        case .ending:
            return id == "stalled" ? "the run stalled: app code waited for something that never happens" : "the run hit a run limit"
        case .expectation:
            return "the scenario expected \(id)"
        }
    }

    /// Orders by kind (rules, properties, endings, expectations), then by identifier.
    public static func < (lhs: FailureSignature, rhs: FailureSignature) -> Bool {
        let left = Kind.allCases.firstIndex(of: lhs.kind)!
        let right = Kind.allCases.firstIndex(of: rhs.kind)!
        return left != right ? left < right : lhs.id < rhs.id
    }

    /// Reads the text `description` writes.
    package init?(text: String) {
        guard let space = text.firstIndex(of: " "), let kind = Kind(rawValue: String(text[..<space])) else { return nil }
        let id = String(text[text.index(after: space)...])
        guard !id.isEmpty else { return nil }
        self.init(kind, id)
    }
}
