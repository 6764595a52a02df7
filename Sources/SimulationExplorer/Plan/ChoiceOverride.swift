import SimulationKernel
import SimulationModel

/// A random decision forced to a value: every choice point with a label, or one occurrence of it.
///
/// The kernel clamps the value into the choice point's range, so
/// `Int64.max` means "the largest value allowed" (a plan writes `"max"`)
/// and `Int64.min` the smallest (`"min"`), whatever the range of each
/// occurrence is. For example, the slowest relaunch:
/// `ChoiceOverride(.launchJitter, subject: 2, value: .max)`.
public struct ChoiceOverride: Sendable, Hashable {
    /// The choice point's label name, such as `app.launchJitter`.
    public var name: String
    /// The label's subject; nil matches any subject.
    public var subject: Int64?
    /// Which occurrence of the label (name and subject as matched), from 0; nil forces every occurrence.
    public var occurrence: Int?
    /// The value to use, clamped into the range.
    public var value: Int64

    /// Creates an override.
    public init(name: String, subject: Int64? = nil, occurrence: Int? = nil, value: Int64) {
        self.name = name
        self.subject = subject
        self.occurrence = occurrence
        self.value = value
    }

    /// An override of one of the model's decisions (see ``ModelChoice``).
    public init(_ choice: ModelChoice, subject: Int64? = nil, occurrence: Int? = nil, value: Int64) {
        self.init(name: choice.name, subject: subject, occurrence: occurrence, value: value)
    }

    /// The model's decision the override names, if it names one of the catalogue's.
    public var choice: ModelChoice? { ModelChoice(rawValue: name) }

    /// Whether it applies to a choice point with this label.
    func matches(_ label: ChoiceLabel) -> Bool {
        label.name == name && (subject == nil || label.subject == subject)
    }

    /// The value as a plan writes it: `max`, `min`, or the number.
    var valueText: String {
        switch value {
        case .max: "max"
        case .min: "min"
        default: String(value)
        }
    }

    /// For example `app.launchJitter(2) = max` or `app.workJitter #3 = -1000000`.
    public var description: String {
        name + (subject.map { "(\($0))" } ?? "") + (occurrence.map { " #\($0)" } ?? "") + " = " + valueText
    }
}
