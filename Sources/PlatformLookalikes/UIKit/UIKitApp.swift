import SimulationModel

/// A `UIApplicationDelegate` as the model calls app code: one per process, with the process's `UIApplication`
/// and `BGTaskScheduler`.
///
/// `UIApplication.shared` and `BGTaskScheduler.shared` find these objects
/// through the process of the code that is calling, so simulations side by
/// side never share one. A ``SimulatedApplicationDelegate``'s `async`
/// methods are preferred; a plain delegate's synchronous methods run under
/// the watchdog, with the time they charge spent afterwards on the main lane.
package final class UIKitApp: AppCode, @unchecked Sendable {
    package let delegate: any UIApplicationDelegate
    /// The delegate again, when it is a ``SimulatedApplicationDelegate``; only ever called on the simulation's thread.
    private nonisolated(unsafe) let simulated: (any SimulatedApplicationDelegate)?
    package let application: UIApplication
    package let scheduler: BGTaskScheduler
    /// Whether the delegate is the app's own code (Swift written for iOS), rather than bgsim's scenario interpreter.
    private let isAppCode: Bool

    /// The application of the app being made, while its delegate's initializer runs: `UIApplication.shared` there.
    @TaskLocal static var applicationUnderConstruction: UIApplication?

    private init(process: AppProcess, isAppCode: Bool, makeDelegate: @MainActor () -> any UIApplicationDelegate) {
        self.application = MainActorCall.run { UIApplication(process: process) }
        self.scheduler = BGTaskScheduler(process: process)
        self.isAppCode = isAppCode
        let made = Self.$applicationUnderConstruction.withValue(application) {
            MainActorCall.run { UncheckedSendable(makeDelegate()) }
        }
        self.delegate = made.value
        self.simulated = made.value as? any SimulatedApplicationDelegate
    }

    /// Makes the app code of each new process from a fresh delegate.
    ///
    /// - Parameter isAppCode: False for bgsim's scenario interpreter, whose steps
    ///   are not Swift concurrency code: it runs exactly as before, with no
    ///   routing of tasks and main-actor work.
    package static func factory(
        isAppCode: Bool = true, _ makeDelegate: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
    ) -> AppCodeFactory {
        { process in
            if isAppCode { process.routeAppConcurrency() }
            return UIKitApp(process: process, isAppCode: isAppCode, makeDelegate: makeDelegate)
        }
    }

    package func run(_ callback: AppCallback) async {
        if simulated != nil {
            await runSimulated(callback)
            return
        }
        let delegate = UncheckedSendable(delegate)
        let application = self.application
        switch callback {
        case .didFinishLaunching:
            _ = await Self.synchronously("application(_:willFinishLaunchingWithOptions:)", application, default: true) {
                delegate.value.application(application, willFinishLaunchingWithOptions: nil)
            }
            _ = await Self.synchronously("application(_:didFinishLaunchingWithOptions:)", application, default: true) {
                delegate.value.application(application, didFinishLaunchingWithOptions: nil)
            }
        case .didBecomeActive:
            await Self.synchronously("applicationDidBecomeActive(_:)", application, default: ()) {
                delegate.value.applicationDidBecomeActive(application)
            }
        case .willResignActive:
            await Self.synchronously("applicationWillResignActive(_:)", application, default: ()) {
                delegate.value.applicationWillResignActive(application)
            }
        case .didEnterBackground:
            await Self.synchronously("applicationDidEnterBackground(_:)", application, default: ()) {
                delegate.value.applicationDidEnterBackground(application)
            }
        case .willEnterForeground:
            await Self.synchronously("applicationWillEnterForeground(_:)", application, default: ()) {
                delegate.value.applicationWillEnterForeground(application)
            }
        case .didReceiveMemoryWarning:
            await Self.synchronously("applicationDidReceiveMemoryWarning(_:)", application, default: ()) {
                delegate.value.applicationDidReceiveMemoryWarning(application)
            }
        case .userAction:
            break
        case .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground:
            // No look-alike UISceneDelegate yet: a plain app delegate hears only the application's callbacks.
            break
        case .didReceiveRemoteNotification(let push):
            let handler = Self.fetchCompletionHandler(push: push, application)
            await Self.synchronously("application(_:didReceiveRemoteNotification:fetchCompletionHandler:)", application, default: ()) {
                delegate.value.application(application, didReceiveRemoteNotification: Self.silentPushPayload, fetchCompletionHandler: handler)
            }
        case .handleEventsForBackgroundURLSession(let session):
            let handler = Self.eventsCompletionHandler(session: session, application)
            await Self.synchronously("application(_:handleEventsForBackgroundURLSession:completionHandler:)", application, default: ()) {
                delegate.value.application(application, handleEventsForBackgroundURLSession: session, completionHandler: handler)
            }
        case .didFinishDownloading, .didCompleteWithError, .urlSessionDidFinishEvents:
            await deliverToSession(callback)
        }
    }

    private func runSimulated(_ callback: AppCallback) async {
        nonisolated(unsafe) let delegate = simulated!
        switch callback {
        case .didFinishLaunching:
            if isAppCode {
                let plain = UncheckedSendable(self.delegate)
                let application = self.application
                _ = await Self.synchronously("application(_:willFinishLaunchingWithOptions:)", application, default: true) {
                    plain.value.application(application, willFinishLaunchingWithOptions: nil)
                }
            }
            _ = await delegate.application(application, didFinishLaunchingWithOptions: nil)
        case .didBecomeActive: await delegate.applicationDidBecomeActive(application)
        case .willResignActive: await delegate.applicationWillResignActive(application)
        case .didEnterBackground: await delegate.applicationDidEnterBackground(application)
        case .willEnterForeground: await delegate.applicationWillEnterForeground(application)
        case .didReceiveMemoryWarning: await delegate.applicationDidReceiveMemoryWarning(application)
        case .userAction(let name): await delegate.application(application, performUserAction: name)
        case .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground:
            // Until the look-alike UISceneDelegate exists (issue 12), only the scenario interpreter hears scene callbacks.
            await (delegate as? any SceneCallbackReceiver)?.scene(application, callback)
        case .didReceiveRemoteNotification(let push):
            await delegate.application(
                application, didReceiveRemoteNotification: Self.silentPushPayload,
                fetchCompletionHandler: Self.fetchCompletionHandler(push: push, application))
        case .handleEventsForBackgroundURLSession(let session):
            await delegate.application(
                application, handleEventsForBackgroundURLSession: session,
                completionHandler: Self.eventsCompletionHandler(session: session, application))
        case .didFinishDownloading, .didCompleteWithError, .urlSessionDidFinishEvents:
            if await deliverToSession(callback) { return }
            await (delegate as? any SessionEventReceiver)?.sessionEvent(application, callback)
        }
    }

    /// Calls the delegate of the look-alike `URLSession` the event is for, as a synchronous delegate method; false when
    /// the process's code created no such session object (the scenario interpreter never does).
    @discardableResult
    private func deliverToSession(_ callback: AppCallback) async -> Bool {
        guard let call = URLSession.delegateCall(for: callback, in: application) else { return false }
        await Self.synchronously(call.name, application, default: ()) { call.body() }
        return true
    }

    /// The completion handler `handleEventsForBackgroundURLSession` gives: it tells the transfer service.
    private static func eventsCompletionHandler(session: String, _ application: UIApplication) -> @Sendable () -> Void {
        let reference = application.reference
        return {
            guard let process = reference.process, process.acceptsAppCall("handleEventsForBackgroundURLSession completionHandler") else { return }
            process.system.service(BackgroundTransfers.self).eventsCompletionCalled(session: session, in: process)
        }
    }

    /// The payload a silent push carries: `aps` with only `content-available` (Apple, "Pushing background updates").
    private static var silentPushPayload: [AnyHashable: Any] { ["aps": ["content-available": 1]] }

    /// The `fetchCompletionHandler` of push `push`: it tells the push service the result, once or (a mistake) again.
    private static func fetchCompletionHandler(push: Int, _ application: UIApplication) -> @Sendable (UIBackgroundFetchResult) -> Void {
        let reference = application.reference
        return { result in
            guard let process = reference.process, process.acceptsAppCall("fetchCompletionHandler") else { return }
            let value: BackgroundFetchResult = switch result {
            case .newData: .newData
            case .noData: .noData
            case .failed: .failed
            }
            process.system.service(SilentPush.self).completionCalled(push: push, result: value, in: process)
        }
    }

    /// Runs a synchronous delegate method as the main thread would: under the watchdog, its charged time spent after.
    static func synchronously<T>(
        _ name: String, _ application: UIApplication, default value: T, _ body: @MainActor () -> T
    ) async -> T {
        guard let process = application.reference.process else { return value }
        var result = value
        await process.runSynchronousAppCode(name) {
            result = MainActorCall.run(body)
        }
        return result
    }
}

/// bgsim: a delegate that also hears a background session's delegate events (the scenario interpreter, whose steps
/// create no look-alike `URLSession`).
package protocol SessionEventReceiver: Sendable {
    /// Runs the app's code for a session event.
    func sessionEvent(_ application: UIApplication, _ callback: AppCallback) async
}

/// bgsim: a delegate that also handles the scene's lifecycle callbacks (the scenario interpreter).
package protocol SceneCallbackReceiver: Sendable {
    /// Runs the app's code for a scene callback.
    func scene(_ application: UIApplication, _ callback: AppCallback) async
}
