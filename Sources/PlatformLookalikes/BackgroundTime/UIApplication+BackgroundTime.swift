import Foundation
import SimulationModel

/// `beginBackgroundTask` and `endBackgroundTask`: background time, with Apple's signatures and isolation.
extension UIApplication {
    /// Seconds of background time left; the largest finite double in the foreground, as on a device.
    nonisolated public var backgroundTimeRemaining: TimeInterval {
        guard let process = SimulatedCall.process(reference.process, "UIApplication.backgroundTimeRemaining") else { return 0 }
        guard let remaining = process.backgroundTimeRemaining else { return .greatestFiniteMagnitude }
        return TimeInterval(remaining.nanoseconds) / 1_000_000_000
    }

    /// Marks the start of work that should continue if the app goes to the background.
    ///
    /// Returns `.invalid` when running in the background is not possible (for
    /// example after the background time started to expire). Balance every
    /// call with one `endBackgroundTask(_:)`. The expiration handler runs on
    /// the main lane shortly before the background time runs out, and must
    /// end the task before it returns.
    nonisolated public func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        guard let process = SimulatedCall.process(reference.process, "UIApplication.beginBackgroundTask(withName:expirationHandler:)")
        else { return .invalid }
        let expiration = handler.map { handler in
            ExpirationHandler.synchronous { MainActorCall.run(handler) }
        }
        return UIBackgroundTaskIdentifier(rawValue: process.beginBackgroundTask(name: taskName, expirationHandler: expiration))
    }

    /// Marks the start of work that should continue if the app goes to the background (no name).
    nonisolated public func beginBackgroundTask(
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    /// Marks the end of a background task.
    nonisolated public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        guard let process = SimulatedCall.process(reference.process, "UIApplication.endBackgroundTask(_:)") else { return }
        process.endBackgroundTask(identifier.rawValue)
    }
}
