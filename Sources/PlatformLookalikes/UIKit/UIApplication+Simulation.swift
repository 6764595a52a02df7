import SimulationKernel
import SimulationModel

extension UIApplication {
    /// bgsim: burns `duration` of the app's CPU time on virtual time; it pauses while the app is suspended.
    ///
    /// Throws `ProcessTerminated` when the app is killed before the work is done.
    nonisolated public func simulateWork(for duration: Duration) async throws {
        guard let process = try SimulatedCall.liveProcess(reference.process, "UIApplication.simulateWork(for:)") else { return }
        // Dirty from the moment work starts, as with the scenario step: a kill mid-way loses it.
        process.recordWork(VirtualDuration(duration))
        try await process.compute(VirtualDuration(duration), label: "work")
    }

    /// bgsim: charges `duration` of CPU time to the synchronous code running now (a delegate method, a block, an
    /// operation), spent when it returns: its lane stays busy that long.
    ///
    /// Synchronous code cannot wait on virtual time, so its effects happen at
    /// the instant it started, and what is queued behind it waits for the
    /// charge. In async code call the `async` form instead; called there,
    /// this one charges nothing and reports `Rules.blockingCallNotSimulated`.
    nonisolated public func simulateWork(for duration: Duration) {
        guard let process = SimulatedCall.process(reference.process, "UIApplication.simulateWork(for:)") else { return }
        process.recordWork(VirtualDuration(duration))
        BlockingCall.charge(VirtualDuration(duration), asWork: true, in: process, call: "simulateWork(for:)")
    }

    /// bgsim: saves the app's state; the checkpoint survives termination and relaunch.
    nonisolated public func saveState(checkpoint: String) {
        guard let process = SimulatedCall.process(reference.process, "UIApplication.saveState(checkpoint:)") else { return }
        process.save(checkpoint: checkpoint)
    }

    /// The scenario interpreter's `beginBackgroundTask`: its expiration handler is steps that may take virtual time
    /// on the main lane, where a Swift handler is a synchronous closure.
    nonisolated package func beginBackgroundTask(
        withName taskName: String?, simulatedExpirationHandler handler: (@Sendable () async -> Void)?
    ) -> UIBackgroundTaskIdentifier {
        guard let process = SimulatedCall.process(reference.process, "UIApplication.beginBackgroundTask(withName:expirationHandler:)")
        else { return .invalid }
        return UIBackgroundTaskIdentifier(rawValue: process.beginBackgroundTask(name: taskName, expirationHandler: handler.map { .simulated($0) }))
    }
}
