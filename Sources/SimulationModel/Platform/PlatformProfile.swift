/// Every number and switch of the modelled platform, for one OS version.
///
/// Apple documents few of these numbers. Each parameter says where its value
/// comes from, or that it is assumed (an observation or community consensus
/// the model adopts). A scenario can override any of them by name.
public struct PlatformProfile: Sendable, Hashable {
    /// The OS versions bgsim models.
    public enum Name: String, Sendable, Hashable, CaseIterable, Codable {
        case iOS17
        case iOS26
    }

    /// The names of the profile's parameters, as written in a scenario's `overrides`.
    public enum Key: String, Sendable, Hashable, CaseIterable, Codable {
        case backgroundTimeBudget
        case expirationLead
        case didEnterBackgroundLimit
        case backgroundTaskWarningAge
        case launchDuration
        case launchJitter
        case suspensionDelay
        case appRefreshRuntime
        case processingRuntime
        case taskExpirationGrace
        case refreshMinimumInterval
        case processingIdleDelay
        case incompleteTaskPenalty
        case realisticRefreshDelay
        case realisticProcessingDelay
        case realisticPredictionLead
        case continuedProcessingConcurrency
        case continuedProgressSampleInterval
        case continuedProgressStallLimit
        case continuedStallPromptDelay
        case registrationAfterLaunch
        case continuedWildcardRegistration
        case beginBackgroundTaskAfterExpiration
        case lowPowerModeRefusesSubmit
        case consolePrivateData
        case pushHandlerBudget
        case pushMaxPerHour
        case pushPriority10Policy
        case transferWifiBytesPerSecond
        case transferCellularBytesPerSecond
        case transferEventsBudget
    }

    /// A model area whose parameters `run.start` lists only when the run uses it, so that traces of runs without it
    /// stay as they were before the area existed.
    public enum Feature: String, Sendable, Hashable, CaseIterable {
        /// Silent (background) push: the scenario's timeline sends pushes.
        case push
        /// Background `URLSession`: the app creates a background session.
        case urlSession
    }

    /// What a parameter's value counts.
    public enum Unit: String, Sendable, Hashable {
        /// Nanoseconds; a scenario writes a duration (`"30s"`).
        case duration
        /// A number of things; a scenario writes a whole number.
        case count
        /// One of a few named behaviours (``ParameterInfo/choices``), where sources disagree; a scenario writes the name.
        case choice
        /// On or off; a scenario writes `true` or `false`.
        case flag
    }

    /// What a parameter means and where its value comes from.
    public struct ParameterInfo: Sendable, Hashable {
        /// The parameter.
        public var key: Key
        /// One sentence: what it governs.
        public var meaning: String
        /// The source of the value, or why it is assumed.
        public var source: String
        /// Whether the value is an assumption rather than documented by Apple.
        public var isAssumed: Bool
        /// What the value counts: most parameters are durations.
        public var unit: Unit = .duration
        /// The names of a `.choice` parameter's values, in the order of their stored index; empty otherwise.
        public var choices: [String] = []
        /// The model area the parameter belongs to, when `run.start` lists it only for runs that use that area.
        public var feature: Feature?
    }

    /// Which OS version this profile models.
    public var name: Name
    private var values: [Int64]

    /// The profile of `name` with its default values.
    public init(_ name: Name) {
        self.name = name
        // Background execution numbers did not change between iOS 13 and iOS 26 as far as anyone has observed.
        self.values = Key.allCases.map { key in
            switch key {
            case .backgroundTimeBudget: 30_000_000_000
            case .expirationLead: 5_000_000_000
            case .didEnterBackgroundLimit: 5_000_000_000
            case .backgroundTaskWarningAge: 30_000_000_000
            case .launchDuration: 400_000_000
            case .launchJitter: 200_000_000
            case .suspensionDelay: 0
            case .appRefreshRuntime: 30_000_000_000
            case .processingRuntime: 600_000_000_000
            case .taskExpirationGrace: 5_000_000_000
            case .refreshMinimumInterval: 900_000_000_000
            case .processingIdleDelay: 300_000_000_000
            case .incompleteTaskPenalty: 3_600_000_000_000
            case .realisticRefreshDelay: 21_600_000_000_000
            case .realisticProcessingDelay: 3_600_000_000_000
            case .realisticPredictionLead: 1_800_000_000_000
            case .continuedProcessingConcurrency: 2
            case .continuedProgressSampleInterval: 1_000_000_000
            case .continuedProgressStallLimit: 30_000_000_000
            case .continuedStallPromptDelay: 15_000_000_000
            case .registrationAfterLaunch: Self.defaultRegistrationAfterLaunch(name).profileIndex
            case .continuedWildcardRegistration: WildcardRegistration.rejected.profileIndex
            case .beginBackgroundTaskAfterExpiration: BackgroundTaskAfterExpiration.invalid.profileIndex
            case .lowPowerModeRefusesSubmit: 0
            case .consolePrivateData: ConsolePrivateData.shown.profileIndex
            case .pushHandlerBudget: 30_000_000_000
            case .pushMaxPerHour: 3
            case .pushPriority10Policy: Priority10Policy.drop.profileIndex
            case .transferWifiBytesPerSecond: 2_500_000
            case .transferCellularBytesPerSecond: 1_000_000
            case .transferEventsBudget: 30_000_000_000
            }
        }
    }

