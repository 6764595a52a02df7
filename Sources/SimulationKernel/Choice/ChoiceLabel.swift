/// Which random decision a choice point makes, and for whom: a name and an optional numeric subject.
///
/// Strategies recognise choices by label (see ``ChoiceStrategy``), and a
/// recorded run lists its choices with their labels (see ``RecordedChoice``),
/// so a label should name the decision, not the value: `"launch.jitter"`
/// with the process as subject, not `"jitter of 12ms"`.
///
/// Unlike ``EventLabel``, the name is a `String`: a recorded list of choices
/// is written to files and read back by a replay in another process. A
/// literal costs no allocation, and choices are rare next to events.
///
/// ```swift
/// let jitter = kernel.draw(ChoiceLabel("launch.jitter", subject: 2), in: -50...50)
/// if kernel.chance("push.dropped", partsPerMillion: 10_000) { return }
/// ```
package struct ChoiceLabel: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The decision's name.
    package var name: String
    /// What the decision concerns, if it concerns one thing.
    package var subject: Int64?

    /// Creates a label from a name and, if the decision concerns one thing, its number.
    package init(_ name: String, subject: Int64? = nil) {
        self.name = name
        self.subject = subject
    }

    /// Creates a label with no subject from a name literal.
    package init(stringLiteral name: String) {
        self.init(name)
    }

    /// Orders labels by name, then by subject, no subject first.
    package static func < (lhs: ChoiceLabel, rhs: ChoiceLabel) -> Bool {
        if lhs.name != rhs.name { return lhs.name < rhs.name }
        switch (lhs.subject, rhs.subject) {
        case (nil, nil), (_?, nil): return false
        case (nil, _?): return true
        case (let left?, let right?): return left < right
        }
    }

    /// The name, followed by the subject in parentheses when there is one: `launch.jitter(2)`.
    package var description: String {
        subject.map { "\(name)(\($0))" } ?? name
    }
}
