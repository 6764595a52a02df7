import PlatformLookalikes
import SimulationModel

/// Silent push: the `didReceiveRemoteNotification` handler, and its completion.
extension ScenarioApp {
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: sending [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) async {
        // No handler in the scenario: the method is not implemented, so the handler is never called.
        var context = Context(lane: .main)
        context.fetchCompletion = completionHandler
        await run(.didReceiveRemoteNotification, application, context: context)
    }

    func perform(_ step: PushStep, in application: UIApplication, context: Context) {
        let process = application.process
        switch step {
        case .callFetchCompletion(let result):
            guard let completion = context.fetchCompletion else {
                return ignored("callFetchCompletion", because: "not in a didReceiveRemoteNotification handler", in: process)
            }
            let value: UIBackgroundFetchResult = switch result {
            case .newData: .newData
            case .noData: .noData
            case .failed: .failed
            }
            completion(value)
        }
    }
}
