import SimulationKernel
import Foundation
import SimulationModel

/// The look-alike of Foundation's `NSURLSessionTransferSizeUnknown`: the size of a transfer the client does not know.
public let NSURLSessionTransferSizeUnknown: Int64 = -1

/// The look-alike of Foundation's `URLSessionTask`: a task of a background session, handed to the system on `resume()`.
///
/// The system (the `BackgroundTransfers` service) holds the task from
/// `resume()` on: its bytes move out of process, and it outlives the process
/// that created it. A relaunched app's session object receives task objects
/// with the same ``taskIdentifier``.
public class URLSessionTask: @unchecked Sendable {
    /// The size bgsim assumes for a download whose ``countOfBytesClientExpectsToReceive`` is unknown: 1 MB
    /// (assumed; the model needs a size to time the transfer, and the server's is not known to it).
    static let assumedDownloadSize: Int64 = 1_000_000

    /// The task's number, unique within its session (it goes on counting in a relaunched process).
    public let taskIdentifier: Int
    /// The request the task was created with.
    public let originalRequest: URLRequest?
    /// The earliest date the system may start the transfer; nil: as soon as it can. Set before `resume()`.
    public var earliestBeginDate: Date?
    /// How many bytes the app expects the server to send: bgsim transfers that many. Set before `resume()`; while it
    /// is ``NSURLSessionTransferSizeUnknown`` (the default) bgsim assumes 1 MB (assumed).
    public var countOfBytesClientExpectsToReceive: Int64 = NSURLSessionTransferSizeUnknown

    /// The session that made the task: held, as Foundation's tasks hold theirs, so a task outlives the app's reference.
    let session: URLSession
    /// The daemon's number for the transfer, once resumed (or when rebuilt in a relaunched process).
    var transfer: Int?
    private var cancelled = false

    init(session: URLSession, taskIdentifier: Int, request: URLRequest?, transfer: Int? = nil) {
        self.session = session
        self.taskIdentifier = taskIdentifier
        self.originalRequest = request
        self.transfer = transfer
    }

    /// Starts the task: the system takes the transfer. A second call, or a call after `cancel()`, does nothing.
    public func resume() {
        guard transfer == nil, !cancelled,
              let process = SimulatedCall.process(session.reference.process, "URLSessionTask.resume()"),
              let identifier = session.configuration.identifier
        else { return }
        let now = process.kernel.now
        let request = TransferRequest(
            session: identifier,
            bytes: countOfBytesClientExpectsToReceive > 0 ? countOfBytesClientExpectsToReceive : Self.assumedDownloadSize,
            earliestBegin: earliestBeginDate.map { VirtualClock.instant(of: $0, now: now) },
            taskIdentifier: taskIdentifier, url: originalRequest?.url?.absoluteString)
        transfer = process.system.service(BackgroundTransfers.self).startDownload(request, in: process)
        if transfer == nil {
            process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                process: process.number, step: "URLSessionTask.resume()", why: "this process has no background session \(identifier)"))))
        }
    }

    /// Cancels the task: the delegate hears `didCompleteWithError` with `NSURLErrorCancelled` when the session's
    /// events are delivered. (A task never resumed is only marked: the system never held it.)
    public func cancel() {
        cancelled = true
        guard let transfer, let process = SimulatedCall.process(session.reference.process, "URLSessionTask.cancel()") else { return }
        process.system.service(BackgroundTransfers.self).cancelTransfer(transfer, in: process)
    }
}
