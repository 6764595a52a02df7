import Dispatch
import Foundation
import SimulationKernel
import SimulationModel

/// The look-alike of BackgroundTasks' `BGTaskScheduler`, resolved per simulation.
///
/// `BGTaskScheduler.shared` is the scheduler of the app process whose code
/// is calling, never a process-wide singleton, so simulations can run side
/// by side:
///
/// ```swift
/// BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     task.expirationHandler = { task.setTaskCompleted(success: false) }
///     task.setTaskCompleted(success: true)
/// }
/// ```
public final class BGTaskScheduler: @unchecked Sendable {
    /// The `BGTaskScheduler.Error` look-alike.
    public struct Error: Swift.Error, Sendable, Hashable {
        /// `BGTaskScheduler.Error.Code`.
        public enum Code: Int, Sendable, Hashable {
            case unavailable = 1
            case tooManyPendingTaskRequests = 2
            case notPermitted = 3
            case immediateRunIneligible = 4
        }

        /// Why the submission failed.
        public var code: Code
    }

    /// The wall-clock date of virtual instant zero: dates in requests are read against it.
    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// The model's process this object stands for.
    package unowned let process: AppProcess

    init(process: AppProcess) {
        self.process = process
    }

    /// The scheduler of the app process whose code is running.
    public static var shared: BGTaskScheduler {
        guard let process = TaskContext.current?.gate as? AppProcess, let app = process.appCode as? UIKitApp else {
            preconditionFailure("BGTaskScheduler.shared is only available inside simulated app code")
        }
        return app.scheduler
    }

    /// The extra resources continued processing tasks may require on this device (iOS 26).
    ///
    /// Contains `.gpu` when the scenario's device supports background GPU use
    /// (`supportsBackgroundGPU`); empty before iOS 26. Like ``shared``, it
    /// resolves to the simulation whose app code is calling.
    public static var supportedResources: BGContinuedProcessingTaskRequest.Resources {
        let process = shared.process
        guard process.profile.supportsContinuedProcessing, process.system.snapshot.conditions.supportsBackgroundGPU else { return [] }
        return .gpu
    }

    /// The current virtual time as a date from ``epoch``: use it instead of `Date()` in app code.
    public var now: Date {
        BGTaskScheduler.epoch.addingTimeInterval(Double(process.now) / 1_000_000_000)
    }

    /// Registers the launch handler of a task identifier; only before the app finishes launching.
    ///
    /// Returns false when the identifier is not permitted. The handler runs on
    /// the main lane when `queue` is `.main`, otherwise on a background lane.
    /// Continued processing handlers (an identifier under a wildcard entry,
    /// or the wildcard entry itself) may be registered at any time.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?,
        launchHandler: @escaping @Sendable (BGTask) -> Void
    ) -> Bool {
        process.register(identifier: identifier, registration: TaskRegistration(
            onMainLane: queue === DispatchQueue.main, completesWhenHandlerReturns: false,
            handler: { [process] task in launchHandler(BGTask.lookalike(of: task, in: process)) }))
    }

    /// The scenario interpreter's `register`: its launch handler is steps that may take virtual time, on the main
    /// lane or a background one, and may complete the task when they end (the scenario's `async` handlers).
    @discardableResult
    package func register(
        forTaskWithIdentifier identifier: String, onMainLane: Bool, completesWhenHandlerReturns: Bool,
        simulatedHandler: @escaping @Sendable (BGTask) async -> Void
    ) -> Bool {
        process.register(identifier: identifier, registration: TaskRegistration(
            onMainLane: onMainLane, completesWhenHandlerReturns: completesWhenHandlerReturns,
            handler: { [process] task in await simulatedHandler(BGTask.lookalike(of: task, in: process)) }))
    }

    /// bgsim: registers an async handler in the style of SwiftUI's `.backgroundTask(.appRefresh(_:))`:
    /// the task completes when the handler returns, and expiration cancels it.
    @discardableResult
    public func register(forTaskWithIdentifier identifier: String, action: @escaping @Sendable () async -> Void) -> Bool {
        process.register(identifier: identifier, registration: TaskRegistration(
            onMainLane: false, completesWhenHandlerReturns: true, handler: { _ in await action() }))
    }

    /// Asks the system to run a task later; replaces a pending request with the same identifier.
    public func submit(_ taskRequest: BGTaskRequest) throws {
        do {
            try process.system.service(TaskScheduler.self).submit(taskRequest.model(now: now), from: process)
        } catch {
            throw Error(code: Error.Code(rawValue: error.rawValue)!)
        }
    }

    /// Cancels a pending request.
    public func cancel(taskRequestWithIdentifier identifier: String) {
        process.system.service(TaskScheduler.self).cancel(identifier: identifier, from: process)
    }

    /// Cancels every pending request of the app.
    public func cancelAllTaskRequests() {
        process.system.service(TaskScheduler.self).cancelAll(from: process)
    }

    /// The identifiers and kinds of the pending requests.
    public func getPendingTaskRequests(completionHandler: @escaping @Sendable ([BGTaskRequest]) -> Void) {
        completionHandler(process.system.service(TaskScheduler.self).pendingRequests.map(BGTaskRequest.lookalike(of:)))
    }

    /// The pending requests (the async form of `getPendingTaskRequests`).
    public func pendingTaskRequests() async -> [BGTaskRequest] {
        await withCheckedContinuation { continuation in
            getPendingTaskRequests { continuation.resume(returning: $0) }
        }
    }
}

extension BGTaskScheduler {
    /// The scheduler of the process `application` belongs to: what `shared` is for that process's code.
    package static func scheduler(of application: UIApplication) -> BGTaskScheduler {
        guard let app = application.process.appCode as? UIKitApp else {
            preconditionFailure("a UIApplication whose process runs no UIKit app code")
        }
        return app.scheduler
    }
}
