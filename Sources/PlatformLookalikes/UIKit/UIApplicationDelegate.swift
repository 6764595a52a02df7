/// The app's code, called by the simulated system: the look-alike of UIKit's `UIApplicationDelegate`.
///
/// Methods are `async` so that app code can spend virtual time (for
/// example `try await application.simulateWork(for: .seconds(2))`); each
/// runs on the app's main lane, one at a time, as UIKit calls its delegate
/// on the main thread. Every method has an empty default.
public protocol UIApplicationDelegate: AnyObject, Sendable {
    /// The process finished launching.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: String]) async
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
    /// bgsim: the person did something in the app's UI (a scenario's `tap`).
    func application(_ application: UIApplication, performUserAction name: String) async
}

extension UIApplicationDelegate {
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: String]) async {}
    public func applicationDidBecomeActive(_ application: UIApplication) async {}
    public func applicationWillResignActive(_ application: UIApplication) async {}
    public func applicationDidEnterBackground(_ application: UIApplication) async {}
    public func applicationWillEnterForeground(_ application: UIApplication) async {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) async {}
    public func application(_ application: UIApplication, performUserAction name: String) async {}
}
