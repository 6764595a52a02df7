import ScenarioFormat
import SimulationKernel
import SimulationModel

/// Makes the plan of each run of a campaign: swarm testing over fault kinds, faults placed at landmarks or at random.
///
/// Run 0 is the scenario as written. Every other run draws, from its own
/// seed (``RunSeeds``), which kinds it enables (each with probability ½,
/// at least one), how many faults of each, and where: half of the time at a
/// landmark of the unperturbed run (a step boundary, or a nanosecond after
/// one), otherwise anywhere. Landmarks come from the scenario's own seed,
/// so they are exact in runs that keep that seed and that timeline, and
/// approximate in the others.
struct SwarmPlanner: Sendable {
    let landmarks: Landmarks
    let settings: CampaignSettings
    let scenario: Scenario

    /// The plan of run `index`.
    func plan(index: Int) -> FaultPlan {
        var plan = FaultPlan(scenario: scenario.name)
        guard index > 0 else { return plan }
        var random = SeededGenerator(seed: RunSeeds.seed(campaign: settings.seed, index: index))
        // Push faults only where there are pushes: elsewhere the draws are the same as before the kinds existed.
        let offered = pushTimes.isEmpty ? settings.kinds.filter { !$0.needsPushes } : settings.kinds
        var enabled = offered.filter { _ in random.chance(1, in: 2) }
        if enabled.isEmpty, let one = random.choose(from: offered) { enabled = [one] }

        if enabled.contains(.otherSeed) { plan.seed = random.next() }
        if enabled.contains(.timelineJitter), settings.timelineJitter > .zero {
            let jitter = settings.timelineJitter.nanoseconds
            for entry in scenario.timeline.indices where random.chance(1, in: 2) {
                let by = random.nextInt(in: -jitter...jitter)
                if by != 0 { plan.shifts.append(TimelineShift(entry: entry, by: .nanoseconds(by))) }
            }
        }
        if enabled.contains(.assumedParameters) {
            var ranges = AssumedRanges.all
            // Each value is drawn given the ones drawn before it (the budget less the lead, the stall prompt before
            // the stall limit); a parameter the scenario's own values leave no room for is not drawn.
            var profile = scenario.profile
            for _ in 0..<random.nextInt(in: 1...2) {
                let range = ranges.remove(at: Int(random.nextInt(below: UInt64(ranges.count))))
                guard let bounds = AssumedRanges.bounds(of: range, in: profile) else { continue }
                let value = random.nextInt(in: bounds)
                profile[range.key] = value
                plan.parameters.append(ParameterOverride(key: range.key, value: value))
            }
        }
        if enabled.contains(.extremeChoices) {
            for label in landmarks.choiceLabels where ModelChoice(label) != .launchJitter && random.chance(1, in: 3) {
                plan.choices.append(ChoiceOverride(name: label.name, subject: label.subject, value: random.chance(1, in: 2) ? .max : .min))
            }
        }
        if enabled.contains(.delayedLaunch) { LifecycleFaults.delayLaunch(in: &plan, landmarks: landmarks, random: &random) }
        if enabled.contains(.reorder) { plan.ordering = .seeded(random.next()) }
        if enabled.contains(.expireBackgroundTime) {
            BackgroundTimeFaults.expireBackgroundTime(in: &plan, landmarks: landmarks, scenario: scenario, random: &random)
        }
        plan.parameters.sort { $0.key.rawValue < $1.key.rawValue }

        var placer = FaultPlacer(landmarks: landmarks, pushTimes: pushTimes, random: random)
        for kind in enabled where kind.isTimelineEntry {
            for _ in 0..<placer.random.nextInt(in: 1...max(1, settings.maximumFaults)) {
                if let fault = kind.faults.place(kind, with: &placer) { plan.faults.append(fault) }
            }
        }
        random = placer.random
        while plan.faults.count > settings.maximumFaults {
            plan.faults.remove(at: Int(random.nextInt(below: UInt64(plan.faults.count))))
        }
        plan.faults = plan.faults.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return plan
    }

    /// The instants of the scenario's pushes, in timeline order.
    private var pushTimes: [VirtualInstant] {
        scenario.timeline.compactMap { entry in
            if case .push(.push) = entry.action { .zero + VirtualDuration(entry.at) } else { nil }
        }
    }
}
