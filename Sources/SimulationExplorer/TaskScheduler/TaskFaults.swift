import SimulationModel

/// `expireTask`: the system ends a running `BGTask`'s time early, mid-work, between steps, or as it completes.
enum TaskFaults: FeatureFaults {
    static func summary(of kind: FaultKind) -> String {
        "the system expires a running BGTask"
    }

    static func takesIdentifier(_ kind: FaultKind) -> Bool { true }

    static func action(of fault: Fault) -> UserAction {
        .expireTask(identifier: fault.identifier ?? "")
    }

    /// At a boundary of one of the unperturbed run's tasks, naming that task; nil when no task ran.
    static func place(_ kind: FaultKind, with placer: inout FaultPlacer) -> Fault? {
        guard let run = placer.random.choose(from: placer.landmarks.taskRuns) else { return nil }
        let at = placer.pick(in: run.boundaries, from: run.start, to: run.end ?? placer.landmarks.stopAt)
        return Fault(at: at, kind: kind, identifier: run.identifier)
    }
}
