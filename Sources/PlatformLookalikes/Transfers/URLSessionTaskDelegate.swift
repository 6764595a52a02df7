import Foundation

/// The look-alike of Foundation's `URLSessionTaskDelegate`: the end of each task.
public protocol URLSessionTaskDelegate: URLSessionDelegate {
    /// The task ended: `error` is nil when it finished, else an `NSURLErrorDomain` error (`NSURLErrorCancelled` for
    /// a cancelled task or after a force quit, or the error the scenario gave).
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
}

extension URLSessionTaskDelegate {
    /// Does nothing (the method is optional).
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}
}
