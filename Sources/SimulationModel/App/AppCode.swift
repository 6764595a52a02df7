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
        }
    }
}

/// Makes the app's code for each new process: a relaunch starts from nothing.
package typealias AppCodeFactory = @Sendable (AppProcess) -> any AppCode
