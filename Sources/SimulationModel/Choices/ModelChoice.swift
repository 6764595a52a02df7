import SimulationKernel

/// Every random decision the model and the scenario interpreter make, by the name of its choice point's label.
///
/// The catalogue of the choice points, as ``Rules`` is the catalogue of the
/// diagnostics: each case says what the decision is, what the label's
/// subject numbers, and the range it draws from. Fault plans force decisions
/// by these names (`"choices": [{"label": "app.launchJitter", ...}]`), and
/// docs/fuzzing.md lists them. A new draw in the model is a new case here,
/// so it has a meaning and a range before anything can force it.
///
/// ```swift
/// let jitter = kernel.draw(ModelChoice.launchJitter.label(subject: process), in: -maximum...maximum)
/// ```
public enum ModelChoice: String, Sendable, Hashable, CaseIterable {
    /// How much longer or shorter than the profile's `launchDuration` a launch takes.
    case launchJitter = "app.launchJitter"
    /// How much a scenario's `work` step varies.
    case workJitter = "app.workJitter"
    /// How much each unit of a scenario's `processUnits` step varies.
    case unitJitter = "app.unitJitter"
    /// How far into the realistic policy's delay a refresh or processing request runs.
    case delayDraw = "policy.delayDraw"

    /// The label's name: what traces of decisions, fault plans and strategies call it.
    public var name: String { rawValue }

    /// What the decision is, in one sentence.
    public var meaning: String {
        switch self {
        case .launchJitter:
            "How much longer or shorter than the profile's launchDuration a launch (or relaunch) takes; drawn only when launchJitter is above 0."
        case .workJitter:
            "How much a work step runs longer or shorter than its duration; drawn only when the step has a jitter."
        case .unitJitter:
            "How much one unit of a processUnits step runs longer or shorter than its duration; drawn only when the step has a jitter."
        case .delayDraw:
            "How far into the realistic policy's delay a refresh or processing request runs, drawn once when it is submitted (the deterministic policy draws it too and ignores it)."
        }
    }

    /// The range it draws from.
    public var range: String {
        switch self {
        case .launchJitter: "-launchJitter...launchJitter, in nanoseconds (the profile's parameter)"
        case .workJitter, .unitJitter: "-jitter...jitter, in nanoseconds (the step's jitter)"
        case .delayDraw: "0...999999, parts per million of the delay"
        }
    }

    /// What the label's subject numbers, if the decision concerns one thing.
    public var subject: String? {
        switch self {
        case .launchJitter, .workJitter, .unitJitter: "the app process (1 for the first launch)"
        case .delayDraw: nil
        }
    }

    /// The label of the decision, for `subject` when the decision concerns one thing.
    package func label(subject: Int? = nil) -> ChoiceLabel {
        ChoiceLabel(rawValue, subject: subject.map(Int64.init))
    }

    /// The decision a label names, if the model makes it.
    package init?(_ label: ChoiceLabel) {
        self.init(rawValue: label.name)
    }
}
