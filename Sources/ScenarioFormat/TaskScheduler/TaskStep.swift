import SimulationKernel
import SimulationModel

/// A step of `BGTaskScheduler`: registering and submitting, and what a launch handler does with its task.
public enum TaskStep: Sendable, Hashable {
    /// `BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`, running the named action as the handler.
    /// `asyncHandler`: SwiftUI's `.backgroundTask` style (completes when the action returns; expiration cancels it).
    /// `isolation`: `.mainActor` when the closure is written in a `@MainActor` context and inherits its isolation.
    case register(
        identifier: String, launchHandler: String, onMainQueue: Bool, asyncHandler: Bool, isolation: HandlerIsolation = .nonisolated)
    /// `BGTaskScheduler.submit(_:)` of the request, which may begin `earliestBegin` after the moment of submission
    /// (the request's own `earliestBegin`, an instant, is set then).
    case submit(TaskRequest, earliestBegin: VirtualDuration? = nil)
    /// `cancel(taskRequestWithIdentifier:)`.
    case cancelTaskRequest(identifier: String)
    /// `cancelAllTaskRequests()`.
    case cancelAllTaskRequests
    /// In a launch handler: sets `task.expirationHandler`.
    case setTaskExpirationHandler(ExpirationBehavior)
    /// In a launch handler: `task.setTaskCompleted(success:)`, with a constant or a condition (`success: !isCancelled`).
    case setTaskCompleted(success: SuccessValue)
    /// In a launch handler or its expiration handler: tells the task's work to stop (an `Operation`'s `cancel()`).
    case cancelWork
    /// In a launch handler: stops the handler here if its work was cancelled (work that honours cancellation).
    case stopIfCancelled
    /// Code that must run on the main actor (updating UI state): off the main lane, as in a launch handler
    /// registered with `using: nil`, it is BGS019.
    case updateUI
}

/// The isolation of a launch handler's closure, as Swift infers it from where the closure is written.
public enum HandlerIsolation: String, Sendable, Hashable, CaseIterable {
    /// Written outside any actor (a nonisolated function, a type that is not `@MainActor`).
    case nonisolated
    /// Written in a `@MainActor` context (a view model, a SwiftUI `App`): it inherits main-actor isolation, and the
    /// compiler checks it at entry (a trap on any other queue).
    case mainActor
}

extension Step {
    /// `BGTaskScheduler.register` (see ``TaskStep/register(identifier:launchHandler:onMainQueue:asyncHandler:isolation:)``).
    public static func register(
        identifier: String, launchHandler: String, onMainQueue: Bool, asyncHandler: Bool, isolation: HandlerIsolation = .nonisolated
    ) -> Step {
        .task(.register(
            identifier: identifier, launchHandler: launchHandler, onMainQueue: onMainQueue, asyncHandler: asyncHandler, isolation: isolation))
    }

    /// `BGTaskScheduler.submit(_:)` (see ``TaskStep/submit(_:earliestBegin:)``).
    public static func submit(_ request: TaskRequest, earliestBegin: VirtualDuration? = nil) -> Step {
        .task(.submit(request, earliestBegin: earliestBegin))
    }

    /// `cancel(taskRequestWithIdentifier:)` (see ``TaskStep/cancelTaskRequest(identifier:)``).
    public static func cancelTaskRequest(identifier: String) -> Step { .task(.cancelTaskRequest(identifier: identifier)) }

    /// `cancelAllTaskRequests()` (see ``TaskStep/cancelAllTaskRequests``).
    public static var cancelAllTaskRequests: Step { .task(.cancelAllTaskRequests) }

    /// Sets the launched task's expiration handler (see ``TaskStep/setTaskExpirationHandler(_:)``).
    public static func setTaskExpirationHandler(_ behavior: ExpirationBehavior) -> Step { .task(.setTaskExpirationHandler(behavior)) }

    /// `task.setTaskCompleted(success:)` (see ``TaskStep/setTaskCompleted(success:)``).
    public static func setTaskCompleted(success: SuccessValue) -> Step { .task(.setTaskCompleted(success: success)) }

    /// Tells the launched task's work to stop (see ``TaskStep/cancelWork``).
    public static var cancelWork: Step { .task(.cancelWork) }

    /// Stops the launch handler here if its work was cancelled (see ``TaskStep/stopIfCancelled``).
    public static var stopIfCancelled: Step { .task(.stopIfCancelled) }

    /// Code that must run on the main actor (see ``TaskStep/updateUI``).
    public static var updateUI: Step { .task(.updateUI) }
}
