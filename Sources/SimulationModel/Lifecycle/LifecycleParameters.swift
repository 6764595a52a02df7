import SimulationKernel

/// The profile parameters of the app process's lifecycle: launching, leaving the foreground, suspension.
extension PlatformProfile {
    /// How long `applicationDidEnterBackground` may take before the app is killed.
    public var didEnterBackgroundLimit: VirtualDuration {
        get { self[duration: .didEnterBackgroundLimit] }
        set { self[duration: .didEnterBackgroundLimit] = newValue }
    }
    /// Time from the launch request until `didFinishLaunching` starts, on average.
    public var launchDuration: VirtualDuration {
        get { self[duration: .launchDuration] }
        set { self[duration: .launchDuration] = newValue }
    }
    /// The launch time varies uniformly by up to this much either way, drawn from the seed.
    public var launchJitter: VirtualDuration {
        get { self[duration: .launchJitter] }
        set { self[duration: .launchJitter] = newValue }
    }
    /// Time from "nothing keeps the app running in the background" to its suspension.
    public var suspensionDelay: VirtualDuration {
        get { self[duration: .suspensionDelay] }
        set { self[duration: .suspensionDelay] = newValue }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let lifecycleParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .didEnterBackgroundLimit,
            defaultValue: .seconds(5),
            meaning: "How long applicationDidEnterBackground may run before the system kills the app.",
            source: "Apple, \"Extending your app's background execution time\": about five seconds.",
            isAssumed: false),
        ParameterInfo(
            key: .launchDuration,
            defaultValue: .milliseconds(400),
            meaning: "Time from a launch request until didFinishLaunching starts, on average.",
            source: "Assumed: a typical cold launch; the model needs some positive time.",
            isAssumed: true),
        ParameterInfo(
            key: .launchJitter,
            defaultValue: .milliseconds(200),
            meaning: "The launch time varies uniformly by up to this much either way, drawn from the run's seed.",
            source: "Assumed.",
            isAssumed: true),
        ParameterInfo(
            key: .suspensionDelay,
            defaultValue: .zero,
            meaning: "Time from the moment nothing keeps a background app running until it is suspended.",
            source: "Assumed: Apple says apps are suspended \"shortly after\" entering the background without a background task; modelled as immediate.",
            isAssumed: true),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/didEnterBackgroundLimit``.
    public static let didEnterBackgroundLimit = Self("didEnterBackgroundLimit")
    /// The key of ``PlatformProfile/launchDuration``.
    public static let launchDuration = Self("launchDuration")
    /// The key of ``PlatformProfile/launchJitter``.
    public static let launchJitter = Self("launchJitter")
    /// The key of ``PlatformProfile/suspensionDelay``.
    public static let suspensionDelay = Self("suspensionDelay")
}
