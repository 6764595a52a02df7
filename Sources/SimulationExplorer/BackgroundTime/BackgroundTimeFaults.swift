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
    ///
    /// The instant lies where a budget within ``AssumedRanges`` puts it (with the default lead, 20 to 25 s after the
    /// app left): background time ends early within what sources support, never after a few seconds (trust findings
    /// C4). Half of the time it is an instant the app's code resumed at in that window, if there is one.
    static func expireBackgroundTime(
        in plan: inout FaultPlan, landmarks: Landmarks, scenario: Scenario, random: inout SeededGenerator
    ) {
        guard let period = random.choose(from: landmarks.backgroundPeriods) else { return }
        var profile = scenario.profile
        for parameter in plan.parameters { profile[parameter.key] = parameter.value }
        guard let budgets = AssumedRanges.backgroundTimeBudgets(in: profile) else { return }
        let lead = profile[duration: .expirationLead]
        let earliest = period.start + budgets.lowerBound - lead
        let latest = period.start + budgets.upperBound - lead
        var placer = FaultPlacer(landmarks: landmarks, pushTimes: [], random: random)
        let instant = placer.pick(in: period.boundaries.filter { (earliest...latest).contains($0) }, from: earliest, to: latest)
        random = placer.random
        let budget = min(max(instant - period.start + lead, budgets.lowerBound), budgets.upperBound)
        plan.parameters.removeAll { $0.key == .backgroundTimeBudget }
        plan.parameters.append(ParameterOverride(key: .backgroundTimeBudget, duration: budget))
    }
}
