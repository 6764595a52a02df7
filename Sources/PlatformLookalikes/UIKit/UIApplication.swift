import Foundation
import SimulationKernel
import SimulationModel

/// The look-alike of UIKit's `UIApplication` for app code running in a simulation.
///
/// Each app process has its own; `UIApplication.shared` resolves to the
/// process whose code is calling, so many simulations can run side by side.
public final class UIApplication: @unchecked Sendable {
    /// The app's state as UIKit reports it.
    public enum State: Int, Sendable {
        case active
        case inactive
        case background
    }

    /// The model's process this object stands for.
    package unowned let process: AppProcess

    init(process: AppProcess) {
        self.process = process
    }

    /// The application object of the app process whose code is running.
    ///
    /// Only available inside simulated app code (a delegate callback, a
    /// handler, or a task the process started).
    public static var shared: UIApplication {
        guard let process = TaskContext.current?.gate as? AppProcess, let app = process.appCode as? UIKitApp else {
            preconditionFailure("UIApplication.shared is only available inside simulated app code")
        }
        return app.application
    }

    /// Whether the app is active, inactive or in the background.
    public var applicationState: State {
        switch process.state {
        case .foregroundActive: .active
        case .foregroundInactive, .launching(into: .foreground): .inactive
        default: .background
        }
    }

    /// Seconds of background time left; the largest finite double in the foreground, as on a device.
    public var backgroundTimeRemaining: TimeInterval {
        guard let remaining = process.backgroundTimeRemainingNanoseconds else { return .greatestFiniteMagnitude }
        return TimeInterval(remaining) / 1_000_000_000
    }

    /// Marks the start of work that should continue if the app goes to the background.
    ///
    /// Returns `.invalid` when running in the background is not possible (for
    /// example after the background time started to expire). Balance every
    /// call with one `endBackgroundTask(_:)`. The expiration handler runs on
    /// the main lane shortly before the background time runs out, and must
    /// end the task before it returns.
    public func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        UIBackgroundTaskIdentifier(rawValue: process.beginBackgroundTask(name: taskName, expirationHandler: handler.map { .synchronous($0) }))
    }

    /// Marks the start of work that should continue if the app goes to the background (no name).
    public func beginBackgroundTask(expirationHandler handler: (@Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    /// Marks the end of a background task.
    public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        process.endBackgroundTask(identifier.rawValue)
    }

    /// The scenario interpreter's `beginBackgroundTask`: its expiration handler is steps that may take virtual time
    /// on the main lane, where a Swift handler is a synchronous closure.
    package func beginBackgroundTask(
        withName taskName: String?, simulatedExpirationHandler handler: (@Sendable () async -> Void)?
    ) -> UIBackgroundTaskIdentifier {
        UIBackgroundTaskIdentifier(rawValue: process.beginBackgroundTask(name: taskName, expirationHandler: handler.map { .simulated($0) }))
    }
}

extension UIApplication {
    /// bgsim: burns `duration` of the app's CPU time on virtual time; it pauses while the app is suspended.
    public func simulateWork(for duration: Duration) async throws {
        // Dirty from the moment work starts, as with the scenario step: a kill mid-way loses it.
        process.recordWork(duration.wholeNanoseconds)
        try await process.compute(duration.wholeNanoseconds, label: "work")
    }

    /// bgsim: saves the app's state; the checkpoint survives termination and relaunch.
    public func saveState(checkpoint: String) {
        process.save(checkpoint: checkpoint)
    }
}
