import SimulationKernel

/// The profile parameters of silent (background) push.
extension PlatformProfile {
    /// What the device does with a background push sent with `apns-priority: 10`.
    public enum Priority10Policy: String, Sendable, Hashable, CaseIterable {
        /// Not delivered (node-apn #241: the app did not wake; Apple: "Using priority 10 is an error").
        case drop
        /// Delivered as a low-priority push (forum thread 745345, 2024: the app woke).
        case deliverAsLowPriority
    }

    /// How long the silent push handler has to call its completion handler.
    public var pushHandlerBudget: VirtualDuration {
        get { self[duration: .pushHandlerBudget] }
        set { self[duration: .pushHandlerBudget] = newValue }
    }
    /// How many background pushes the system delivers in any hour.
    public var pushMaxPerHour: Int64 {
        get { self[.pushMaxPerHour] }
        set { self[.pushMaxPerHour] = newValue }
    }
    /// What the device does with a background push sent with priority 10.
    public var pushPriority10Policy: Priority10Policy {
        get { choice(.pushPriority10Policy) }
        set { self[.pushPriority10Policy] = newValue.profileIndex }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let pushParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .pushHandlerBudget,
            defaultValue: .seconds(30),
            meaning: "How long application(_:didReceiveRemoteNotification:fetchCompletionHandler:) has to call its completion handler before the system terminates the app.",
            source: "Apple, application(_:didReceiveRemoteNotification:fetchCompletionHandler:): \"Your app has up to 30 seconds of wall-clock time to process the notification and call the specified completion handler block\"; \"Pushing background updates to your App\": \"Your app has 30 seconds\".",
            isAssumed: false, feature: .push),
        ParameterInfo(
            key: .pushMaxPerHour,
            defaultValue: 3,
            meaning: "How many background pushes the system delivers to the app in any hour; more are held (the newest only) until the hour allows one.",
            source: "Apple, \"Pushing background updates to your App\": \"don't try to send more than two or three per hour\" and \"the system may throttle the delivery of background notifications if the total number becomes excessive\"; the exact limit depends on \"current conditions\" (assumed: 3, a sliding hour).",
            isAssumed: true, unit: .count, feature: .push),
        ParameterInfo(
            key: .pushPriority10Policy,
            defaultValue: Priority10Policy.drop.profileIndex,
            meaning: "What the device does with a background push sent with apns-priority 10: drop (not delivered) or deliverAsLowPriority (delivered as a priority 5 push). The diagnostic is raised either way.",
            source: "Sources disagree (docs/system-policy.md): Apple, \"Sending notification requests to APNs\": \"Always use priority 5. Using priority 10 is an error\"; node-apn #241 (2015) saw such a push not wake the app, forum thread 745345 (2024) saw it wake the app. Assumed: drop.",
            isAssumed: true, unit: .choice, choices: Priority10Policy.allCases.map(\.rawValue), feature: .push),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/pushHandlerBudget``.
    public static let pushHandlerBudget = Self("pushHandlerBudget")
    /// The key of ``PlatformProfile/pushMaxPerHour``.
    public static let pushMaxPerHour = Self("pushMaxPerHour")
    /// The key of ``PlatformProfile/pushPriority10Policy``.
    public static let pushPriority10Policy = Self("pushPriority10Policy")
}