    /// Whether the OS has `BGContinuedProcessingTask`: Apple lists it as available from iOS 26.0.
    ///
    /// Not a parameter: it is what the OS version is, not a number to tune.
    /// On earlier versions a continued request is refused (BGS020), wildcard
    /// identifiers are plain strings, and no handler is exempt from the
    /// launch rule.
    public var supportsContinuedProcessing: Bool { name != .iOS17 }

    /// The value of a parameter: nanoseconds, a count, a choice's index, or 0 and 1 for a flag.
    public subscript(key: Key) -> Int64 {
        get { values[Self.index(of: key)] }
        set { values[Self.index(of: key)] = newValue }
    }

    private static func index(of key: Key) -> Int {
        keys.firstIndex(of: key)!
    }

    /// `Key.allCases`, made once: each parameter read looks its key up here.
    private static let keys = Key.allCases

    /// Background execution time after the app leaves the foreground (`beginBackgroundTask`).
    public var backgroundTimeBudget: Int64 { self[.backgroundTimeBudget] }
    /// How long before the budget runs out the expiration handlers are called.
    public var expirationLead: Int64 { self[.expirationLead] }
    /// How long `applicationDidEnterBackground` may take before the app is killed.
    public var didEnterBackgroundLimit: Int64 { self[.didEnterBackgroundLimit] }
    /// Age of a background task after which the console warns about it.
    public var backgroundTaskWarningAge: Int64 { self[.backgroundTaskWarningAge] }
    /// Time from the launch request until `didFinishLaunching` starts, on average.
    public var launchDuration: Int64 { self[.launchDuration] }
    /// The launch time varies uniformly by up to this much either way, drawn from the seed.
    public var launchJitter: Int64 { self[.launchJitter] }
    /// Time from "nothing keeps the app running in the background" to its suspension.
    public var suspensionDelay: Int64 { self[.suspensionDelay] }

    /// How long the silent push handler has to call its completion handler.
    public var pushHandlerBudget: Int64 { self[.pushHandlerBudget] }
    /// How many background pushes the system delivers in any hour.
    public var pushMaxPerHour: Int64 { self[.pushMaxPerHour] }

    /// How fast a background transfer moves on Wi-Fi and on cellular, in bytes per second.
    public var transferWifiBytesPerSecond: Int64 { self[.transferWifiBytesPerSecond] }
    public var transferCellularBytesPerSecond: Int64 { self[.transferCellularBytesPerSecond] }
    /// How long an app relaunched for a background session's events has to handle them.
    public var transferEventsBudget: Int64 { self[.transferEventsBudget] }

    /// How long a `BGAppRefreshTask` may run.
    public var appRefreshRuntime: Int64 { self[.appRefreshRuntime] }
    /// How long a `BGProcessingTask` may run.
    public var processingRuntime: Int64 { self[.processingRuntime] }
    /// How long after a task's expiration handler the app has to call `setTaskCompleted` before it is killed.
    public var taskExpirationGrace: Int64 { self[.taskExpirationGrace] }
    /// The least time between two app refresh launches of one app.
    public var refreshMinimumInterval: Int64 { self[.refreshMinimumInterval] }
    /// How long the device must be locked before it counts as idle for processing tasks.
    public var processingIdleDelay: Int64 { self[.processingIdleDelay] }
    /// How much later the next task of a kind may run after a task that did not complete.
    public var incompleteTaskPenalty: Int64 { self[.incompleteTaskPenalty] }
    /// The realistic policy's longest delay of a refresh for an app opened once a day.
    public var realisticRefreshDelay: Int64 { self[.realisticRefreshDelay] }
    /// The realistic policy's longest delay of a processing task once its conditions hold.
    public var realisticProcessingDelay: Int64 { self[.realisticProcessingDelay] }

