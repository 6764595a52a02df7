/// The kinds of task `BGTaskScheduler` runs.
public enum TaskKind: String, Sendable, Hashable, CaseIterable {
    /// `BGAppRefreshTask`: about 30 s, when the system predicts the person will open the app.
    case appRefresh
    /// `BGProcessingTask`: minutes, when the device is idle.
    case processing

    /// The `UIBackgroundModes` value this kind needs.
    var backgroundMode: String {
        switch self {
        case .appRefresh: "fetch"
        case .processing: "processing"
        }
    }

    /// The most requests of this kind that may be pending at once.
    var pendingLimit: Int {
        switch self {
        case .appRefresh: 1
        case .processing: 10
        }
    }
}

/// A task request as the system holds it: `BGAppRefreshTaskRequest` or `BGProcessingTaskRequest`, submitted.
public struct TaskRequest: Sendable, Hashable {
    public var identifier: String
    public var kind: TaskKind
    /// Nanoseconds after which the task may begin (a lower bound, never a promise), if given.
    public var earliestBegin: Int64?
    public var requiresNetworkConnectivity: Bool
    public var requiresExternalPower: Bool

    /// Creates a request.
    public init(
        identifier: String, kind: TaskKind, earliestBegin: Int64? = nil, requiresNetworkConnectivity: Bool = false,
        requiresExternalPower: Bool = false
    ) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBegin = earliestBegin
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
        self.requiresExternalPower = requiresExternalPower
    }
}

/// Why `submit` refused a request: `BGTaskScheduler.Error.Code`.
public enum SubmitError: Int, Error, Sendable, Hashable {
    /// Background App Refresh is off or restricted, or Low Power Mode is on.
    case unavailable = 1
    /// Too many requests of this kind are pending (1 refresh, 10 processing).
    case tooManyPendingTaskRequests = 2
    /// The identifier is not permitted, or the background mode is missing.
    case notPermitted = 3

    /// The name as in `BGTaskScheduler.Error.Code`.
    public var name: String {
        switch self {
        case .unavailable: "unavailable"
        case .tooManyPendingTaskRequests: "tooManyPendingTaskRequests"
        case .notPermitted: "notPermitted"
        }
    }
}
