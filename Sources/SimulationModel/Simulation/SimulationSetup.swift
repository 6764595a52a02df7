/// What a run starts from, as the model sees it: the platform, the app's Info.plist, the device, and the
/// person's timeline.
///
/// A scenario file is read into one of these (module ScenarioFormat); Swift
/// code may build one directly.
public struct SimulationSetup: Sendable, Hashable {
    /// A short name, for reports.
    public var name: String
    /// The seed of the run's randomness.
    public var seed: UInt64
    /// How long the run lasts: it stops this long after it began.
    public var stopAt: Duration
    /// The platform version modelled, with its numbers.
    public var profile: PlatformProfile
    /// How the system picks when background tasks run.
    public var policy: SchedulingPolicy
    /// What the system knows of the app without running it.
    public var app: AppInfo
    /// Later builds of the app a timeline's `updateApp` may install, by their `build` name.
    public var updates: [AppInfo]
    /// The device's conditions at the start.
    public var device: DeviceConditions
    /// What the person and the device do, in time order.
    public var timeline: [TimelineEntry]

    /// Model areas the app's code uses, which the timeline does not show (a scenario's background session steps).
    public var declaredFeatures: Set<PlatformProfile.Feature> = []

    /// The model areas the run uses whose parameters `run.start` lists only then (pushes in the timeline, and the
    /// declared ones).
    public var features: Set<PlatformProfile.Feature> {
        var features = declaredFeatures
        if timeline.contains(where: { if case .push(.push) = $0.action { true } else { false } }) { features.insert(.push) }
        return features
    }

    /// Creates a setup.
    public init(
        name: String, seed: UInt64 = 1, stopAt: Duration, profile: PlatformProfile = PlatformProfile(.iOS26),
        policy: SchedulingPolicy = .deterministic, app: AppInfo, device: DeviceConditions = DeviceConditions(),
        timeline: [TimelineEntry] = [], updates: [AppInfo] = []
    ) {
        self.updates = updates
        self.name = name
        self.seed = seed
        self.stopAt = stopAt
        self.profile = profile
        self.policy = policy
        self.app = app
        self.device = device
        self.timeline = timeline
    }
}
