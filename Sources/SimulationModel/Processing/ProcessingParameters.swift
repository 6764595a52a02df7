import SimulationKernel

/// The profile parameters of `BGProcessingTask`.
extension PlatformProfile {
    /// How long a `BGProcessingTask` may run.
    public var processingRuntime: VirtualDuration {
        get { self[duration: .processingRuntime] }
        set { self[duration: .processingRuntime] = newValue }
    }
    /// How long the device must be locked before it counts as idle for processing tasks.
    public var processingIdleDelay: VirtualDuration {
        get { self[duration: .processingIdleDelay] }
        set { self[duration: .processingIdleDelay] = newValue }
    }
    /// The realistic policy's longest delay of a processing task once its conditions hold.
    public var realisticProcessingDelay: VirtualDuration {
        get { self[duration: .realisticProcessingDelay] }
        set { self[duration: .realisticProcessingDelay] = newValue }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let processingParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .processingRuntime,
            defaultValue: .minutes(10),
            meaning: "How long a BGProcessingTask may run before it expires.",
            source: "Assumed: Apple says \"minutes\"; the maximum is undocumented.",
            isAssumed: true),
        ParameterInfo(
            key: .processingIdleDelay,
            defaultValue: .minutes(5),
            meaning: "How long the device must be locked before it counts as idle for processing tasks.",
            source: "Assumed: Apple says processing tasks run \"only when the device is idle\" and gives no number.",
            isAssumed: true),
        ParameterInfo(
            key: .realisticProcessingDelay,
            defaultValue: .hours(1),
            meaning: "Realistic policy: the longest delay of a processing task after its conditions hold.",
            source: "Assumed: Apple says the system tries within about two days if the app was used in the past week.",
            isAssumed: true),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/processingRuntime``.
    public static let processingRuntime = Self("processingRuntime")
    /// The key of ``PlatformProfile/processingIdleDelay``.
    public static let processingIdleDelay = Self("processingIdleDelay")
    /// The key of ``PlatformProfile/realisticProcessingDelay``.
    public static let realisticProcessingDelay = Self("realisticProcessingDelay")
}
