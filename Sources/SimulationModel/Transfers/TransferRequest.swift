import SimulationKernel

/// A background session's configuration, as `URLSessionConfiguration.background(withIdentifier:)` makes it.
public struct BackgroundSessionConfiguration: Sendable, Hashable {
    /// The session's identifier: a fixed string the app uses again to recreate the session after a relaunch.
    public var identifier: String
    /// `isDiscretionary`: the system may wait for better conditions (Wi-Fi and power, assumed). Default false.
    public var isDiscretionary: Bool
    /// `sessionSendsLaunchEvents`: the system wakes or launches the app when the session's tasks finish. Default true.
    public var sendsLaunchEvents: Bool

    /// A configuration with Apple's defaults.
    public init(identifier: String, isDiscretionary: Bool = false, sendsLaunchEvents: Bool = true) {
        self.identifier = identifier
        self.isDiscretionary = isDiscretionary
        self.sendsLaunchEvents = sendsLaunchEvents
    }
}

/// A download task of a background session, as the app creates and resumes it.
package struct TransferRequest: Sendable, Hashable {
    /// The session the task belongs to.
    package var session: String
    /// How many bytes the server sends (`countOfBytesClientExpectsToReceive`; in bgsim, the file's size).
    package var bytes: Int64
    /// `earliestBeginDate` on the run's clock; nil: no start delay.
    package var earliestBegin: VirtualInstant?
    /// A client-side error the transfer ends with instead of finishing (`NSURLErrorCannotConnectToHost`...), if any.
    package var error: String?
    /// The look-alike task's `taskIdentifier`, kept by the daemon so a relaunched app sees the same number; 0 for a
    /// scenario's `downloadTask` step.
    package var taskIdentifier: Int
    /// The URL the look-alike task asked for (`originalRequest`), if any.
    package var url: String?

    /// Creates a request.
    package init(
        session: String, bytes: Int64, earliestBegin: VirtualInstant? = nil, error: String? = nil, taskIdentifier: Int = 0, url: String? = nil
    ) {
        self.session = session
        self.bytes = bytes
        self.earliestBegin = earliestBegin
        self.error = error
        self.taskIdentifier = taskIdentifier
        self.url = url
    }
}
