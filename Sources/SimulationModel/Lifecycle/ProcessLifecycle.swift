import SimulationKernel

/// The life of one app process: its state over ``AppState/canMove(to:)``, the launch, the system's callbacks in
/// flight, the services that hold it running, what waits for the launch to finish, and the suspension planned.
///
/// It knows nothing of background time, tasks or lanes: ``AppProcess``
/// asks it where the process is and tells it what happened, and its state
/// changes only through the methods below, so that a terminated process
/// keeps nothing running and a suspension is planned only in the background.
/// Like every component of the process, it holds no reference to the
/// process: the process passes itself to the methods that trace or plan
/// events, and what those events capture keeps it alive.
final class ProcessLifecycle {
    /// Where the process is.
    private(set) var state: AppState = .notRunning
    /// Where the launch leads: the person may leave or come back before it finishes.
    private(set) var launchTarget: AppState.LaunchDestination = .foreground
    /// Whether the launch finished: from then on, registering a launch handler crashes the app.
    private(set) var launchFinished = false
    /// Whether the app's scene is connected (apps that use scenes): not in a launch into the background.
    private(set) var sceneConnected = false
    /// The system's callbacks queued or running that the app must not be suspended in (didFinishLaunching,
    /// didEnterBackground).
    private var callbacksInFlight = 0
    /// How many system services keep the app running in the background now (a silent push handler's 30 s).
    private var serviceHolds = 0
    /// What runs once the launch finished: a service's delivery to a process still launching.
    private var afterLaunch: [() -> Void] = []
    /// The suspension planned, if any.
    private var suspensionEvent: EventHandle?

    // MARK: State

    /// Moves to `next`, traced with `reason`. A move the platform never makes is recorded as a bug in the model
    /// (`model.illegalTransition`, which the property tests look for) and made, rather than crashing a run.
    func move(to next: AppState, reason: StateChangeCause?, in process: AppProcess) {
        let previous = state
        if !previous.canMove(to: next) {
            process.trace(.model(.illegalTransition(ModelRecord.IllegalTransition(
                process: process.number, from: previous.name, to: next.name))))
        }
        state = next
        process.trace(.app(.state(AppRecord.StateChange(process: process.number, from: previous.name, to: next.name, cause: reason))))
    }

    /// Where the launch leads: said when it starts, and again when the person leaves or comes back before it finishes.
    func aimLaunch(at destination: AppState.LaunchDestination) {
        launchTarget = destination
    }

    /// didFinishLaunching returned: returns where the process was launched into, or nil when it is not launching
    /// any more (it was terminated meanwhile).
    func finishLaunch() -> AppState.LaunchDestination? {
        guard case .launching(let destination) = state else { return nil }
        launchFinished = true
        return destination
    }

    /// Ends the process for `reason`, traced with `message`; it keeps nothing running.
    func terminate(_ reason: TerminationReason, message: String, in process: AppProcess) {
        let from = state.name
        state = .terminated(reason)
        cancelSuspension(in: process)
        callbacksInFlight = 0
        serviceHolds = 0
        afterLaunch.removeAll()
        process.trace(.app(.state(AppRecord.StateChange(
            process: process.number, from: from, termination: AppRecord.StateChange.Termination(reason: reason, message: message)))))
    }

    // MARK: What keeps the app running

    /// A system callback the app must not be suspended in was queued.
    func callbackQueued() {
        callbacksInFlight += 1
    }

    /// That callback returned.
    func callbackReturned() {
        callbacksInFlight -= 1
    }

    /// A service keeps the app running in the background until ``releaseHold()``.
    func hold() {
        serviceHolds += 1
    }

    /// Ends a hold taken with ``hold()``.
    func releaseHold() {
        serviceHolds = max(0, serviceHolds - 1)
    }

    /// Whether a system callback in flight or a service's hold keeps the app from being suspended.
    var isHeld: Bool { callbacksInFlight > 0 || serviceHolds > 0 }

    /// Connects the app's scene if the app uses scenes and it is not connected; returns whether it connected now.
    func connectScene(usesScenes: Bool) -> Bool {
        guard usesScenes, !sceneConnected else { return false }
        sceneConnected = true
        return true
    }

    /// Runs `body` once the app finished launching: now, if it is not launching.
    func whenLaunched(_ body: @escaping () -> Void) {
        if case .launching = state {
            afterLaunch.append(body)
        } else {
            body()
        }
    }

    /// Hands over what waited for the launch to finish, forgetting it.
    func takeAfterLaunch() -> [() -> Void] {
        defer { afterLaunch.removeAll() }
        return afterLaunch
    }

    // MARK: Suspension

    /// Whether a suspension is planned.
    var suspensionPlanned: Bool { suspensionEvent != nil }

    /// Plans the suspension `delay` from now; `suspend` decides, when the time comes, whether it still happens.
    func planSuspension(after delay: VirtualDuration, in process: AppProcess, _ suspend: @escaping () -> Void) {
        let label = EventLabel("app.suspend", subject: Int64(process.number))
        suspensionEvent = process.kernel.schedule(after: delay, label: label) { [self] in
            suspensionEvent = nil
            suspend()
        }
    }

    /// Cancels the suspension planned, if any.
    func cancelSuspension(in process: AppProcess) {
        if let suspensionEvent { process.kernel.cancel(suspensionEvent) }
        suspensionEvent = nil
    }

    // MARK: Invariants

    /// Stops the run if the lifecycle's bookkeeping is inconsistent: a bug in the model.
    func checkInvariants() {
        let name = state.name.rawValue
        modelInvariant(callbacksInFlight >= 0 && serviceHolds >= 0, "negative counts of callbacks (\(callbacksInFlight)) or holds (\(serviceHolds))")
        modelInvariant(suspensionEvent == nil || state == .background, "a suspension is planned, but the process is \(name)")
        if case .launching = state {
            modelInvariant(!launchFinished, "the launch finished, but the process is still \(name)")
        } else {
            modelInvariant(afterLaunch.isEmpty, "\(afterLaunch.count) deliveries wait for a launch, but the process is \(name)")
            modelInvariant(
                launchFinished || state.isTerminated || state == .notRunning, "the process is \(name) but its launch never finished")
        }
        if state.isTerminated {
            modelInvariant(!isHeld, "the process is terminated, but \(callbacksInFlight) callback(s) and \(serviceHolds) hold(s) keep it running")
        }
    }

    #if DEBUG
    /// Test-only: makes the count of callbacks in flight negative, so a test sees the check stop the run.
    func breakInvariantForTesting() {
        callbacksInFlight = -1
    }
    #endif
}
