/// A kind of perturbation a campaign may apply to a run: the faults that break background code in the field.
///
/// Most kinds are timeline entries the explorer adds to the scenario (the
/// person or the system acting at a bad moment). The others act through the
/// model's own seams: the profile's assumed parameters, choice points, the
/// order of same-instant events, the run's seed, and the scenario's own
/// timeline moved within bounds. Swarm testing enables a random subset of
/// kinds in each run (Groce et al., "Swarm Testing", ISSTA 2012), so that
/// kinds which mask each other are also tried apart.
///
/// The cases are the catalog, in the order campaign reports list them;
/// each feature declares what its kinds do (``faults``).
public enum FaultKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The system expires a running `BGTask` (a timeline `expireTask`): mid-work, between steps, or as it completes.
    case expireTask
    /// Background time (`beginBackgroundTask`) expires early: the budget is chosen, within its range in ``AssumedRanges``,
    /// so expiration lands at a chosen instant.
    case expireBackgroundTime
    /// The person stops a continued processing task from its Live Activity.
    case cancelLiveActivity
    /// The person closes the app in the app switcher; on a locked device they unlock it first.
    case swipeAway
    /// The system reclaims memory: a background or suspended app is killed.
    case memoryPressure
    /// The network goes away.
    case networkLoss
    /// The network comes back (Wi-Fi).
    case networkReturn
    /// The device is taken off its charger.
    case chargerUnplugged
    /// Low Power Mode is turned on.
    case lowPowerMode
    /// The system is short of resources: the continued task with the least progress expires.
    case resourcePressure
    /// The person returns to the app (or opens it) at a bad moment; on a locked device they unlock it first.
    case returnToApp
    /// A launch or relaunch takes as long as the launch jitter allows (choice point `app.launchJitter`).
    case delayedLaunch
    /// Same-instant events run in another order.
    case reorder
    /// The run uses another seed than the scenario's: other launch, work and policy jitter.
    case otherSeed
    /// The scenario's own timeline entries move within the campaign's jitter bound.
    case timelineJitter
    /// Parameters Apple does not document (the profile's assumed values) take other plausible values.
    case assumedParameters
    /// Random decisions at choice points take the extremes of their ranges.
    case extremeChoices
    /// The next silent push is lost on its way (offered only for scenarios that send pushes).
    case pushDropped
    /// The next silent push arrives late, by ``Fault/pushDelay`` (offered only for scenarios that send pushes).
    case pushDelayed
    #if BGSIM_FEATURE_DEMO
    /// The feature demo's beacon comes into range (docs/contributing.md).
    case demoBeacon
    #endif

    /// What the kind does, declared by its feature: the one switch that registers fault kinds.
    var faults: any FeatureFaults.Type {
        switch self {
        case .expireTask: TaskFaults.self
        case .expireBackgroundTime: BackgroundTimeFaults.self
        case .cancelLiveActivity, .resourcePressure: ContinuedProcessingFaults.self
        case .swipeAway, .memoryPressure, .networkLoss, .networkReturn, .chargerUnplugged, .lowPowerMode, .returnToApp,
             .delayedLaunch:
            LifecycleFaults.self
        case .reorder, .otherSeed, .timelineJitter, .assumedParameters, .extremeChoices: RunFaults.self
        case .pushDropped, .pushDelayed: PushFaults.self
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon: DemoBeaconFaults.self
        #endif
        }
    }

    /// The kinds that are timeline entries added to the scenario.
    var isTimelineEntry: Bool { faults.isTimelineEntry(self) }

    /// Whether the kind acts on the scenario's pushes: the planner offers it only when the timeline has one, so
    /// campaigns over scenarios without pushes draw exactly what they drew before these kinds existed.
    var needsPushes: Bool { faults.needsPushes(self) }

    /// The kinds the person can only do on an unlocked device: on a locked one, the run unlocks it first (the
    /// person's own `unlock`, traced before the fault's entry).
    public var needsUnlockedDevice: Bool { faults.needsUnlockedDevice(self) }

    /// The kinds whose entry names a task by its identifier.
    var takesIdentifier: Bool { faults.takesIdentifier(self) }

    /// One line for summaries: what the fault does.
    public var summary: String { faults.summary(of: self) }

    /// The kind's position in `allCases`, without building that array.
    var ordinal: UInt32 {
        switch self {
        case .expireTask: 0
        case .expireBackgroundTime: 1
        case .cancelLiveActivity: 2
        case .swipeAway: 3
        case .memoryPressure: 4
        case .networkLoss: 5
        case .networkReturn: 6
        case .chargerUnplugged: 7
        case .lowPowerMode: 8
        case .resourcePressure: 9
        case .returnToApp: 10
        case .delayedLaunch: 11
        case .reorder: 12
        case .otherSeed: 13
        case .timelineJitter: 14
        case .assumedParameters: 15
        case .extremeChoices: 16
        case .pushDropped: 17
        case .pushDelayed: 18
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon: 19
        #endif
        }
    }

    /// The bit of this kind in a set of kinds.
    var bit: UInt32 { 1 << ordinal }

    /// Orders kinds as `allCases` lists them.
    public static func < (lhs: FaultKind, rhs: FaultKind) -> Bool {
        lhs.ordinal < rhs.ordinal
    }

    /// The kinds in a bit set, in `allCases` order.
    static func kinds(in bits: UInt32) -> [FaultKind] {
        allCases.filter { bits & $0.bit != 0 }
    }
}
