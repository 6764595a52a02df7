import Foundation
import SimulationModel

/// The look-alike of `BGTaskRequest`: what to run, and not before when.
public class BGTaskRequest: @unchecked Sendable {
    /// The identifier, listed in Info.plist's `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// The task may begin no earlier than this (a lower bound, never a promise).
    ///
    /// Dates map onto virtual time from ``BGTaskScheduler/epoch``; in
    /// simulated app code `Date()` and `Date(timeIntervalSinceNow:)` read the
    /// virtual clock, so `Date(timeIntervalSinceNow: 15 * 60)` is 15 minutes
    /// after the instant the code runs.
    public var earliestBeginDate: Date? {
        didSet { exactEarliestBegin = nil }
    }

    /// Creates a request for a registered identifier.
    public init(identifier: String) {
        self.identifier = identifier
    }

    /// The earliest begin in nanoseconds of virtual time, exactly, when the scenario interpreter gives one.
    ///
    /// A `Date` cannot hold every nanosecond (a `Double` of seconds), and a
    /// scenario's `"earliestBegin": "15m"` must stay exactly 15 minutes.
    package var exactEarliestBegin: Int64?

    var kind: TaskKind { .appRefresh }

    func model(now: Int64) -> TaskRequest {
        let begin = exactEarliestBegin ?? earliestBeginDate.map { VirtualClock.nanoseconds(of: $0, now: now) }
        return TaskRequest(identifier: identifier, kind: kind, earliestBegin: begin)
    }

    /// The look-alike object of a request the system holds: what `getPendingTaskRequests` hands back, and what
    /// the scenario interpreter submits.
    package static func lookalike(of request: TaskRequest) -> BGTaskRequest {
        let object: BGTaskRequest
        switch request.kind {
        case .appRefresh:
            object = BGAppRefreshTaskRequest(identifier: request.identifier)
        case .processing:
            let processing = BGProcessingTaskRequest(identifier: request.identifier)
            processing.requiresExternalPower = request.requiresExternalPower
            processing.requiresNetworkConnectivity = request.requiresNetworkConnectivity
            object = processing
        case .continuedProcessing:
            let continued = BGContinuedProcessingTaskRequest(
                identifier: request.identifier, title: request.title, subtitle: request.subtitle)
            continued.strategy = request.strategy
            continued.requiredResources = request.requiresGPU ? .gpu : []
            object = continued
        }
        object.earliestBeginDate = request.earliestBegin.map(VirtualClock.date(atNanoseconds:))
        object.exactEarliestBegin = request.earliestBegin
        return object
    }
}

/// The look-alike of `BGAppRefreshTaskRequest`.
public final class BGAppRefreshTaskRequest: BGTaskRequest, @unchecked Sendable {}

/// The look-alike of `BGProcessingTaskRequest`.
public final class BGProcessingTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// Whether the task needs a network connection. Default false.
    public var requiresNetworkConnectivity = false
    /// Whether the task needs the device to be charging. Default false.
    public var requiresExternalPower = false

    override var kind: TaskKind { .processing }

    override func model(now: Int64) -> TaskRequest {
        var request = super.model(now: now)
        request.requiresNetworkConnectivity = requiresNetworkConnectivity
        request.requiresExternalPower = requiresExternalPower
        return request
    }
}

/// The look-alike of `BGContinuedProcessingTaskRequest` (iOS 26): work the person asked for, to start now.
///
/// Submit it only from the foreground, in response to the person's action.
/// The identifier falls under a wildcard entry of
/// `BGTaskSchedulerPermittedIdentifiers`, `<bundle id>.<context>.*`, so each
/// job can have its own suffix. `earliestBeginDate` is ignored.
///
/// ```swift
/// let request = BGContinuedProcessingTaskRequest(
///     identifier: "com.example.video.export.\(clip.id)", title: "Exporting video", subtitle: clip.name)
/// request.strategy = .fail
/// if BGTaskScheduler.supportedResources.contains(.gpu) { request.requiredResources = .gpu }
/// try BGTaskScheduler.shared.submit(request)
/// ```
public final class BGContinuedProcessingTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// What happens when the task cannot begin at once: `BGContinuedProcessingTaskRequest.SubmissionStrategy`.
    public typealias SubmissionStrategy = SimulationModel.SubmissionStrategy

    /// Extra system resources a continued task needs.
    public struct Resources: OptionSet, Sendable, Hashable {
        /// The option bits; `[]` is Apple's `BGContinuedProcessingTaskRequestResourcesDefault` (CPU and network).
        public let rawValue: Int

        /// Creates a set of resources from its raw value.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The task uses the GPU in the background: needs device support and an entitlement.
        public static let gpu = Resources(rawValue: 1)
    }

    /// The Live Activity's title until the task changes it.
    public var title: String
    /// The Live Activity's subtitle until the task changes it.
    public var subtitle: String
    /// Queue (the default) or fail when the task cannot begin at once.
    public var strategy: SubmissionStrategy = .queue
    /// Extra resources; `.gpu` only when ``BGTaskScheduler/supportedResources`` contains it.
    public var requiredResources: Resources = []

    /// Creates a request on behalf of the app in the foreground.
    public init(identifier: String, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        super.init(identifier: identifier)
    }

    override var kind: TaskKind { .continuedProcessing }

    override func model(now: Int64) -> TaskRequest {
        var request = super.model(now: now)
        request.title = title
        request.subtitle = subtitle
        request.strategy = strategy
        request.requiresGPU = requiredResources.contains(.gpu)
        return request
    }
}
