/// The app delegate's and the scene delegate's lifecycle callbacks.
package enum LifecycleCallback: Sendable, Hashable {
    case didFinishLaunching
    case didBecomeActive
    case willResignActive
    case didEnterBackground
    case willEnterForeground
    case didReceiveMemoryWarning
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

    /// The name the trace gives the callback (`app.callback`).
    package var name: String {
        switch self {
        case .didFinishLaunching: "didFinishLaunching"
        case .didBecomeActive: "didBecomeActive"
        case .willResignActive: "willResignActive"
        case .didEnterBackground: "didEnterBackground"
        case .willEnterForeground: "willEnterForeground"
        case .didReceiveMemoryWarning: "didReceiveMemoryWarning"
        case .sceneWillConnect: "sceneWillConnect"
        case .sceneDidBecomeActive: "sceneDidBecomeActive"
        case .sceneWillResignActive: "sceneWillResignActive"
        case .sceneDidEnterBackground: "sceneDidEnterBackground"
        case .sceneWillEnterForeground: "sceneWillEnterForeground"
        }
    }

    /// Whether it is a scene delegate's callback.
    package var isScene: Bool {
        switch self {
        case .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground:
            true
        case .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground, .didReceiveMemoryWarning:
            false
        }
    }

    /// What UIKit calls instead in an app that uses scenes: the app delegate's lifecycle methods become the scene
    /// delegate's (TN3187's table); launching and memory warnings stay with the app delegate.
    var inSceneApp: LifecycleCallback {
        switch self {
        case .didBecomeActive: .sceneDidBecomeActive
        case .willResignActive: .sceneWillResignActive
        case .didEnterBackground: .sceneDidEnterBackground
        case .willEnterForeground: .sceneWillEnterForeground
        default: self
        }
    }
}
