/// The app's code as the model calls it: the system's callbacks into one process.
///
/// The look-alike `UIApplicationDelegate` is adapted to it (module
/// PlatformLookalikes), and so is the scenario interpreter, which is a
/// delegate too: the model knows neither.
package protocol AppCode: AnyObject, Sendable {
    /// Runs the app's code for `callback`, on the process's main lane.
    func run(_ callback: AppCallback) async
}

/// A callback the system makes into the app.
package enum AppCallback: Sendable, Hashable {
    case didFinishLaunching
    case didBecomeActive
    case willResignActive
    case didEnterBackground
    case willEnterForeground
    case didReceiveMemoryWarning
    /// bgsim: the person did something in the app's UI (a scenario's `tap`).
    case userAction(String)
    /// `scene(_:willConnectTo:options:)`: the app's scene connects (after launch finished; TN3187).
    case sceneWillConnect
    /// `sceneDidBecomeActive(_:)`, in place of `applicationDidBecomeActive(_:)` for an app that uses scenes.
    case sceneDidBecomeActive
    /// `sceneWillResignActive(_:)`, in place of `applicationWillResignActive(_:)`.
    case sceneWillResignActive
    /// `sceneDidEnterBackground(_:)`, in place of `applicationDidEnterBackground(_:)`.
    case sceneDidEnterBackground
    /// `sceneWillEnterForeground(_:)`, in place of `applicationWillEnterForeground(_:)`.
    case sceneWillEnterForeground
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` for the service's push number `push`.
    case didReceiveRemoteNotification(push: Int)
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    case handleEventsForBackgroundURLSession(session: String)
    /// `urlSession(_:downloadTask:didFinishDownloadingTo:)` of transfer `transfer`: the file exists until it returns.
    case didFinishDownloading(session: String, transfer: Int)
    /// `urlSession(_:task:didCompleteWithError:)`, with the error's name if the transfer failed.
    case didCompleteWithError(session: String, transfer: Int, error: String?)
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`.
    case urlSessionDidFinishEvents(session: String)

    /// The name the trace gives the callback (`app.callback`).
    package var name: String {
        switch self {
        case .didFinishLaunching: "didFinishLaunching"
        case .didBecomeActive: "didBecomeActive"
        case .willResignActive: "willResignActive"
        case .didEnterBackground: "didEnterBackground"
        case .willEnterForeground: "willEnterForeground"
        case .didReceiveMemoryWarning: "didReceiveMemoryWarning"
        case .userAction(let name): "userAction:\(name)"
        case .sceneWillConnect: "sceneWillConnect"
        case .sceneDidBecomeActive: "sceneDidBecomeActive"
        case .sceneWillResignActive: "sceneWillResignActive"
        case .sceneDidEnterBackground: "sceneDidEnterBackground"
        case .sceneWillEnterForeground: "sceneWillEnterForeground"
        case .didReceiveRemoteNotification: "didReceiveRemoteNotification"
        case .handleEventsForBackgroundURLSession: "handleEventsForBackgroundURLSession"
        case .didFinishDownloading: "didFinishDownloadingTo"
        case .didCompleteWithError: "didCompleteWithError"
        case .urlSessionDidFinishEvents: "urlSessionDidFinishEvents"
        }
    }

    /// What UIKit calls instead in an app that uses scenes: the app delegate's lifecycle methods become the scene
    /// delegate's (TN3187's table); launching and memory warnings stay with the app delegate.
    package var inSceneApp: AppCallback {
        switch self {
        case .didBecomeActive: .sceneDidBecomeActive
        case .willResignActive: .sceneWillResignActive
        case .didEnterBackground: .sceneDidEnterBackground
        case .willEnterForeground: .sceneWillEnterForeground
        default: self
        }
    }
}

/// Makes the app's code for each new process: a relaunch starts from nothing.
package typealias AppCodeFactory = @Sendable (AppProcess) -> any AppCode
