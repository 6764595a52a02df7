import SimulationKernel

/// `beginBackgroundTask` and `endBackgroundTask` as the look-alikes call them (kept by ``BackgroundTime``).
extension AppProcess {
    /// `beginBackgroundTask(withName:expirationHandler:)`: the new task's identifier, or 0 (`.invalid`).
    package func beginBackgroundTask(name: String?, expirationHandler: ExpirationHandler?) -> Int {
        guard isAlive else { return 0 }
        return backgroundTime.beginTask(name: name, expirationHandler: expirationHandler, in: self)
    }

    /// `endBackgroundTask(_:)` of the task with this raw identifier.
    package func endBackgroundTask(_ identifier: Int) {
        guard isAlive else { return }
        backgroundTime.endTask(identifier, in: self)
    }

    /// The background time left, or nil when unlimited (in the foreground).
    package var backgroundTimeRemaining: VirtualDuration? {
        backgroundTime.remaining(in: self)
    }

    /// How many background tasks are open.
    var openTaskCount: Int { backgroundTime.openTaskCount }

    /// Code that the expiration handler of background task `identifier` runs dispatched work for later.
    func expirationHandlerDispatched(_ identifier: Int) {
        backgroundTime.handlerDispatched(identifier)
    }

    /// Since when the app's code has had no work of its own going on (nothing running, waiting or dispatched for
    /// later); nil while it has, or when the model cannot see its work (Swift code's own tasks).
    var appCodeIdleSince: VirtualInstant? {
        runsSwiftAppCode ? nil : execution.idleSince
    }

    /// When the app's code last stopped working after spending virtual time, if it did.
    var appCodeLastWorkEndedAt: VirtualInstant? {
        execution.lastWorkEndedAt
    }

    /// The app's code has no work of its own going on any more.
    func appCodeWentIdle() {
        backgroundTime.appWentIdle(in: self)
    }
}