    /// The realistic policy's longest lead of a refresh before the person's usual opening time.
    public var realisticPredictionLead: Int64 { self[.realisticPredictionLead] }

    /// How many continued processing tasks may run at once; more wait (`.queue`) or are refused (`.fail`).
    public var continuedProcessingConcurrency: Int { Int(clamping: self[.continuedProcessingConcurrency]) }
    /// How often the system reads a continued task's progress.
    public var continuedProgressSampleInterval: Int64 { self[.continuedProgressSampleInterval] }
    /// How long a continued task may go without progress before the system expires it.
    public var continuedProgressStallLimit: Int64 { self[.continuedProgressStallLimit] }
    /// How long without progress before the Live Activity asks the person whether to continue.
    public var continuedStallPromptDelay: Int64 { self[.continuedStallPromptDelay] }

    /// The information of one parameter.
    public static func info(_ key: Key) -> ParameterInfo {
        parameters[index(of: key)]
    }

    /// What each parameter means and where it comes from, in key order.
    public static let parameters: [ParameterInfo] = [
        ParameterInfo(
            key: .backgroundTimeBudget,
            meaning: "Background execution time granted by beginBackgroundTask after the app leaves the foreground, shared by all its background tasks.",
            source: "Assumed: about 30 s observed on iOS 13 and later (180 s on iOS 7-12, 600 s before); Apple documents no number.",
            isAssumed: true),
        ParameterInfo(
            key: .expirationLead,
            meaning: "How long before the background time runs out the system calls the expiration handlers.",
            source: "Assumed: Apple says \"shortly before\"; about 5 s observed by third parties.",
            isAssumed: true),
        ParameterInfo(
            key: .didEnterBackgroundLimit,
            meaning: "How long applicationDidEnterBackground may run before the system kills the app.",
            source: "Apple, \"Extending your app's background execution time\": about five seconds.",
            isAssumed: false),
        ParameterInfo(
            key: .backgroundTaskWarningAge,
            meaning: "Age of a still-open background task at which the console warns of a risk of termination.",
            source: "Console message \"was created over 30 seconds ago\".",
            isAssumed: false),
        ParameterInfo(
            key: .launchDuration,
            meaning: "Time from a launch request until didFinishLaunching starts, on average.",
            source: "Assumed: a typical cold launch; the model needs some positive time.",
            isAssumed: true),
        ParameterInfo(
            key: .launchJitter,
            meaning: "The launch time varies uniformly by up to this much either way, drawn from the run's seed.",
            source: "Assumed.",
            isAssumed: true),
        ParameterInfo(
            key: .suspensionDelay,
            meaning: "Time from the moment nothing keeps a background app running until it is suspended.",
            source: "Assumed: Apple says apps are suspended \"shortly after\" entering the background without a background task; modelled as immediate.",
            isAssumed: true),
        ParameterInfo(
            key: .appRefreshRuntime,
            meaning: "How long a BGAppRefreshTask may run before it expires.",
            source: "Assumed: about 30 s by community consensus; Apple documents no number.",
            isAssumed: true),
        ParameterInfo(
            key: .processingRuntime,
            meaning: "How long a BGProcessingTask may run before it expires.",
            source: "Assumed: Apple says \"minutes\"; the maximum is undocumented.",
            isAssumed: true),
        ParameterInfo(
            key: .taskExpirationGrace,
            meaning: "Time after a task's expiration handler is called for the app to call setTaskCompleted before it is killed.",
            source: "Assumed: like the few seconds all expiration handlers get (Apple forums 85066).",
            isAssumed: true),
        ParameterInfo(
            key: .refreshMinimumInterval,
            meaning: "The least time between two app refresh launches of one app; earlier requests are throttled.",
            source: "Assumed: refresh requests sooner than about 15 minutes are pointless and throttled (platform facts).",
            isAssumed: true),
        ParameterInfo(
            key: .processingIdleDelay,
            meaning: "How long the device must be locked before it counts as idle for processing tasks.",
            source: "Assumed: Apple says processing tasks run \"only when the device is idle\" and gives no number.",
            isAssumed: true),
        ParameterInfo(
            key: .incompleteTaskPenalty,
            meaning: "How much later the next task of a kind may run after a task that did not complete.",
            source: "Assumed: the system schedules apps that do not complete their tasks less (BGTask.h); the amount is undocumented.",
            isAssumed: true),
        ParameterInfo(
            key: .realisticRefreshDelay,
            meaning: "Realistic policy: the longest delay of a refresh for an app opened about once a day (less for apps used more).",
            source: "Assumed: the system favours apps it predicts the person will open (WWDC20); no numbers are published.",
            isAssumed: true),
        ParameterInfo(
            key: .realisticProcessingDelay,
            meaning: "Realistic policy: the longest delay of a processing task after its conditions hold.",
            source: "Assumed: Apple says the system tries within about two days if the app was used in the past week.",
            isAssumed: true),
        ParameterInfo(
            key: .realisticPredictionLead,
            meaning: "Realistic policy: the longest time a refresh runs before a time of day the person usually opens the app.",
            source: "Assumed: the system launches refreshes when it predicts the person will open the app (WWDC20); the lead is not published.",
            isAssumed: true),
        ParameterInfo(
            key: .continuedProcessingConcurrency,
            meaning: "How many BGContinuedProcessingTasks of the app may run at once; more wait in the queue (strategy .queue) or are refused with immediateRunIneligible (.fail).",
            source: "Assumed: Apple speaks of \"the maximum level of concurrent tasks\" (BGContinuedProcessingTaskRequest.SubmissionStrategy.queue) and publishes no number.",
            isAssumed: true, unit: .count),
        ParameterInfo(
            key: .continuedProgressSampleInterval,
            meaning: "How often the system reads a continued task's progress to update its Live Activity and judge whether it is stuck.",
            source: "Assumed: Apple says the app \"regularly reports progress\" and the system uses it (\"Performing long-running tasks on iOS and iPadOS\"); how often it looks is undocumented.",
            isAssumed: true),
        ParameterInfo(
            key: .continuedProgressStallLimit,
            meaning: "How long a continued task may run without its progress rising before the system expires it.",
            source: "Assumed: observed failure after about 30 s without progress; Apple DTS names failure to report progress as a primary cause of expiration (Apple forums 818623) and documents no number.",
            isAssumed: true),
        ParameterInfo(
            key: .continuedStallPromptDelay,
            meaning: "How long a continued task may go without progress before its Live Activity asks the person whether to continue.",
            source: "Assumed: Apple says progress lets the system \"make informed suggestions through the interface about possibly stuck tasks that a person can cancel\"; when it asks is undocumented.",
            isAssumed: true),
        ParameterInfo(
            key: .registrationAfterLaunch,
            meaning: "What register(forTaskWithIdentifier:using:launchHandler:) does after the app finished launching: raises (NSInternalInconsistencyException), continuedExempt (raises except for identifiers under a continued processing wildcard entry), or accepted.",
            source: "Sources disagree (docs/system-policy.md): iOS 18.2's BackgroundTasks raises for every identifier (BGTaskScheduler.m:225), the default of iOS17; the iOS 26 header calls it an error except for BGContinuedProcessingTask registrations (continuedExempt); iOS 26.1's framework code has no check, Apple's own samples register a continued identifier on a tap, and forums thread 799126 saw a late registration return true: accepted, the default of iOS26.",
            isAssumed: false, unit: .choice, choices: RegistrationAfterLaunch.allCases.map(\.rawValue)),
        ParameterInfo(
            key: .continuedWildcardRegistration,
            meaning: "What registering a wildcard entry itself (com.example.export.*) does: rejected (register returns false), acceptedUnmatched (returns true, but no submitted identifier matches it), or matchesComposed (it handles every identifier under it). In the first two, submitting com.example.export.<job> without registering that identifier raises \"No launch handler registered\".",
            source: "Sources disagree (docs/system-policy.md): iOS 26.1's framework code does not permit the wildcard string itself (rejected, the default); forums thread 799126 on iOS 26.0 beta 7 saw register return true and the submission crash (acceptedUnmatched); matchesComposed is bgsim's earlier reading, kept for comparison.",
            isAssumed: false, unit: .choice, choices: WildcardRegistration.allCases.map(\.rawValue)),
        ParameterInfo(
            key: .beginBackgroundTaskAfterExpiration,
            meaning: "What beginBackgroundTask returns once the background time began to expire: invalid, or grantedWithoutExpiration (an identifier whose expiration handler is never called).",
            source: "Assumed either way: Apple says it \"returns invalid if running in the background is not possible\" (the default); wire-ios PR #4935 observed tasks started in the background that never had their expiration handlers called.",
            isAssumed: true, unit: .choice, choices: BackgroundTaskAfterExpiration.allCases.map(\.rawValue)),
        ParameterInfo(
            key: .lowPowerModeRefusesSubmit,
            meaning: "Whether submit(_:) throws unavailable for refresh and processing requests while Low Power Mode is on (they are held back either way).",
            source: "Assumed off: the iOS 26 header lists the causes of unavailable (Background App Refresh off, the Simulator, keyboard and other extensions) and Low Power Mode is not among them; expo issue 11505 saw backgroundRefreshStatus stay available in Low Power Mode.",
            isAssumed: true, unit: .flag),
        ParameterInfo(
            key: .consolePrivateData,
            meaning: "How UIKit's console messages show a background task's %{private} details: shown (as under the Xcode debugger: <_UIBackgroundTaskInfo: 0x...>: taskID = ..., taskName = ...) or redacted (<private>, as in Console and device logs).",
            source: "UIKitCore logs the task with %{private}@ (iOS 26.1); WordPress-iOS PR 21254 quotes the debugger form, the Embrace sample project the redacted one.",
            isAssumed: false, unit: .choice, choices: ConsolePrivateData.allCases.map(\.rawValue)),
        ParameterInfo(
            key: .pushHandlerBudget,
            meaning: "How long application(_:didReceiveRemoteNotification:fetchCompletionHandler:) has to call its completion handler before the system terminates the app.",
            source: "Apple, application(_:didReceiveRemoteNotification:fetchCompletionHandler:): \"Your app has up to 30 seconds of wall-clock time to process the notification and call the specified completion handler block\"; \"Pushing background updates to your App\": \"Your app has 30 seconds\".",
            isAssumed: false, feature: .push),
        ParameterInfo(
            key: .pushMaxPerHour,
            meaning: "How many background pushes the system delivers to the app in any hour; more are held (the newest only) until the hour allows one.",
            source: "Apple, \"Pushing background updates to your App\": \"don't try to send more than two or three per hour\" and \"the system may throttle the delivery of background notifications if the total number becomes excessive\"; the exact limit depends on \"current conditions\" (assumed: 3, a sliding hour).",
            isAssumed: true, unit: .count, feature: .push),
        ParameterInfo(
            key: .pushPriority10Policy,
            meaning: "What the device does with a background push sent with apns-priority 10: drop (not delivered) or deliverAsLowPriority (delivered as a priority 5 push). The diagnostic is raised either way.",
            source: "Sources disagree (docs/system-policy.md): Apple, \"Sending notification requests to APNs\": \"Always use priority 5. Using priority 10 is an error\"; node-apn #241 (2015) saw such a push not wake the app, forum thread 745345 (2024) saw it wake the app. Assumed: drop.",
            isAssumed: true, unit: .choice, choices: Priority10Policy.allCases.map(\.rawValue), feature: .push),
        ParameterInfo(
            key: .transferWifiBytesPerSecond,
            meaning: "How fast a background transfer moves on Wi-Fi, in bytes per second.",
            source: "Assumed: 2.5 MB/s, a modest home connection; Apple documents no rate (the transfer runs in nsurlsessiond, out of process).",
            isAssumed: true, unit: .count, feature: .urlSession),
        ParameterInfo(
            key: .transferCellularBytesPerSecond,
            meaning: "How fast a background transfer moves on cellular, in bytes per second.",
            source: "Assumed: 1 MB/s; Apple documents no rate.",
            isAssumed: true, unit: .count, feature: .urlSession),
        ParameterInfo(
            key: .transferEventsBudget,
            meaning: "How long an app woken or launched for a background session's events has to recreate the session and call the handleEventsForBackgroundURLSession completion handler.",
            source: "Assumed: 30 s, as other background launches; Apple documents no number (research-urlsession-push.md B4).",
            isAssumed: true, feature: .urlSession),
    ]
}
