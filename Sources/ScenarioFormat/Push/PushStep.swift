import SimulationModel

/// A step of silent push: what a `didReceiveRemoteNotification` handler does.
public enum PushStep: Sendable, Hashable {
    /// In a `didReceiveRemoteNotification` handler: calls its `fetchCompletionHandler` with the result.
    case callFetchCompletion(result: BackgroundFetchResult)
}

extension StepFormat {
    /// `callFetchCompletion`.
    static let pushSteps: [StepFormat] = [
        StepFormat("callFetchCompletion") { object in
            let c = try object.keys("result")
            return .push(.callFetchCompletion(result: BackgroundFetchResult(
                rawValue: try c.choice("result", among: BackgroundFetchResult.allCases.map(\.rawValue)))!))
        },
    ]
}

extension Step {
    /// Calls the push handler's `fetchCompletionHandler` (see ``PushStep/callFetchCompletion(result:)``).
    public static func callFetchCompletion(result: BackgroundFetchResult) -> Step {
        .push(.callFetchCompletion(result: result))
    }
}
