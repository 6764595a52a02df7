import SimulationModel

/// The fault kinds of the run itself rather than of a feature: another order of same-instant events, another seed,
/// the timeline moved, assumed parameters and extreme choices. The planner draws them directly.
enum RunFaults: FeatureFaults {
    static func summary(of kind: FaultKind) -> String {
        switch kind {
        case .reorder: "same-instant events run in another order"
        case .otherSeed: "another seed: other launch, work and policy jitter"
        case .timelineJitter: "the scenario's timeline moves within the jitter bound"
        case .assumedParameters: "undocumented (assumed) profile parameters take other plausible values"
        case .extremeChoices: "random decisions take the extremes of their ranges"
        default: preconditionFailure("\(kind.rawValue) is not a fault of the run")
        }
    }

    static func isTimelineEntry(_ kind: FaultKind) -> Bool { false }

    static func action(of fault: Fault) -> UserAction {
        preconditionFailure("\(fault.kind.rawValue) is not a timeline fault")
    }
}
