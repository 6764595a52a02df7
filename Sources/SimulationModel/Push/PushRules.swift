/// The rules of silent (background) push.
extension Rules {
    /// A background push sent with priority 10.
    public static let pushPriorityTooHigh = Rule(
        id: "BGS038", name: "pushPriorityTooHigh", severity: .error, category: .appBug,
        categoryReason: "The app's server sent a background push with priority 10.",
        summary: "A background push (apns-push-type background) was sent with apns-priority 10 (or without the header, which means 10): Apple calls this an error, and the device may not wake the app for it.",
        fix: "Send background pushes with apns-push-type: background and apns-priority: 5, always.",
        source: "Apple, \"Sending notification requests to APNs\": \"Always use priority 5. Using priority 10 is an error\" and \"If you omit this header, APNs sets the notification priority to 10\"; node-apn #241 (not woken at 10); research-urlsession-push.md P2")

    /// A content-available push for an app without the remote-notification background mode.
    public static let remoteNotificationModeMissing = Rule(
        id: "BGS039", name: "remoteNotificationModeMissing", severity: .error, category: .appBug,
        categoryReason: "The app's Info.plist lacks the remote-notification background mode.",
        summary: "A content-available push arrived while the app was not in the foreground, and Info.plist's UIBackgroundModes lacks remote-notification: the system does not wake or launch the app for it.",
        fix: "Add remote-notification to UIBackgroundModes (the Remote notifications background mode in Xcode).",
        source: "Apple, \"Pushing background updates to your App\": \"you must add the remote notifications background mode to your app\"; application(_:didReceiveRemoteNotification:fetchCompletionHandler:): \"if you enabled the remote notifications background mode, the system launches your app (or wakes it from the suspended state)\"")

    /// More background pushes than the system delivers in an hour.
    public static let pushThrottled = Rule(
        id: "BGS040", name: "pushThrottled", severity: .info, category: .systemNotice,
        categoryReason: "The system holds pushes back by budgets of its own, and late delivery can bunch a server's pushes that kept to Apple's advice.",
        summary: "More background pushes arrived in an hour than the system delivers: this one was held back, and a held push is replaced by the next one (only the newest is kept) or thrown away if the app is killed.",
        fix: "Send no more than two or three background pushes an hour, never one per data item; on each push fetch the current state from the server instead of relying on each push's contents.",
        source: "Apple, \"Pushing background updates to your App\": \"don't try to send more than two or three per hour\"; \"When the system receives a new background notification, it discards the older notification and only holds the newest one\"; \"If something force quits or kills the app, the system discards the held notification\"")

    /// The app's server sent more background pushes in an hour than Apple advises.
    public static let pushesSentTooOften = Rule(
        id: "BGS049", name: "pushesSentTooOften", severity: .warning, category: .appBug,
        categoryReason: "The app's server decides how many background pushes it sends; Apple's advice to senders is two or three an hour.",
        summary: "The app's server sent more background pushes in an hour than Apple advises (pushMaxPerHour, two or three), counted at the instants it sent them: the system throttles such a sender, holds its pushes back and keeps only the newest.",
        fix: "Send a background push only when there is something new to fetch, no more than two or three an hour: coalesce on the server (one push for everything since the last one) and fetch the current state when it arrives; for what the person must see at once, send an alert notification.",
        source: "Apple, \"Pushing background updates to your App\": \"the system may throttle the delivery of background notifications if the total number becomes excessive. The number of background notifications allowed by the system depends on current conditions, but don't try to send more than two or three per hour\"; the count is over any hour (a sliding one) of the sending instants, against the profile's pushMaxPerHour (3)")

    /// The push handler did not call its completion handler in time.
    public static let pushCompletionNotCalled = Rule(
        id: "BGS041", name: "pushCompletionNotCalled", severity: .error, category: .appBug,
        categoryReason: "The app did not call the push's completion handler within 30 seconds.",
        summary: "application(_:didReceiveRemoteNotification:fetchCompletionHandler:) did not call its completion handler within its 30 seconds (still working, or returned without calling it on some path): the system terminated the app.",
        fix: "Call the completion handler on every path (errors and early returns too) as soon as the work is done, and bound the work (a request timeout well under 30 s); report .newData, .noData or .failed truthfully.",
        source: "Apple, application(_:didReceiveRemoteNotification:fetchCompletionHandler:): \"you must call the block in the handler parameter or your app will be terminated. Your app has up to 30 seconds of wall-clock time\"; console \"the completion handler was never called\" (WordPress-iOS #4454, observed); exception code assumed 0x8badf00d")

    /// The push handler's completion handler called twice.
    public static let pushCompletionCalledTwice = Rule(
        id: "BGS042", name: "pushCompletionCalledTwice", severity: .error, category: .appBug,
        categoryReason: "The app called the push's completion handler twice.",
        summary: "A silent push handler's completion handler was called more than once.",
        fix: "Call fetchCompletionHandler exactly once: not once unconditionally and again from an asynchronous path, and not from both an SDK and the app.",
        source: "Observed: crash on iOS 14 when app delegate completion methods are called more than once (firebase-ios-sdk PR #6863); \"this request has been neutered - you can't call -sendResponse: twice\" (OneSignal #148); research-urlsession-push.md P5")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let push: [Rule] = [
        pushPriorityTooHigh, remoteNotificationModeMissing, pushThrottled, pushCompletionNotCalled,
        pushCompletionCalledTwice, pushesSentTooOften,
    ]
}
