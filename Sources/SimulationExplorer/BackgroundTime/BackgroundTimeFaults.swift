import SimulationKernel
import SimulationModel
import ScenarioFormat

/// `expireBackgroundTime`: background time (`beginBackgroundTask`) expires at a chosen instant, through the budget
/// parameter rather than a timeline entry.
enum BackgroundTimeFaults: FeatureFaults {
    static func summary(of kind: FaultKind) -> String {
        "background time expires at a chosen instant"
    }

    static func isTimelineEntry(_ kind: FaultKind) -> Bool { false }

    static func action(of fault: Fault) -> UserAction {
        preconditionFailure("\(fault.kind.rawValue) is not a timeline fault")
    }

    /// Chooses a background period of the unperturbed run and an instant in it, and sets the budget so that
    /// expiration (the budget less the expiration lead) lands there.
    static func expireBackgroundTime(
        in plan: inout FaultPlan, landmarks: Landmarks, scenario: Scenario, random: inout SeededGenerator
    ) {
        guard let period = random.choose(from: landmarks.backgroundPeriods) else { return }
        var placer = FaultPlacer(landmarks: landmarks, pushTimes: [], random: random)
        let instant = placer.pick(in: period.boundaries, from: period.start, to: period.end ?? landmarks.stopAt)
        random = placer.random
        let lead = plan.parameters.first { $0.key == .expirationLead }?.duration ?? scenario.profile[duration: .expirationLead]
        plan.parameters.removeAll { $0.key == .backgroundTimeBudget }
        plan.parameters.append(ParameterOverride(key: .backgroundTimeBudget, duration: max(lead, instant - period.start + lead)))
    }
}
