/// The look-alike of UIKit's `UIApplicationDelegate`: the app's code, called by the simulated system.
///
/// The requirements are Apple's, with Apple's signatures and isolation:
/// synchronous, on the main actor, each with an empty default (Apple's are
/// optional). A delegate written for iOS compiles unchanged:
///
/// ```swift
/// class AppDelegate: UIResponder, UIApplicationDelegate {
///     func application(_ application: UIApplication,
///                      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///         BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///             self.handleAppRefresh(task: task as! BGAppRefreshTask)
///         }
///         return true
///     }
///
///     func applicationDidEnterBackground(_ application: UIApplication) {
///         scheduleAppRefresh()
///     }
/// }
/// ```
///
/// bgsim calls each method on the process's main lane, one at a time, as
/// UIKit calls its delegate on the main thread. A synchronous method cannot
/// wait on virtual time: to give it a cost, call
/// `application.simulateWork(for:)`, which keeps the main lane busy that long
/// after the method returns. To await virtual time inside a callback, conform
/// to ``SimulatedApplicationDelegate`` instead; bgsim prefers its `async`
/// methods.
///
/// A method whose signature differs from Apple's (another options type, no
/// `-> Bool`, `async`) is not a requirement's implementation, so it is never
/// called, as on iOS. Swift does not warn about it; run
/// `DelegateSignatureCheck` (module SimulationTesting) over the app's sources
/// to find such near misses.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The process finished launching; return false if the app cannot handle the launch options.
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    /// The process is launching: called before `application(_:didFinishLaunchingWithOptions:)`.
    func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    /// The app became active in the foreground.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// The app is about to stop being active.
    func applicationWillResignActive(_ application: UIApplication)
    /// The app is now in the background; it has about five seconds to return.
    func applicationDidEnterBackground(_ application: UIApplication)
    /// The app is about to come back to the foreground.
    func applicationWillEnterForeground(_ application: UIApplication)
    /// The system is short of memory.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    /// The app is about to be terminated (not called when it is killed while suspended).
    func applicationWillTerminate(_ application: UIApplication)
    /// A remote notification arrived: call `completionHandler` within 30 seconds, or the app is terminated.
    ///
    /// Called in the foreground for any push, and in the background (the app
    /// woken or launched) for a push with `content-available: 1` when
    /// `UIBackgroundModes` has `remote-notification`. `userInfo` is the
    /// payload (`["aps": ["content-available": 1]]`).
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    /// The background session `identifier`'s transfers are all done and the app was woken or launched for them:
    /// store `completionHandler`, recreate the session with `identifier`, and call the handler from
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`.
    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void)
}

extension UIApplicationDelegate {
    /// Returns true.
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    /// Returns true.
    public func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillResignActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillTerminate(_ application: UIApplication) {}
    /// Does nothing: the completion handler is never called, and the system terminates the app after 30 seconds
    /// (as iOS would, had the app declared `remote-notification` without implementing the method).
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {}
    /// Does nothing: the handler is never called.
    public func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void) {}

    /// The entry point `@main` gives an app delegate; a simulated app is started by `Simulation`, not run.
    ///
    /// It lets a delegate marked `@main` (Apple's samples) compile in an
    /// executable target; running it prints how to start the app instead.
    public static func main() {
        print("A simulated app is started by bgsim: pass its delegate to Simulation(scenario:app:) and run the simulation.")
    }
}
