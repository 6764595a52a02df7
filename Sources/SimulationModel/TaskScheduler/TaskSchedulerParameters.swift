import SimulationKernel

/// The profile parameters of `BGTaskScheduler`, whatever the kind of task.
extension PlatformProfile {
    /// What `register(forTaskWithIdentifier:using:launchHandler:)` does after the app finished launching.
    public enum RegistrationAfterLaunch: String, Sendable, Hashable, CaseIterable {
        /// NSInternalInconsistencyException "All launch handlers must be registered before application finishes
        /// launching", for every identifier (iOS 18.2's framework, BGTaskScheduler.m:225).
        case raises
        /// The iOS 26 header: an error, except for continued processing registrations. At registration only an
        /// identifier under a wildcard entry can be told to be one, so an exactly listed identifier raises.
        case continuedExempt
        /// iOS 26.1's framework: no check at all. A late handler still misses a background launch that
        /// finishes before the code registering it runs.
        case accepted
    }

    /// How long after a task's expiration handler the app has to call `setTaskCompleted` before it is killed.
    public var taskExpirationGrace: VirtualDuration {
        get { self[duration: .taskExpirationGrace] }
        set { self[duration: .taskExpirationGrace] = newValue }
    }
    /// How much later the next task of a kind may run after a task that did not complete.
    public var incompleteTaskPenalty: VirtualDuration {
        get { self[duration: .incompleteTaskPenalty] }
        set { self[duration: .incompleteTaskPenalty] = newValue }
    }
    /// What `register` does after the app finished launching.
    public var registrationAfterLaunch: RegistrationAfterLaunch {
        get { choice(.registrationAfterLaunch) }
        set { self[.registrationAfterLaunch] = newValue.profileIndex }
    }
    /// Whether `submit(_:)` throws `unavailable` for refresh and processing requests in Low Power Mode.
    public var lowPowerModeRefusesSubmit: Bool {
        get { self[.lowPowerModeRefusesSubmit] != 0 }
        set { self[.lowPowerModeRefusesSubmit] = newValue ? 1 : 0 }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let taskSchedulerParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .taskExpirationGrace,
            defaultValue: .seconds(5),
            meaning: "Time after a task's expiration handler is called for the app to call setTaskCompleted before it is killed.",
            source: "Assumed: like the few seconds all expiration handlers get (Apple forums 85066).",
            isAssumed: true),
        ParameterInfo(
            key: .incompleteTaskPenalty,
            defaultValue: .hours(1),
            meaning: "How much later the next task of a kind may run after a task that did not complete.",
            source: "Assumed: the system schedules apps that do not complete their tasks less (BGTask.h); the amount is undocumented.",
            isAssumed: true),
        ParameterInfo(
            key: .registrationAfterLaunch,
            defaultValue: RegistrationAfterLaunch.accepted.profileIndex,
            byProfile: [.iOS17: RegistrationAfterLaunch.raises.profileIndex],
            meaning: "What register(forTaskWithIdentifier:using:launchHandler:) does after the app finished launching: raises (NSInternalInconsistencyException), continuedExempt (raises except for identifiers under a continued processing wildcard entry), or accepted.",
            source: "Sources disagree (docs/system-policy.md): iOS 18.2's BackgroundTasks raises for every identifier (BGTaskScheduler.m:225), the default of iOS17; the iOS 26 header calls it an error except for BGContinuedProcessingTask registrations (continuedExempt); iOS 26.1's framework code has no check, Apple's own samples register a continued identifier on a tap, and forums thread 799126 saw a late registration return true: accepted, the default of iOS26.",
            isAssumed: false, unit: .choice, choices: RegistrationAfterLaunch.allCases.map(\.rawValue)),
        ParameterInfo(
            key: .lowPowerModeRefusesSubmit,
            defaultValue: 0,
            meaning: "Whether submit(_:) throws unavailable for refresh and processing requests while Low Power Mode is on (they are held back either way).",
            source: "Assumed off: the iOS 26 header lists the causes of unavailable (Background App Refresh off, the Simulator, keyboard and other extensions) and Low Power Mode is not among them; expo issue 11505 saw backgroundRefreshStatus stay available in Low Power Mode.",
            isAssumed: true, unit: .flag),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/taskExpirationGrace``.
    public static let taskExpirationGrace = Self("taskExpirationGrace")
    /// The key of ``PlatformProfile/incompleteTaskPenalty``.
    public static let incompleteTaskPenalty = Self("incompleteTaskPenalty")
    /// The key of ``PlatformProfile/registrationAfterLaunch``.
    public static let registrationAfterLaunch = Self("registrationAfterLaunch")
    /// The key of ``PlatformProfile/lowPowerModeRefusesSubmit``.
    public static let lowPowerModeRefusesSubmit = Self("lowPowerModeRefusesSubmit")
}
