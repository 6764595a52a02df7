import SimulationKernel
import SimulationModel

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

    required package init(holding request: TaskRequest) {
        self.title = request.title
        self.subtitle = request.subtitle
        super.init(holding: request)
        strategy = request.strategy
        requiredResources = request.requiresGPU ? .gpu : []
    }

    override var kind: TaskKind { .continuedProcessing }

    override func model(now: VirtualInstant) -> TaskRequest {
        var request = super.model(now: now)
        request.title = title
        request.subtitle = subtitle
        request.strategy = strategy
        request.requiresGPU = requiredResources.contains(.gpu)
        return request
    }
}
