import Foundation
import SimulationKernel
import SimulationModel

/// The look-alike of BackgroundTasks' `BGTaskScheduler`, resolved per simulation.
///
/// `BGTaskScheduler.shared` acts on the app process whose code is calling,
/// never on a process-wide singleton, so simulations can run side by side;
/// an app may keep it (`let scheduler = BGTaskScheduler.shared`) from its
/// delegate's initializer on, as WordPress does.
///
/// ```swift
/// BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     task.expirationHandler = { task.setTaskCompleted(success: false) }
///     task.setTaskCompleted(success: true)
/// }
/// ```
///
/// The signatures are Apple's. One addition is invisible to callers: the
/// launch handler is `@isolated(any)`, so that bgsim can see a main-actor
/// closure registered with `using: nil` and report it (`Rules.mainActorCodeOffMain`):
/// on iOS, in an app built in the Swift 6 language mode, that closure traps
/// when the scheduler calls it on its background queue.
public final class BGTaskScheduler: @unchecked Sendable {
    /// The wall-clock date of virtual instant zero: `Date()` in simulated app code counts from it.
    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// The model's process this object belongs to; nil for `shared`, which acts on the process that calls it.
    let reference: ProcessReference

    init(process: AppProcess?) {
        self.reference = ProcessReference(process)
    }

    private static let resolving = BGTaskScheduler(process: nil)

    /// The scheduler of the app process whose code is running.
    public class var shared: BGTaskScheduler { resolving }

    private func process(_ api: @autoclosure () -> String) -> AppProcess? {
        SimulatedCall.process(reference.process, api())
    }

    /// The extra resources continued processing tasks may require on this device (iOS 26).
    ///
    /// Contains `.gpu` when the scenario's device supports background GPU use
    /// (`supportsBackgroundGPU`); empty before iOS 26, and outside simulated app code.
    public class var supportedResources: BGContinuedProcessingTaskRequest.Resources {
        guard let process = SimulatedCall.process(nil, "BGTaskScheduler.supportedResources"),
              process.profile.supportsContinuedProcessing, process.system.snapshot.conditions.supportsBackgroundGPU
        else { return [] }
        return .gpu
    }

    /// The current virtual time as a date: the same as `Date()` in simulated app code.
    public var now: Date {
        guard let process = process("BGTaskScheduler.now") else { return Date(timeIntervalSinceReferenceDate: Date.timeIntervalSinceReferenceDate) }
        return VirtualClock.date(at: process.kernel.now)
    }

