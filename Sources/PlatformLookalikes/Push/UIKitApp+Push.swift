import SimulationModel

/// The silent push service's callback: `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
extension UIKitApp {
    func run(_ callback: PushCallback) async {
        switch callback {
        case .didReceiveRemoteNotification(let push):
            let handler = Self.fetchCompletionHandler(push: push, application)
            if let simulated {
                nonisolated(unsafe) let delegate = simulated
                await delegate.application(application, didReceiveRemoteNotification: Self.silentPushPayload, fetchCompletionHandler: handler)
                return
            }
            let delegate = UncheckedSendable(delegate)
            let application = self.application
            await Self.synchronously("application(_:didReceiveRemoteNotification:fetchCompletionHandler:)", application, default: ()) {
                delegate.value.application(application, didReceiveRemoteNotification: Self.silentPushPayload, fetchCompletionHandler: handler)
            }
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
}
