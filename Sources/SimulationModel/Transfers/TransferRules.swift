/// The rules of background `URLSession` transfers.
extension Rules {
    /// The downloaded file was not moved before `didFinishDownloadingTo` returned.
    public static let downloadedFileNotMoved = Rule(
        id: "BGS043", name: "downloadedFileNotMoved", severity: .error, category: .appBug,
        categoryReason: "The app did not move the downloaded file before returning from didFinishDownloadingTo, after which the system deletes it.",
        summary: "urlSession(_:downloadTask:didFinishDownloadingTo:) returned without moving the downloaded file: the system deleted it, and the download is lost.",
        fix: "Move (or open) the file at location synchronously inside didFinishDownloadingTo, before returning; not from a block dispatched to another queue or the main actor.",
        source: "Apple, urlSession(_:downloadTask:didFinishDownloadingTo:): \"you must either open the file for reading or move it to a permanent location in your app's sandbox container directory before returning from this delegate method\"; NSURLSession.h: \"it will be removed when the delegate message returns\"")

    /// Relaunched for a background session's events, the app made no session with that identifier.
    public static let backgroundSessionNotRecreated = Rule(
        id: "BGS044", name: "backgroundSessionNotRecreated", severity: .error, category: .appBug,
        categoryReason: "The app did not recreate its background session when the system relaunched it for the session's events.",
        summary: "The app was woken or relaunched for a background session's events and did not create a session with that identifier in time: the delegate events (the downloaded files) were not delivered.",
        fix: "In handleEventsForBackgroundURLSession (or at launch), store the completion handler and create URLSession(configuration: .background(withIdentifier: identifier), delegate: ...) with the same fixed identifier and the same configuration.",
        source: "Apple, application(_:handleEventsForBackgroundURLSession:completionHandler:): \"use the provided identifier to create a new URLSessionConfiguration and URLSession object\"; research-urlsession-push.md B4")

    /// The stored completion handler of `handleEventsForBackgroundURLSession` was not called.
    public static let backgroundEventsCompletionNotCalled = Rule(
        id: "BGS045", name: "backgroundEventsCompletionNotCalled", severity: .warning, category: .appBug,
        categoryReason: "The app did not call the completion handler it was given in handleEventsForBackgroundURLSession.",
        summary: "The completion handler handleEventsForBackgroundURLSession gave the app was not called in time after the session's events.",
        fix: "Store the handler per session identifier and call it on the main queue from urlSessionDidFinishEvents(forBackgroundURLSession:).",
        source: "Apple, \"Downloading files in the background\": call the stored handler in urlSessionDidFinishEvents; \"Calling this completion handler lets the system know that your app's user interface is updated and a new snapshot can be taken\"; what happens if it is not is undocumented (assumed: the app stays running until its time runs out)")

    /// A transfer a force quit cancelled, never started again.
    public static let cancelledTransferNotRestarted = Rule(
        id: "BGS051", name: "cancelledTransferNotRestarted", severity: .warning, category: .appBug,
        categoryReason: "Only the app can start again a transfer the system cancelled; the error it receives says why it was cancelled.",
        summary: "A background transfer that a force quit cancelled (NSURLErrorCancelled with NSURLErrorBackgroundTaskCancelledReasonKey 0) was reported to the app in didCompleteWithError, and the app had not started it again when the run ended: the download is silently missing.",
        fix: "In urlSession(_:task:didCompleteWithError:), read NSURLErrorBackgroundTaskCancelledReasonKey from the error's userInfo: for NSURLErrorCancelledReasonUserForceQuitApplication (0), start the transfer again (the person is using the app, which just recreated its session); keep the list of wanted downloads so a cancelled one is not forgotten.",
        source: "Apple, URLSessionConfiguration.background(withIdentifier:): \"If an iOS app is terminated by the system and relaunched, the app can use the same identifier to create a new configuration object and session and to retrieve the status of transfers that were in progress at the time of termination. This behavior applies only for normal termination of the app by the system. If the user terminates the app from the multitasking screen, the system cancels all of the session's background transfers\"; NSURLErrorBackgroundTaskCancelledReasonKey and NSURLErrorCancelledReasonUserForceQuitApplication (URL Loading System error codes); Apple forums 14855 (Quinn: the app is told through the error on its next launch)")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let transfers: [Rule] = [
        downloadedFileNotMoved, backgroundSessionNotRecreated, backgroundEventsCompletionNotCalled, cancelledTransferNotRestarted,
    ]
}
