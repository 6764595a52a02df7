import SimulationModel

/// The person stops a continued task from its Live Activity (`cancelLiveActivity`), or the system, short of
/// resources, expires the one with the least progress (`resourcePressure`).
enum ContinuedProcessingFaults: FeatureFaults {
    static func summary(of kind: FaultKind) -> String {
        kind == .cancelLiveActivity
            ? "the person stops a continued task in its Live Activity"
            : "resource pressure expires the continued task with the least progress"
    }

    static func takesIdentifier(_ kind: FaultKind) -> Bool { kind == .cancelLiveActivity }

    static func action(of fault: Fault) -> UserAction {
        fault.kind == .cancelLiveActivity ? .cancelLiveActivity(identifier: fault.identifier) : .resourcePressure
    }

    /// During a continued task of the unperturbed run; a cancel names it half of the time.
    static func place(_ kind: FaultKind, with placer: inout FaultPlacer) -> Fault? {
        // Without a task with a Live Activity (continued processing) in the unperturbed run there is nothing for the
        // person or the system to stop.
        let continued = placer.landmarks.taskRuns.filter { $0.kind.behavior.hasLiveActivity }
        guard let run = placer.random.choose(from: continued) else { return nil }
        let named = kind == .cancelLiveActivity && placer.random.chance(1, in: 2)
        let at = placer.pick(in: run.boundaries, from: run.start, to: run.end ?? placer.landmarks.stopAt)
        return Fault(at: at, kind: kind, identifier: named ? run.identifier : nil)
    }
}
