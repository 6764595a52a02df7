import Foundation
import SimulationModel

/// The look-alike of UIKit's `UIApplication` for app code running in a simulation.
///
/// Each app process has its own; `UIApplication.shared` resolves to the
/// process whose code is calling, so many simulations can run side by side.
/// Members keep Apple's isolation: the class is main-actor isolated, and
/// `backgroundTimeRemaining`, both `beginBackgroundTask` forms and
/// `endBackgroundTask(_:)` are `nonisolated`, since Apple documents them as
/// safe on any thread.
///
/// ```swift
/// let app = UIApplication.shared
/// backgroundTaskID = app.beginBackgroundTask(withName: "Finish Export") {
///     app.endBackgroundTask(self.backgroundTaskID)
///     self.backgroundTaskID = .invalid
/// }
/// ```
@preconcurrency @MainActor
public final class UIApplication: UIResponder {
    /// The app's state as UIKit reports it.
    public enum State: Int, Sendable, Hashable {
        /// In the foreground, receiving events.
        case active = 0
        /// In the foreground, not receiving events (launching, or interrupted by Control Center or a call).
        case inactive = 1
        /// In the background.
        case background = 2

        /// The state UIKit reports for a process in `state`.
        package init(_ state: AppState) {
            switch state {
            case .foregroundActive: self = .active
            case .foregroundInactive, .launching(into: .foreground): self = .inactive
            default: self = .background
            }
        }
    }

    /// The look-alike of `UIApplication.LaunchOptionsKey`: the keys of the launch options dictionary.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public var rawValue: String

        /// Creates a key from its string.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a key from its string.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }
    }

    /// The model's process this object stands for; nil for the object handed out outside any simulation.
    nonisolated let reference: ProcessReference

    /// The process, for bgsim's scenario interpreter, whose code only runs while its process lives.
    nonisolated package var process: AppProcess {
        guard let process = reference.process else { preconditionFailure("the scenario interpreter ran after its process was gone") }
        return process
    }

    /// The look-alike background `URLSession` objects the process's code created, newest per identifier: the service's
    /// session events go to their delegates. Only touched on the simulation's thread.
    nonisolated(unsafe) var backgroundSessions: [URLSession] = []

    /// The process's session object of background session `identifier`, if its code created one.
    nonisolated func backgroundSession(_ identifier: String) -> URLSession? {
        backgroundSessions.first { $0.configuration.identifier == identifier }
    }

    init(process: AppProcess?) {
        self.reference = ProcessReference(process)
        super.init()
    }

    /// The object handed out by `shared` outside simulated app code: it answers, and does nothing.
    private static let detached = UIApplication(process: nil)

    /// The application object of the app process whose code is running.
    ///
    /// Inside simulated app code (a delegate callback, a handler, a block or a
    /// task the app started, the delegate's initializer) it is that process's
    /// object. Elsewhere it is an object that belongs to no simulation: it
    /// reports the background with no time left and begins no task.
    public class var shared: UIApplication {
        if let making = UIKitApp.applicationUnderConstruction { return making }
        if let process = AppProcess.current, let app = process.appCode as? UIKitApp { return app.application }
        return detached
    }

    /// Whether the app is active, inactive or in the background.
    public var applicationState: State {
        guard let process = SimulatedCall.process(reference.process, "UIApplication.applicationState") else { return .background }
        return State(process.state)
    }

    /// Whether the person allows background refresh for the app: the device's Background App Refresh setting.
    public var backgroundRefreshStatus: UIBackgroundRefreshStatus {
        guard let process = SimulatedCall.process(reference.process, "UIApplication.backgroundRefreshStatus") else { return .available }
        switch process.system.snapshot.conditions.backgroundAppRefresh {
        case .available: return .available
        case .denied: return .denied
        case .restricted: return .restricted
        }
    }
}
