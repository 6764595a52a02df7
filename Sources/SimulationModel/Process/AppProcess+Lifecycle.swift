import SimulationKernel

/// The process's life as the person and the system move it: launch, foreground and background, interruptions,
/// suspension. Each step moves ``ProcessLifecycle`` and tells the other components what it means for them.
extension AppProcess {
    // MARK: Launch

    /// Starts the process: `didFinishLaunching` runs after the launch time, then the app is active or in the background.
    func launch(into destination: AppState.LaunchDestination, cause: StateChangeCause) {
        lifecycle.aimLaunch(at: destination)
        move(to: .launching(into: destination), reason: cause)
        let jitter = profile.launchJitter
        let drawn = jitter > .zero ? kernel.draw(ModelChoice.launchJitter.label(subject: number), in: -jitter...jitter) : .zero
        let delay = max(.zero, profile.launchDuration + drawn)
        lifecycle.callbackQueued()
        kernel.schedule(after: delay, label: EventLabel("app.launched", subject: Int64(number))) { [self] in
            guard isAlive else { return }
            callback(.lifecycle(.didFinishLaunching)) { [self] in
                lifecycle.callbackReturned()
                finishLaunching()
            }
        }
    }

    private func finishLaunching() {
        // From here on, registering a launch handler crashes the app.
        guard let launchedInto = lifecycle.finishLaunch() else { return }
        if lifecycle.launchTarget == .foreground {
            move(to: .foregroundActive)
            // A scene app's scene connects and comes to the foreground now, after launch finished (TN3187).
            if connectScene() { callback(.lifecycle(.willEnterForeground)) }
            callback(.lifecycle(.didBecomeActive))
        } else {
            move(to: .background)
            backgroundTime.beginPeriod(in: self)
            // Launched for the person but left before it finished: the app still hears that it is in the background.
            if state == .background, launchedInto == .foreground {
                connectScene()
                deliverDidEnterBackground()
            }
        }
        tasks.startHeldDeliveries(in: self)
        for body in lifecycle.takeAfterLaunch() where isAlive { body() }
        evaluateSuspension()
    }

    // MARK: Foreground and background

    /// The person leaves the app (home gesture, another app, or locking the device).
    func enterBackground(cause: StateChangeCause) {
        switch state {
        case .launching(.foreground):
            lifecycle.aimLaunch(at: .background)
            return
        case .foregroundActive:
            move(to: .foregroundInactive, reason: cause)
            callback(.lifecycle(.willResignActive))
        case .foregroundInactive:
            break
        default:
            return
        }
        move(to: .background, reason: cause)
        backgroundTime.beginPeriod(in: self)
        deliverDidEnterBackground()
    }

    /// Calls applicationDidEnterBackground, which must return within the limit counted from now:
    /// a main lane blocked by earlier work does not buy the app background time.
    private func deliverDidEnterBackground() {
        lifecycle.callbackQueued()
        let watchdogLabel = EventLabel("app.didEnterBackgroundLimit", subject: Int64(number))
        // An app that uses scenes hears sceneDidEnterBackground instead, under the same limit (assumed).
        let method = system.appInfo.usesScenes ? "sceneDidEnterBackground" : "applicationDidEnterBackground"
        let watchdog = kernel.schedule(after: profile.didEnterBackgroundLimit, label: watchdogLabel) { [self] in
            guard isAlive else { return }
            let limit = TimeText.formatExact(profile.didEnterBackgroundLimit)
            diagnose(
                Rules.didEnterBackgroundTooSlow, subject: method,
                message: "\(method) did not return within \(limit)")
            terminate(.watchdog, message: "\(method) exceeded \(limit)")
        }
        callback(.lifecycle(.didEnterBackground)) { [self] in
            kernel.cancel(watchdog)
            lifecycle.callbackReturned()
            evaluateSuspension()
        }
    }

    /// The person comes back to the app while it runs in the background or is suspended.
    func enterForeground(cause: StateChangeCause) {
        switch state {
        case .launching:
            lifecycle.aimLaunch(at: .foreground)
            return
        case .background, .suspended:
            break
        default:
            return
        }
        let wasSuspended = state == .suspended
        cancelSuspension()
        backgroundTime.endPeriod(in: self)
        memory.cover.cameToForeground()
        move(to: .foregroundInactive, reason: cause)
        // Launched into the background, a scene app has no scene yet: it connects when the person opens the app.
        connectScene()
        callback(.lifecycle(.willEnterForeground))
        move(to: .foregroundActive)
        callback(.lifecycle(.didBecomeActive))
        if wasSuspended { resumeAfterSuspension() }
    }

