import Foundation
import SimulationModel

/// The look-alike of Foundation's `URLSession`, for background sessions: transfers the system carries on while the
/// app is suspended or terminated.
///
/// In simulated app code, creating a session with a background
/// configuration creates (or, after a relaunch, recreates) the session in
/// the `BackgroundTransfers` service for the calling process; the system
/// then hands the session's finished transfers to this object's delegate.
/// Outside simulated app code the object is inert: its tasks never run.
///
/// ```swift
/// let session = URLSession(
///     configuration: .background(withIdentifier: "com.example.podcasts.downloads"), delegate: self, delegateQueue: nil)
/// let task = session.downloadTask(with: episodeURL)
/// task.countOfBytesClientExpectsToReceive = 60_000_000
/// task.resume()
/// ```
///
/// The delegate's methods run on the app's main lane, one at a time, as the
/// service delivers the events (not on `delegateQueue`).
public final class URLSession: @unchecked Sendable {
    /// The configuration the session was created with.
    public let configuration: URLSessionConfiguration
    /// The delegate the session calls, held strongly as Foundation does until the session is invalidated.
    public let delegate: (any URLSessionDelegate)?
    /// The queue given at creation, or a serial queue of the session's; bgsim calls the delegate on the main lane.
    public let delegateQueue: OperationQueue
    /// A description of the session for the app's own use.
    public var sessionDescription: String?

    /// The process that created the session: its tasks are that process's.
    let reference: ProcessReference
    /// The task objects of this session object: made by the app, or rebuilt for events of an earlier process's tasks.
    private var tasks: [URLSessionTask] = []
    private var nextTaskIdentifier = 1

    /// Creates a session; with a background configuration, in simulated app code, the system's session of that
    /// identifier is now this process's (a relaunched app recreates its session this way).
    public init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?, delegateQueue queue: OperationQueue?) {
        self.configuration = configuration
        self.delegate = delegate
        if let queue {
            self.delegateQueue = queue
        } else {
            let serial = OperationQueue()
            serial.maxConcurrentOperationCount = 1
            self.delegateQueue = serial
        }
        let process = SimulatedCall.process(nil, "URLSession(configuration:delegate:delegateQueue:)")
        self.reference = ProcessReference(process)
        guard let process, let identifier = configuration.identifier else { return }
        let transfers = process.system.service(BackgroundTransfers.self)
        // Numbering goes on from the tasks an earlier process of the app started in this session.
        nextTaskIdentifier = (transfers.requests(in: identifier).map(\.request.taskIdentifier).max() ?? 0) + 1
        let application = UIKitApp.applicationUnderConstruction ?? (process.appCode as? UIKitApp)?.application
        application?.backgroundSessions.removeAll { $0.configuration.identifier == identifier }
        application?.backgroundSessions.append(self)
        transfers.createSession(
            BackgroundSessionConfiguration(
                identifier: identifier, isDiscretionary: configuration.isDiscretionary,
                sendsLaunchEvents: configuration.sessionSendsLaunchEvents),
            in: process)
    }

    /// A download task for `url`; it starts on `resume()`.
    public func downloadTask(with url: URL) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url))
    }

    /// A download task for `request`; it starts on `resume()`.
    public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        let task = URLSessionDownloadTask(session: self, taskIdentifier: nextTaskIdentifier, request: request)
        nextTaskIdentifier += 1
        tasks.append(task)
        return task
    }

    /// The task object of transfer `transfer`: the one this object made, or one rebuilt from what the system kept.
    private func task(for transfer: Int) -> URLSessionTask? {
        if let found = tasks.first(where: { $0.transfer == transfer }) { return found }
        guard let identifier = configuration.identifier, let process = reference.process,
              let request = process.system.service(BackgroundTransfers.self).requests(in: identifier).first(where: { $0.transfer == transfer })?.request
        else { return nil }
        // A scenario's downloadTask step has no task identifier: the transfer's number stands in.
        let rebuilt = URLSessionDownloadTask(
            session: self, taskIdentifier: request.taskIdentifier > 0 ? request.taskIdentifier : transfer,
            request: request.url.flatMap { URL(string: $0) }.map { URLRequest(url: $0) }, transfer: transfer)
        rebuilt.countOfBytesClientExpectsToReceive = request.bytes
        tasks.append(rebuilt)
        return rebuilt
    }

    // MARK: Delivering the service's events

    /// The delegate method a session event calls, with its name for the watchdog; nil when the process has no session
    /// object of that identifier, or its delegate does not implement the protocol of the method.
    static func delegateCall(for callback: TransferCallback, in application: UIApplication) -> (name: String, body: @Sendable () -> Void)? {
        switch callback {
        case .didFinishDownloading(let identifier, let transfer):
            guard let session = application.backgroundSession(identifier),
                  let delegate = session.delegate as? any URLSessionDownloadDelegate,
                  let task = session.task(for: transfer) as? URLSessionDownloadTask
            else { return nil }
            let location = URLSessionDownloadTask.temporaryLocation(of: transfer)
            return ("urlSession(_:downloadTask:didFinishDownloadingTo:)", {
                delegate.urlSession(session, downloadTask: task, didFinishDownloadingTo: location)
            })
        case .didCompleteWithError(let identifier, let transfer, let error, let reason):
            guard let session = application.backgroundSession(identifier),
                  let delegate = session.delegate as? any URLSessionTaskDelegate,
                  let task = session.task(for: transfer)
            else { return nil }
            return ("urlSession(_:task:didCompleteWithError:)", {
                delegate.urlSession(session, task: task, didCompleteWithError: error.map { Self.error($0, cancelledReason: reason) })
            })
        case .urlSessionDidFinishEvents(let identifier):
            guard let session = application.backgroundSession(identifier), let delegate = session.delegate else { return nil }
            return ("urlSessionDidFinishEvents(forBackgroundURLSession:)", {
                delegate.urlSessionDidFinishEvents(forBackgroundURLSession: session)
            })
        case .handleEventsForBackgroundURLSession:
            return nil
        }
    }

    /// `NSURLErrorDomain` codes of the errors the service names (Apple, URL Loading System Error Codes).
    private static let errorCodes: [String: Int] = [
        "NSURLErrorUnknown": -1, "NSURLErrorCancelled": -999, "NSURLErrorBadURL": -1000, "NSURLErrorTimedOut": -1001,
        "NSURLErrorCannotFindHost": -1003, "NSURLErrorCannotConnectToHost": -1004, "NSURLErrorNetworkConnectionLost": -1005,
        "NSURLErrorNotConnectedToInternet": -1009, "NSURLErrorBadServerResponse": -1011, "NSURLErrorCannotWriteToFile": -3003,
    ]

    /// The error the delegate receives for the service's description `text` ("NSURLErrorCancelled: why"), with
    /// `NSURLErrorBackgroundTaskCancelledReasonKey` when the system cancelled the transfer.
    private static func error(_ text: String, cancelledReason: Int?) -> any Error {
        let name = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? text
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: text]
        if let cancelledReason { userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] = cancelledReason }
        return NSError(domain: "NSURLErrorDomain", code: errorCodes[name] ?? -1, userInfo: userInfo)
    }
}