    /// Registers the launch handler of a task identifier; only before the app finishes launching.
    ///
    /// Returns false when the identifier is not permitted. The handler runs
    /// on the main lane when `queue` is `.main`, on the queue's lane when it is
    /// a serial queue of the app's, otherwise on a background lane of its
    /// own. Continued processing handlers (an identifier under a wildcard
    /// entry, or the wildcard entry itself) may be registered at any time.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?,
        launchHandler: @escaping @isolated(any) (BGTask) -> Void
    ) -> Bool {
        guard let process = process("BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)") else { return false }
        let placement = queue?.placement(in: process) ?? .background
        let onMain = placement == .main
        let mainActorClosure = launchHandler.isolation === MainActor.shared
        let handler = UncheckedSendable(launchHandler)
        let registration = TaskRegistration(
            onMainLane: onMain, lane: placement.lane, completesWhenHandlerReturns: false
        ) { [weak process] task in
            guard let process else { return }
            let object = BGTask.lookalike(of: task, in: process)
            if mainActorClosure && !onMain {
                process.diagnose(
                    Rules.mainActorCodeOffMain, subject: "launch handler of \(identifier)",
                    message: "the launch handler of \(identifier) is a main-actor closure registered with a background queue: "
                        + "on iOS, in an app built in the Swift 6 language mode, it traps when BGTaskScheduler calls it "
                        + "(_dispatch_assert_queue_fail); register it with using: .main, or make the closure nonisolated")
            }
            await process.runSynchronousAppCode("the launch handler of \(task.identifier)", breaker: object.expirationHandlerForWatchdog) {
                await handler.value(object)
            }
        }
        return process.register(identifier: identifier, registration: registration)
    }

    /// The scenario interpreter's `register`: its launch handler is steps that may take virtual time, on the main
    /// lane or a background one, and may complete the task when they end (the scenario's `async` handlers).
    @discardableResult
    package func register(
        forTaskWithIdentifier identifier: String, onMainLane: Bool, completesWhenHandlerReturns: Bool,
        simulatedHandler: @escaping @Sendable (BGTask) async -> Void
    ) -> Bool {
        guard let process = process("BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)") else { return false }
        return process.register(identifier: identifier, registration: TaskRegistration(
            onMainLane: onMainLane, completesWhenHandlerReturns: completesWhenHandlerReturns,
            handler: { [weak process] task in
                guard let process else { return }
                await simulatedHandler(BGTask.lookalike(of: task, in: process))
            }))
    }

    /// bgsim: registers an async handler in the style of SwiftUI's `.backgroundTask(.appRefresh(_:))`:
    /// the task completes when the handler returns, and expiration cancels it.
    @discardableResult
    public func register(forTaskWithIdentifier identifier: String, action: @escaping @Sendable () async -> Void) -> Bool {
        guard let process = process("BGTaskScheduler.register(forTaskWithIdentifier:action:)") else { return false }
        return process.register(identifier: identifier, registration: TaskRegistration(
            onMainLane: false, completesWhenHandlerReturns: true, handler: { _ in await action() }))
    }

    /// Asks the system to run a task later; replaces a pending request with the same identifier.
    ///
    /// Throws ``Error`` with the platform's code when the system refuses it,
    /// and `.unavailable` outside simulated app code.
    public func submit(_ taskRequest: BGTaskRequest) throws {
        guard let process = process("BGTaskScheduler.submit(_:)") else { throw Error(.unavailable) }
        do {
            try process.system.service(TaskScheduler.self).submit(taskRequest.model(now: process.kernel.now), from: process)
        } catch {
            throw Error(Error.Code(rawValue: error.rawValue) ?? .unavailable)
        }
    }

    /// Cancels a pending request.
    public func cancel(taskRequestWithIdentifier identifier: String) {
        guard let process = process("BGTaskScheduler.cancel(taskRequestWithIdentifier:)") else { return }
        process.system.service(TaskScheduler.self).cancel(identifier: identifier, from: process)
    }

    /// Cancels every pending request of the app.
    public func cancelAllTaskRequests() {
        guard let process = process("BGTaskScheduler.cancelAllTaskRequests()") else { return }
        process.system.service(TaskScheduler.self).cancelAll(from: process)
    }

    /// Hands the pending requests to `completionHandler`, later, off the caller's lane (Apple: "The handler may
    /// execute on a background thread").
    public func getPendingTaskRequests(completionHandler: @escaping ([BGTaskRequest]) -> Void) {
        guard let process = process("BGTaskScheduler.getPendingTaskRequests(completionHandler:)") else {
            completionHandler([])
            return
        }
        let requests = process.system.service(TaskScheduler.self).pendingRequests.map(BGTaskRequest.lookalike(of:))
        let handler = UncheckedSendable(completionHandler)
        let answer = UncheckedSendable(requests)
        process.spawn("getPendingTaskRequests completion") { [weak process] in
            await process?.runSynchronousAppCode("the completion handler of getPendingTaskRequests") {
                handler.value(answer.value)
            }
        }
    }

    /// The pending requests (the async form of `getPendingTaskRequests`).
    public func pendingTaskRequests() async -> [BGTaskRequest] {
        guard let process = process("BGTaskScheduler.pendingTaskRequests()") else { return [] }
        return process.system.service(TaskScheduler.self).pendingRequests.map(BGTaskRequest.lookalike(of:))
    }
}

extension BGTaskScheduler {
    /// The scheduler of the process `application` belongs to: what `shared` is for that process's code.
    package static func scheduler(of application: UIApplication) -> BGTaskScheduler {
        guard let app = application.reference.process?.appCode as? UIKitApp else { return resolving }
        return app.scheduler
    }
}
