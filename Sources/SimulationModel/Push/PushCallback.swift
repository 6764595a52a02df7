/// The app delegate's silent push method.
package enum PushCallback: Sendable, Hashable {
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` for the service's push number `push`.
    case didReceiveRemoteNotification(push: Int)

    /// The name the trace gives the callback (`app.callback`).
    package var name: String {
        switch self {
        case .didReceiveRemoteNotification: "didReceiveRemoteNotification"
        }
    }
}
