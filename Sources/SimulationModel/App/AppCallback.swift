/// A callback the system makes into the app: one case per feature, each feature's callbacks in its folder.
package enum AppCallback: Sendable, Hashable {
    /// The app's and the scene's lifecycle.
    case lifecycle(LifecycleCallback)
    /// bgsim: the person did something in the app's UI (a scenario's `tap`).
    case userAction(String)
    /// A silent push's delegate method.
    case push(PushCallback)
    /// A background `URLSession`'s events.
    case transfer(TransferCallback)

    /// The name the trace gives the callback (`app.callback`).
    package var name: String {
        switch self {
        case .lifecycle(let callback): callback.name
        case .userAction(let name): "userAction:\(name)"
        case .push(let callback): callback.name
        case .transfer(let callback): callback.name
        }
    }

    /// What UIKit calls instead in an app that uses scenes (see ``LifecycleCallback/inSceneApp``).
    var inSceneApp: AppCallback {
        guard case .lifecycle(let callback) = self else { return self }
        return .lifecycle(callback.inSceneApp)
    }
}
