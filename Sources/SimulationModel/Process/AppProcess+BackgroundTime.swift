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
}
