import SimulationKernel

/// The kinds of task `BGTaskScheduler` runs.
public enum TaskKind: String, Sendable, Hashable, CaseIterable {
    /// `BGAppRefreshTask`: about 30 s, when the system predicts the person will open the app.
    case appRefresh
    /// `BGProcessingTask`: minutes, when the device is idle.
    case processing
    /// `BGContinuedProcessingTask` (iOS 26): work the person started in the foreground that goes on in the background.
    case continuedProcessing
    #if BGSIM_FEATURE_DEMO
    /// `BGDemoMaintenanceTask`: the feature demo's task kind, built only with `-DBGSIM_FEATURE_DEMO` (docs/contributing.md).
    case demoMaintenance
    #endif
}

/// `BGContinuedProcessingTaskRequest.SubmissionStrategy`: what happens when a continued task cannot start at once.
public enum SubmissionStrategy: String, Sendable, Hashable, CaseIterable {
    /// Fail the submission with `immediateRunIneligible` if the task cannot begin right away.
    case fail
    /// Add the request to the back of a queue; it begins as soon as possible (the default).
    case queue
}

/// A task request as the system holds it: `BGAppRefreshTaskRequest`, `BGProcessingTaskRequest` or
/// `BGContinuedProcessingTaskRequest`, submitted.
public struct TaskRequest: Sendable, Hashable {
    /// The identifier the request was submitted with.
    public var identifier: String
    /// Which kind of background task it asks for.
    public var kind: TaskKind
    /// The instant after which the task may begin (a lower bound, never a promise), if given.
    /// Continued processing ignores it.
    public var earliestBegin: VirtualInstant?
    /// Processing tasks: whether it waits for a network.
    public var requiresNetworkConnectivity: Bool
    /// Processing tasks: whether it waits for external power.
    public var requiresExternalPower: Bool
    /// Continued processing: the Live Activity's title before the task updates it.
    public var title: String
    /// Continued processing: the Live Activity's subtitle before the task updates it.
    public var subtitle: String
    /// Continued processing: queue or fail when the task cannot start at once.
    public var strategy: SubmissionStrategy
    /// Continued processing: `requiredResources` contains `.gpu`.
    public var requiresGPU: Bool

    /// Creates a request.
    public init(
        identifier: String, kind: TaskKind, earliestBegin: VirtualInstant? = nil, requiresNetworkConnectivity: Bool = false,
        requiresExternalPower: Bool = false, title: String = "", subtitle: String = "",
        strategy: SubmissionStrategy = .queue, requiresGPU: Bool = false
    ) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBegin = earliestBegin
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
        self.requiresExternalPower = requiresExternalPower
        self.title = title
        self.subtitle = subtitle
        self.strategy = strategy
        self.requiresGPU = requiresGPU
    }
}

/// Why `submit` refused a request: `BGTaskScheduler.Error.Code`.
public enum SubmitError: Int, Error, Sendable, Hashable, CaseIterable {
    /// Background App Refresh is off or restricted, Low Power Mode is on, or the feature does not exist on this OS.
    case unavailable = 1
    /// Too many requests of this kind are pending (1 refresh, 10 processing).
    case tooManyPendingTaskRequests = 2
    /// The identifier is not permitted, the background mode or entitlement is missing, or the app is not in front.
    case notPermitted = 3
    /// A continued request with strategy `.fail` could not begin right away.
    case immediateRunIneligible = 4

    /// The name as in `BGTaskScheduler.Error.Code`.
    public var name: String {
        switch self {
        case .unavailable: "unavailable"
        case .tooManyPendingTaskRequests: "tooManyPendingTaskRequests"
        case .notPermitted: "notPermitted"
        case .immediateRunIneligible: "immediateRunIneligible"
        }
    }
}
