/// A background `URLSession`'s events: the app delegate's, then the session delegate's.
package enum TransferCallback: Sendable, Hashable {
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    case handleEventsForBackgroundURLSession(session: String)
    /// `urlSession(_:downloadTask:didFinishDownloadingTo:)` of transfer `transfer`: the file exists until it returns.
    case didFinishDownloading(session: String, transfer: Int)
    /// `urlSession(_:task:didCompleteWithError:)`, with the error's name if the transfer failed, and the error's
    /// `NSURLErrorBackgroundTaskCancelledReasonKey` when the system cancelled it (0: the person force quit the app).
    case didCompleteWithError(session: String, transfer: Int, error: String?, cancelledReason: Int? = nil)
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`.
    case urlSessionDidFinishEvents(session: String)

    /// The name the trace gives the callback (`app.callback`).
    package var name: String {
        switch self {
        case .handleEventsForBackgroundURLSession: "handleEventsForBackgroundURLSession"
        case .didFinishDownloading: "didFinishDownloadingTo"
        case .didCompleteWithError: "didCompleteWithError"
        case .urlSessionDidFinishEvents: "urlSessionDidFinishEvents"
        }
    }
}
