import SimulationKernel

/// The profile parameters of `BGContinuedProcessingTask` (iOS 26).
extension PlatformProfile {
    /// What registering a continued processing wildcard entry itself (`com.example.export.*`) does.
    public enum WildcardRegistration: String, Sendable, Hashable, CaseIterable {
        /// `register` returns false ("Registration rejected; ... is not advertised in the application's Info.plist"):
        /// iOS 26.1's `_BGTaskIdentifierRegistry` does not permit the wildcard string itself.
        case rejected
        /// `register` returns true, but the registration matches no submitted identifier (forums thread 799126,
        /// iOS 26.0 beta 7).
        case acceptedUnmatched
        /// The registration handles every identifier under the wildcard (bgsim's earlier reading).
        case matchesComposed
    }

    /// How many continued processing tasks may run at once; more wait (`.queue`) or are refused (`.fail`).
    public var continuedProcessingConcurrency: Int {
        get { Int(clamping: self[.continuedProcessingConcurrency]) }
        set { self[.continuedProcessingConcurrency] = Int64(newValue) }
    }
    /// How often the system reads a continued task's progress.
    public var continuedProgressSampleInterval: VirtualDuration {
        get { self[duration: .continuedProgressSampleInterval] }
        set { self[duration: .continuedProgressSampleInterval] = newValue }
    }
    /// How long a continued task may go without progress before the system expires it.
    public var continuedProgressStallLimit: VirtualDuration {
        get { self[duration: .continuedProgressStallLimit] }
        set { self[duration: .continuedProgressStallLimit] = newValue }
    }
    /// How long without progress before the Live Activity asks the person whether to continue.
    public var continuedStallPromptDelay: VirtualDuration {
        get { self[duration: .continuedStallPromptDelay] }
        set { self[duration: .continuedStallPromptDelay] = newValue }
    }
    /// What registering a continued processing wildcard entry itself does.
    public var continuedWildcardRegistration: WildcardRegistration {
        get { choice(.continuedWildcardRegistration) }
        set { self[.continuedWildcardRegistration] = newValue.profileIndex }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let continuedProcessingParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .continuedProcessingConcurrency,
            defaultValue: 2,
            meaning: "How many BGContinuedProcessingTasks of the app may run at once; more wait in the queue (strategy .queue) or are refused with immediateRunIneligible (.fail).",
            source: "Assumed: Apple speaks of \"the maximum level of concurrent tasks\" (BGContinuedProcessingTaskRequest.SubmissionStrategy.queue) and publishes no number.",
            isAssumed: true, unit: .count),
        ParameterInfo(
            key: .continuedProgressSampleInterval,
            defaultValue: .seconds(1),
            meaning: "How often the system reads a continued task's progress to update its Live Activity and judge whether it is stuck.",
            source: "Assumed: Apple says the app \"regularly reports progress\" and the system uses it (\"Performing long-running tasks on iOS and iPadOS\"); how often it looks is undocumented.",
            isAssumed: true),
        ParameterInfo(
            key: .continuedProgressStallLimit,
            defaultValue: .seconds(30),
            meaning: "How long a continued task may run without its progress rising before the system expires it.",
            source: "Assumed: observed failure after about 30 s without progress; Apple DTS names failure to report progress as a primary cause of expiration (Apple forums 818623) and documents no number.",
            isAssumed: true),
        ParameterInfo(
            key: .continuedStallPromptDelay,
            defaultValue: .seconds(15),
            meaning: "How long a continued task may go without progress before its Live Activity asks the person whether to continue.",
            source: "Assumed: Apple says progress lets the system \"make informed suggestions through the interface about possibly stuck tasks that a person can cancel\"; when it asks is undocumented.",
            isAssumed: true),
        ParameterInfo(
            key: .continuedWildcardRegistration,
            defaultValue: WildcardRegistration.rejected.profileIndex,
            meaning: "What registering a wildcard entry itself (com.example.export.*) does: rejected (register returns false), acceptedUnmatched (returns true, but no submitted identifier matches it), or matchesComposed (it handles every identifier under it). In the first two, submitting com.example.export.<job> without registering that identifier raises \"No launch handler registered\".",
            source: "Sources disagree (docs/system-policy.md): iOS 26.1's framework code does not permit the wildcard string itself (rejected, the default); forums thread 799126 on iOS 26.0 beta 7 saw register return true and the submission crash (acceptedUnmatched); matchesComposed is bgsim's earlier reading, kept for comparison.",
            isAssumed: false, unit: .choice, choices: WildcardRegistration.allCases.map(\.rawValue)),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/continuedProcessingConcurrency``.
    public static let continuedProcessingConcurrency = Self("continuedProcessingConcurrency")
    /// The key of ``PlatformProfile/continuedProgressSampleInterval``.
    public static let continuedProgressSampleInterval = Self("continuedProgressSampleInterval")
    /// The key of ``PlatformProfile/continuedProgressStallLimit``.
    public static let continuedProgressStallLimit = Self("continuedProgressStallLimit")
    /// The key of ``PlatformProfile/continuedStallPromptDelay``.
    public static let continuedStallPromptDelay = Self("continuedStallPromptDelay")
    /// The key of ``PlatformProfile/continuedWildcardRegistration``.
    public static let continuedWildcardRegistration = Self("continuedWildcardRegistration")
}
