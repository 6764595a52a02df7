import SimulationKernel
import SimulationModel

/// What one feature's fault kinds do: their summaries, the timeline actions they stand for, and where a campaign
/// places them.
///
/// Each feature declares its kinds' behaviour in its folder
/// (`<Feature>Faults.swift`); ``FaultKind/faults`` is the one switch that
/// registers them, as `TaskKind.behavior` does for task kinds, so a new kind
/// without a feature does not compile.
protocol FeatureFaults {
    /// One line for summaries: what a fault of `kind` does.
    static func summary(of kind: FaultKind) -> String
    /// Whether faults of `kind` are timeline entries added to the scenario (the others act through the model's
    /// seams: parameters, choice points, the order of events, the seed, the timeline's instants).
    static func isTimelineEntry(_ kind: FaultKind) -> Bool
    /// Whether the timeline entry of `kind` names a task by its identifier.
    static func takesIdentifier(_ kind: FaultKind) -> Bool
    /// Whether `kind` acts on the scenario's pushes, so the planner offers it only when the timeline has one.
    static func needsPushes(_ kind: FaultKind) -> Bool
    /// Whether `kind` is a person's action that needs an unlocked device, so its entry unlocks a locked one first.
    static func needsUnlockedDevice(_ kind: FaultKind) -> Bool
    /// The person's or the system's action a timeline fault stands for.
    static func action(of fault: Fault) -> UserAction
    /// A timeline fault of `kind` for one run, at a landmark or anywhere; nil when the scenario gives it nothing to
    /// act on.
    static func place(_ kind: FaultKind, with placer: inout FaultPlacer) -> Fault?
}

extension FeatureFaults {
    static func isTimelineEntry(_ kind: FaultKind) -> Bool { true }
    static func takesIdentifier(_ kind: FaultKind) -> Bool { false }
    static func needsPushes(_ kind: FaultKind) -> Bool { false }
    static func needsUnlockedDevice(_ kind: FaultKind) -> Bool { false }

    /// Most timeline faults land while the app's code is busy, or anywhere.
    static func place(_ kind: FaultKind, with placer: inout FaultPlacer) -> Fault? {
        Fault(at: placer.pick(in: placer.landmarks.busyInstants, from: .zero, to: placer.landmarks.stopAt), kind: kind)
    }
}

/// What a campaign's planner knows when it places one run's timeline faults: the landmarks of the unperturbed run,
/// the scenario's pushes, and the run's random numbers.
struct FaultPlacer {
    /// Where faults matter in the unperturbed run.
    let landmarks: Landmarks
    /// The instants of the scenario's pushes, in timeline order.
    let pushTimes: [VirtualInstant]
    /// The run's generator: every draw of the plan comes from it, in order.
    var random: SeededGenerator

    /// Half of the time a landmark (itself or a nanosecond after it), otherwise anywhere in `lower...upper`.
    mutating func pick(in instants: [VirtualInstant], from lower: VirtualInstant, to upper: VirtualInstant) -> VirtualInstant {
        let stop = landmarks.stopAt
        if !instants.isEmpty, random.chance(1, in: 2) {
            let instant = instants[Int(random.nextInt(below: UInt64(instants.count)))]
            return min(stop, instant + .nanoseconds(random.chance(1, in: 2) ? 1 : 0))
        }
        let low = min(max(.zero, lower), stop)
        let high = max(low, min(upper, stop))
        return VirtualInstant(nanoseconds: random.nextInt(in: low.nanoseconds...high.nanoseconds))
    }
}
