import SimulationModel

/// bgsim: a `UIApplicationDelegate` whose callbacks are `async`, so that they can spend virtual time.
///
/// Apple's delegate methods are synchronous. To await inside a callback
/// (CPU work with `try await application.simulateWork(for:)`, a virtual
/// `Task.sleep`, a `BGTaskScheduler` request's `pendingTaskRequests()`),
/// conform to this protocol and implement the `async` methods you need: bgsim
/// calls them in place of the synchronous ones. Each default calls the
/// synchronous method of the same name, so a delegate can mix both.
///
/// ```swift
/// final class DraftSaver: SimulatedApplicationDelegate {
///     var task = UIBackgroundTaskIdentifier.invalid
///
///     func applicationDidEnterBackground(_ application: UIApplication) async {
///         task = application.beginBackgroundTask(withName: "Save draft") {
///             application.endBackgroundTask(self.task)
///             self.task = .invalid
///         }
///         try? await application.simulateWork(for: .seconds(3))
///         application.saveState(checkpoint: "draft")
///         application.endBackgroundTask(task)
///         task = .invalid
///     }
/// }
/// ```
///
/// Like Apple's, the requirements are main-actor isolated: a delegate's
/// methods run on the process's main lane as main-actor code (bgsim keeps
/// the main actor's work in the simulation). A `nonisolated` method also
/// satisfies them; bgsim's scenario interpreter is such a delegate. (A
/// nonisolated delegate writes `launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?`
/// in `application(_:didFinishLaunchingWithOptions:)`: the dictionary is not
/// `Sendable`, so it is handed over.)
public protocol SimulatedApplicationDelegate: UIApplicationDelegate {
    /// The process finished launching.
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?
    ) async -> Bool
    /// The app became active in the foreground.
    func applicationDidBecomeActive(_ application: UIApplication) async
    /// The app is about to stop being active.
    func applicationWillResignActive(_ application: UIApplication) async
    /// The app is now in the background; it has about five seconds to return.
    func applicationDidEnterBackground(_ application: UIApplication) async
    /// The app is about to come back to the foreground.
    func applicationWillEnterForeground(_ application: UIApplication) async
    /// The system is short of memory.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) async
    /// bgsim: the person did something in the app's UI (a scenario's `tap`); Apple has no such callback.
    func application(_ application: UIApplication, performUserAction name: String) async
    /// A remote notification arrived: call `completionHandler` within 30 seconds, or the app is terminated.
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: sending [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) async
    /// A background session's transfers are done: store the handler, recreate the session, call the handler later.
    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @Sendable () -> Void
    ) async
}

extension SimulatedApplicationDelegate {
    /// Calls the synchronous `application(_:didFinishLaunchingWithOptions:)`.
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?
    ) async -> Bool {
        let options = UncheckedSendable(launchOptions)
        let delegate = UncheckedSendable(self)
        return await UIKitApp.synchronously("application(_:didFinishLaunchingWithOptions:)", application, default: true) {
            delegate.value.application(application, didFinishLaunchingWithOptions: options.value)
        }
    }

    /// Calls the synchronous `applicationDidBecomeActive(_:)`.
    public func applicationDidBecomeActive(_ application: UIApplication) async {
        let delegate = UncheckedSendable(self)
        await UIKitApp.synchronously("applicationDidBecomeActive(_:)", application, default: ()) {
            delegate.value.applicationDidBecomeActive(application)
        }
    }

    /// Calls the synchronous `applicationWillResignActive(_:)`.
    public func applicationWillResignActive(_ application: UIApplication) async {
        let delegate = UncheckedSendable(self)
        await UIKitApp.synchronously("applicationWillResignActive(_:)", application, default: ()) {
            delegate.value.applicationWillResignActive(application)
        }
    }

    /// Calls the synchronous `applicationDidEnterBackground(_:)`.
    public func applicationDidEnterBackground(_ application: UIApplication) async {
        let delegate = UncheckedSendable(self)
        await UIKitApp.synchronously("applicationDidEnterBackground(_:)", application, default: ()) {
            delegate.value.applicationDidEnterBackground(application)
        }
    }

    /// Calls the synchronous `applicationWillEnterForeground(_:)`.
    public func applicationWillEnterForeground(_ application: UIApplication) async {
        let delegate = UncheckedSendable(self)
        await UIKitApp.synchronously("applicationWillEnterForeground(_:)", application, default: ()) {
            delegate.value.applicationWillEnterForeground(application)
        }
    }

    /// Calls the synchronous `applicationDidReceiveMemoryWarning(_:)`.
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) async {
        let delegate = UncheckedSendable(self)
        await UIKitApp.synchronously("applicationDidReceiveMemoryWarning(_:)", application, default: ()) {
            delegate.value.applicationDidReceiveMemoryWarning(application)
        }
    }

    /// Does nothing.
    public func application(_ application: UIApplication, performUserAction name: String) async {}

    /// Calls the synchronous `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: sending [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) async {
        let payload = UncheckedSendable(userInfo)
        let delegate = UncheckedSendable(self)
        await UIKitApp.synchronously("application(_:didReceiveRemoteNotification:fetchCompletionHandler:)", application, default: ()) {
            delegate.value.application(application, didReceiveRemoteNotification: payload.value, fetchCompletionHandler: completionHandler)
        }
    }

    /// Calls the synchronous `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    public func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @Sendable () -> Void
    ) async {
        let delegate = UncheckedSendable(self)
        await UIKitApp.synchronously("application(_:handleEventsForBackgroundURLSession:completionHandler:)", application, default: ()) {
            delegate.value.application(application, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
        }
    }
}
