/// Where a background transfer is in its life, from the daemon taking it to the app having its file.
///
/// A transfer waits (for its begin date, the network, Wi-Fi and power)
/// and runs, possibly in turns, until it finishes, fails or is cancelled;
/// then its delegate events go to the app once, and a finished download's
/// file is moved by the app or deleted by the system. ``canMove(to:)`` lists
/// the moves; the model records any other as a bug of its own
/// (`model.illegalTransferTransition`). The trace's own words for the first
/// five are ``TransferRecord/Phase``.
public enum TransferPhase: String, Sendable, Hashable, CaseIterable {
    /// Held back: not begun yet, no network, or a discretionary transfer waiting for Wi-Fi and power.
    case waiting
    /// Moving bytes.
    case running
    /// All its bytes are in; the app has not heard.
    case finished
    /// It failed; the app has not heard.
    case failed
    /// The app or the person cancelled it; the app has not heard.
    case cancelled
    /// Done, and its delegate events went to the app: a failed or cancelled transfer ends here, a finished
    /// download's file is the app's to move until `didFinishDownloadingTo` returns.
    case delivered
    /// The app moved the downloaded file.
    case fileMoved
    /// `didFinishDownloadingTo` returned without moving the file: the system deleted it.
    case fileDeleted

    /// Whether it moves no more bytes: finished, failed or cancelled, delivered or not.
    public var isDone: Bool { self != .waiting && self != .running }

    /// The phase as transfer records write it, while the daemon still holds the transfer's events.
    public var recorded: TransferRecord.Phase? {
        switch self {
        case .waiting: .waiting
        case .running: .running
        case .finished: .finished
        case .failed: .failed
        case .cancelled: .cancelled
        case .delivered, .fileMoved, .fileDeleted: nil
        }
    }

    /// Whether a transfer moves from this phase to `next` directly.
    public func canMove(to next: TransferPhase) -> Bool {
        switch (self, next) {
        case (.waiting, .running), (.running, .waiting): true
        case (.waiting, .cancelled), (.running, .finished), (.running, .failed), (.running, .cancelled): true
        case (.finished, .delivered), (.failed, .delivered), (.cancelled, .delivered): true
        case (.delivered, .fileMoved), (.delivered, .fileDeleted): true
        default: false
        }
    }
}
