import SimulationKernel

/// What the system's services do to the app: hand it launched tasks, wake it, call it, and keep it running
/// while they wait for it.
extension AppProcess {
    /// Keeps the app running in the background until ``releaseServiceHold()``: a service's callback in progress.
    func holdForService() {
        lifecycle.hold()
        cancelSuspension()
    }

    /// Ends a hold taken with ``holdForService()``; the app is suspended if nothing else keeps it running.
    func releaseServiceHold() {
        lifecycle.releaseHold()
        evaluateSuspension()
    }

    /// Runs `body` once the app finished launching: now, if it has.
    func whenLaunched(_ body: @escaping () -> Void) {
        lifecycle.whenLaunched(body)
    }

    /// Wakes a suspended app into the background for a service's event (a push, a finished transfer).
    func wakeForService(cause: StateChangeCause) {
        guard state == .suspended else { return }
        move(to: .background, reason: cause)
        backgroundTime.beginPeriod(in: self)
        resumeAfterSuspension()
    }

    /// Queues a service's delegate callback on the main lane; `started` runs when it starts, `finished` when it returns.
    func callForService(_ callback: AppCallback, started: (() -> Void)? = nil, finished: (() -> Void)? = nil) {
        self.callback(callback, personAction: nil, started: started, finished: finished)
    }

    /// The system hands the app a launched task (`simulated` when `simulateLaunch` launched it): now, or when the
    /// launch it started finishes.
    func deliver(_ request: TaskRequest, simulated: Bool) {
        switch state {
        case .launching:
            tasks.holdUntilLaunched(request, simulated: simulated)
        case .suspended:
            // The system wakes the suspended app in the background for the task.
            move(to: .background, reason: .bgTask(request.identifier))
            backgroundTime.beginPeriod(in: self)
            resumeAfterSuspension()
            tasks.start(request, simulated: simulated, in: self)
        case .background, .foregroundActive, .foregroundInactive:
            cancelSuspension()
            tasks.start(request, simulated: simulated, in: self)
        case .notRunning, .terminated:
            break
        }
    }
}
