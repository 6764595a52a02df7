import SimulationKernel

/// The profile parameters of `BGAppRefreshTask`.
extension PlatformProfile {
    /// How long a `BGAppRefreshTask` may run.
    public var appRefreshRuntime: VirtualDuration {
        get { self[duration: .appRefreshRuntime] }
        set { self[duration: .appRefreshRuntime] = newValue }
    }
    /// The least time between two app refresh launches of one app.
    public var refreshMinimumInterval: VirtualDuration {
        get { self[duration: .refreshMinimumInterval] }
        set { self[duration: .refreshMinimumInterval] = newValue }
    }
    /// The realistic policy's longest delay of a refresh for an app opened once a day.
    public var realisticRefreshDelay: VirtualDuration {
        get { self[duration: .realisticRefreshDelay] }
        set { self[duration: .realisticRefreshDelay] = newValue }
    }
    /// The realistic policy's longest lead of a refresh before the person's usual opening time.
    public var realisticPredictionLead: VirtualDuration {
        get { self[duration: .realisticPredictionLead] }
        set { self[duration: .realisticPredictionLead] = newValue }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let appRefreshParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .appRefreshRuntime,
            defaultValue: .seconds(30),
            meaning: "How long a BGAppRefreshTask may run before it expires.",
            source: "Assumed: about 30 s by community consensus; Apple documents no number.",
            isAssumed: true),
        ParameterInfo(
            key: .refreshMinimumInterval,
            defaultValue: .minutes(15),
            meaning: "The least time between two app refresh launches of one app; earlier requests are throttled.",
            source: "Assumed: refresh requests sooner than about 15 minutes are pointless and throttled (platform facts).",
            isAssumed: true),
        ParameterInfo(
            key: .realisticRefreshDelay,
            defaultValue: .hours(6),
            meaning: "Realistic policy: the longest delay of a refresh for an app opened about once a day (less for apps used more).",
            source: "Assumed: the system favours apps it predicts the person will open (WWDC20); no numbers are published.",
            isAssumed: true),
        ParameterInfo(
            key: .realisticPredictionLead,
            defaultValue: .minutes(30),
            meaning: "Realistic policy: the longest time a refresh runs before a time of day the person usually opens the app.",
            source: "Assumed: the system launches refreshes when it predicts the person will open the app (WWDC20); the lead is not published.",
            isAssumed: true),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/appRefreshRuntime``.
    public static let appRefreshRuntime = Self("appRefreshRuntime")
    /// The key of ``PlatformProfile/refreshMinimumInterval``.
    public static let refreshMinimumInterval = Self("refreshMinimumInterval")
    /// The key of ``PlatformProfile/realisticRefreshDelay``.
    public static let realisticRefreshDelay = Self("realisticRefreshDelay")
    /// The key of ``PlatformProfile/realisticPredictionLead``.
    public static let realisticPredictionLead = Self("realisticPredictionLead")
}
