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
        let stop = landmarks.stopAt

        if enabled.contains(.otherSeed) { plan.seed = random.next() }
        if enabled.contains(.timelineJitter), settings.timelineJitter > 0 {
            for entry in scenario.timeline.indices where random.chance(1, in: 2) {
                let by = random.nextInt(in: -settings.timelineJitter...settings.timelineJitter)
                if by != 0 { plan.shifts.append(TimelineShift(entry: entry, by: by)) }
            }
        }
        if enabled.contains(.assumedParameters) {
            var ranges = AssumedRanges.all
            for _ in 0..<random.nextInt(in: 1...2) {
                let range = ranges.remove(at: Int(random.nextInt(below: UInt64(ranges.count))))
                plan.parameters.append(ParameterOverride(key: range.key, value: random.nextInt(in: range.lower...range.upper)))
            }
        }
        if enabled.contains(.extremeChoices) {
            for label in landmarks.choiceLabels where label.name != FaultPlan.launchJitterLabel && random.chance(1, in: 3) {
                plan.choices.append(ChoiceOverride(name: label.name, subject: label.subject, value: random.chance(1, in: 2) ? .max : .min))
            }
        }
        if enabled.contains(.delayedLaunch) {
            let process = random.nextInt(in: 1...(landmarks.processCount + 1))
            plan.choices.append(ChoiceOverride(name: FaultPlan.launchJitterLabel, subject: Int64(process), value: .max))
        }
        if enabled.contains(.reorder) { plan.ordering = .seeded(random.next()) }
        if enabled.contains(.expireBackgroundTime), let period = random.choose(from: landmarks.backgroundPeriods) {
            let instant = pick(in: period.boundaries, from: period.start, to: period.end ?? stop, &random)
            let lead = plan.parameters.first { $0.key == .expirationLead }?.value ?? scenario.profile.expirationLead
            plan.parameters.removeAll { $0.key == .backgroundTimeBudget }
            plan.parameters.append(ParameterOverride(key: .backgroundTimeBudget, value: max(lead, instant - period.start + lead)))
        }
        plan.parameters.sort { $0.key.rawValue < $1.key.rawValue }

        for kind in enabled where kind.isTimelineEntry {
            for _ in 0..<random.nextInt(in: 1...max(1, settings.maximumFaults)) {
                if let fault = fault(kind, &random) { plan.faults.append(fault) }
            }
        }
        while plan.faults.count > settings.maximumFaults {
            plan.faults.remove(at: Int(random.nextInt(below: UInt64(plan.faults.count))))
        }
        plan.faults = plan.faults.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return plan
    }

    /// A fault of `kind` at a landmark or anywhere; nil when the kind has nothing to act on in this scenario.
    private func fault(_ kind: FaultKind, _ random: inout SeededGenerator) -> Fault? {
        let stop = landmarks.stopAt
        switch kind {
        case .expireTask:
            guard let run = random.choose(from: landmarks.taskRuns) else { return nil }
            return Fault(at: pick(in: run.boundaries, from: run.start, to: run.end ?? stop, &random), kind: kind, identifier: run.identifier)
        case .pushDropped, .pushDelayed:
            // Just before a push of the scenario (an injected entry at the push's own instant would run after it).
            guard let time = random.choose(from: pushTimes), time > 0 else { return nil }
            return Fault(at: time - random.nextInt(in: 1...min(time, 60_000_000_000)), kind: kind)
        case .cancelLiveActivity, .resourcePressure:
            // Without a continued task in the unperturbed run there is nothing for the person or the system to stop.
            let continued = landmarks.taskRuns.filter { $0.kind == .continuedProcessing }
            guard let run = random.choose(from: continued) else { return nil }
            let named = kind == .cancelLiveActivity && random.chance(1, in: 2)
            return Fault(
                at: pick(in: run.boundaries, from: run.start, to: run.end ?? stop, &random), kind: kind,
                identifier: named ? run.identifier : nil)
        default:
            return Fault(at: pick(in: landmarks.busyInstants, from: 0, to: stop, &random), kind: kind)
        }
    }

    /// The instants of the scenario's pushes, in timeline order.
    private var pushTimes: [Int64] {
        scenario.timeline.compactMap { entry in
            if case .push(.push) = entry.action { entry.at.wholeNanoseconds } else { nil }
        }
    }

    /// Half of the time a landmark (itself or a nanosecond after it), otherwise anywhere in `lower...upper`.
    private func pick(in landmarks: [Int64], from lower: Int64, to upper: Int64, _ random: inout SeededGenerator) -> Int64 {
        let stop = self.landmarks.stopAt
        if !landmarks.isEmpty, random.chance(1, in: 2) {
            let instant = landmarks[Int(random.nextInt(below: UInt64(landmarks.count)))]
            return min(stop, instant + (random.chance(1, in: 2) ? 1 : 0))
        }
        let low = min(max(0, lower), stop)
        return random.nextInt(in: low...max(low, min(upper, stop)))
    }
}
