import SimulationKernel

/// What every service hears, in the order of ``Simulation/standardServices``: the world changed, a launched task
/// started, expired, is ending or ended; and the model's invariants, checked between events in debug builds.
extension Simulation {
    /// Something the system weighs changed: every service may re-plan.
    func worldChanged() {
        for service in services { service.worldChanged() }
    }

    package func service<S: SystemService>(_ type: S.Type) -> S {
        for service in services {
            if let match = service as? S { return match }
        }
        preconditionFailure("no \(S.self) service in this simulation")
    }

    // MARK: Launched tasks

    package func taskStarted(_ task: RunningTask, in process: AppProcess) {
        for service in services { service.taskStarted(task, in: process) }
    }

    package func taskExpired(_ task: RunningTask, in process: AppProcess) {
        for service in services { service.taskExpired(task, in: process) }
    }

    package func taskEnding(_ task: RunningTask, in process: AppProcess) {
        for service in services { service.taskEnding(task, in: process) }
    }

    package func taskEnded(_ task: RunningTask, successfully: Bool, in process: AppProcess) {
        for service in services { service.taskEnded(task, successfully: successfully, in: process) }
    }

    // MARK: Invariants

    /// Stops the run when the current process or a service breaks an invariant of the model: a bug in bgsim.
    ///
    /// Called between events in debug builds only (tests run them); a
    /// release build never checks.
    func checkInvariants() {
        process?.checkInvariants()
        for service in services { service.checkInvariants() }
    }
}