    /// The person opens Control Center or gets a call: the app stays visible but inactive.
    @discardableResult
    func resignActive(cause: StateChangeCause) -> String? {
        guard state == .foregroundActive else { return "the app is not active" }
        move(to: .foregroundInactive, reason: cause)
        callback(.lifecycle(.willResignActive))
        return nil
    }

    /// The app becomes active again after an interruption.
    func becomeActive(cause: StateChangeCause) -> String? {
        guard state == .foregroundInactive else { return "the app is not inactive in the foreground" }
        move(to: .foregroundActive, reason: cause)
        callback(.lifecycle(.didBecomeActive))
        return nil
    }

    /// The system is short of memory. Returns why nothing happened, if nothing did.
    func memoryPressure() -> String? {
        switch state {
        case .background, .suspended, .launching(into: .background):
            terminate(.memoryPressure, message: "the system reclaimed memory")
        case .foregroundActive, .foregroundInactive:
            callback(.lifecycle(.didReceiveMemoryWarning))
        case .launching(into: .foreground):
            return "the app is still launching in the foreground"
        case .notRunning, .terminated:
            return "the app is not running"
        }
        return nil
    }

    /// Runs a user-visible action of the app (a tap) on the main lane.
    func performUserAction(_ name: String) {
        guard state.isForeground else {
            trace(.app(.userActionIgnored(AppRecord.UserActionIgnored(process: number, userAction: name, state: state.name))))
            return
        }
        callback(.userAction(name), personAction: name)
    }

    // MARK: Callbacks

    /// Connects the app's scene if the app uses scenes and it is not connected: `scene(_:willConnectTo:options:)`.
    /// Returns whether it connected now.
    ///
    /// Not in a launch into the background: a BGTaskScheduler launch asks for no scene (assumed; Apple says the
    /// system may connect a scene in the background to process some events, and names none of these).
    @discardableResult
    private func connectScene() -> Bool {
        guard lifecycle.connectScene(usesScenes: system.appInfo.usesScenes) else { return false }
        callback(.lifecycle(.sceneWillConnect))
        return true
    }

    /// Queues a delegate callback on the main lane, traced when it starts and returns. In an app that uses scenes,
    /// the app delegate's lifecycle callbacks are the scene delegate's (TN3187).
    private func callback(_ callback: AppCallback, personAction: String? = nil, finished: (() -> Void)? = nil) {
        self.callback(callback, personAction: personAction, started: nil, finished: finished)
    }

    /// Queues a delegate callback on the main lane; `started` runs when it starts, `finished` when it returns.
    func callback(_ callback: AppCallback, personAction: String?, started: (() -> Void)?, finished: (() -> Void)?) {
        let callback = system.appInfo.usesScenes ? callback.inSceneApp : callback
        let name = callback.name
        let body: @Sendable () async -> Void = { [appCode] in await appCode.run(callback) }
        mainLane.enqueue(name, onStart: { [self] in
            trace(.app(.callback(AppRecord.Callback(process: number, callback: name, phase: .started))))
            started?()
        }, onFinish: { [self] in
            trace(.app(.callback(AppRecord.Callback(process: number, callback: name, phase: .returned))))
            finished?()
        }, personAction: personAction, workOwner: .none, body)
    }

    // MARK: Suspension

    /// Whether nothing keeps the app running in the background: no callback or service, no open background
    /// task, no running `BGTask`.
    private var mayBeSuspended: Bool {
        state == .background && !lifecycle.isHeld && backgroundTime.openTaskCount == 0 && tasks.running.isEmpty
    }

    /// Suspends the app when nothing keeps it running in the background.
    func evaluateSuspension() {
        guard mayBeSuspended, !lifecycle.suspensionPlanned else { return }
        lifecycle.planSuspension(after: profile.suspensionDelay, in: self) { [self] in
            if mayBeSuspended { suspend() }
        }
    }

    /// Cancels a planned suspension: something keeps the app running again.
    func cancelSuspension() {
        lifecycle.cancelSuspension(in: self)
    }

    private func suspend() {
        if !memory.heldLocks.isEmpty {
            let locks = memory.heldLocks.joined(separator: ", ")
            diagnose(
                Rules.lockHeldAtSuspension, subject: "lock \(locks)",
                message: "the app was suspended holding \(locks): held on to a file lock or SQLite database lock during suspension")
            terminate(.lockHeldAtSuspension, message: "held on to a file lock or SQLite database lock during suspension")
            return
        }
        backgroundTime.endPeriod(in: self)
        memory.cover.suspended(at: now)
        move(to: .suspended)
        cpu.pause(in: self)
    }

    /// The process runs again after a suspension: its work goes on, held waits end, and its lanes start.
    func resumeAfterSuspension() {
        cpu.resume(in: self)
        execution.resumeLanes()
    }
}
