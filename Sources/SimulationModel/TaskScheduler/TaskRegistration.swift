import SimulationKernel

/// A launch handler registered with `BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`.
package struct TaskRegistration: Sendable {
    /// The isolation of the launch handler's closure.
    package enum Isolation: Sendable, Hashable {
        /// No actor: it may run on any queue.
        case nonisolated
        /// Written in a `@MainActor` context (a view model, a SwiftUI `App`), so it inherits main-actor isolation:
        /// the compiler puts a check at its entry, which traps on any other queue.
        case mainActor
    }

    /// Whether the handler runs on the main lane (`using: .main`) rather than a background queue (`nil`).
    var onMainLane: Bool
    /// The serial queue's lane the handler runs on (`using:` a serial queue of the app's), if any.
    var lane: SerialLane?
    /// SwiftUI's `.backgroundTask` style: the task completes when the async handler returns; expiration cancels it.
    var completesWhenHandlerReturns: Bool
    /// The closure's isolation.
    var isolation: Isolation
    /// Whether the model sees the handler's work start and end (the scenario interpreter's steps), so that it can
    /// tell work that ended without `setTaskCompleted` from work still running.
    var tracksWork: Bool
    /// Whether it was registered after the app finished launching (accepted by the profile).
    var registeredAfterLaunch = false
    /// The app's handler, given the task the system launched.
    var handler: @Sendable (RunningTask) async -> Void

    /// Creates a registration.
    package init(
        onMainLane: Bool, lane: SerialLane? = nil, completesWhenHandlerReturns: Bool, isolation: Isolation = .nonisolated,
        tracksWork: Bool = false,
        handler: @escaping @Sendable (RunningTask) async -> Void
    ) {
        self.onMainLane = onMainLane
        self.lane = lane
        self.completesWhenHandlerReturns = completesWhenHandlerReturns
        self.isolation = isolation
        self.tracksWork = tracksWork
        self.handler = handler
    }
}
