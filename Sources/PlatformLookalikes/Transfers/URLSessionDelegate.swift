import Foundation

/// The look-alike of Foundation's `URLSessionDelegate`: the session-level events of a background session.
///
/// bgsim calls a session's delegate on the app's main lane, whatever
/// `delegateQueue` the session was given: one serial order, fixed by the
/// model (on iOS the calls are serialized on the delegate queue).
public protocol URLSessionDelegate: NSObjectProtocol, Sendable {
    /// All the events the system held for the background session have been delivered: call the completion handler
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` gave, on the main queue.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession)
}

extension URLSessionDelegate {
    /// Does nothing (the method is optional).
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
}
