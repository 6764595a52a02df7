import SimulationKernel

/// The profile parameters of background time: `beginBackgroundTask`, its budget, expiration and console messages.
extension PlatformProfile {
    /// What `beginBackgroundTask` returns once the background time began to expire.
    public enum BackgroundTaskAfterExpiration: String, Sendable, Hashable, CaseIterable {
        /// `.invalid`: Apple, "returns invalid if running in the background is not possible".
        case invalid
        /// A new identifier whose expiration handler is never called (wire-ios PR #4935).
        case grantedWithoutExpiration
    }

    /// How UIKit's console messages show a background task's `%{private}` details.
    public enum ConsolePrivateData: String, Sendable, Hashable, CaseIterable {
        /// As under the Xcode debugger: `<_UIBackgroundTaskInfo: 0x...>: taskID = 3, taskName = ..., ...`.
        case shown
        /// As in Console and device logs: `<private>`.
        case redacted
    }

    /// Background execution time after the app leaves the foreground (`beginBackgroundTask`).
    public var backgroundTimeBudget: VirtualDuration {
        get { self[duration: .backgroundTimeBudget] }
        set { self[duration: .backgroundTimeBudget] = newValue }
    }
    /// How long before the budget runs out the expiration handlers are called.
    public var expirationLead: VirtualDuration {
        get { self[duration: .expirationLead] }
        set { self[duration: .expirationLead] = newValue }
    }
    /// Age of a background task after which the console warns about it.
    public var backgroundTaskWarningAge: VirtualDuration {
        get { self[duration: .backgroundTaskWarningAge] }
        set { self[duration: .backgroundTaskWarningAge] = newValue }
    }
    /// What `beginBackgroundTask` returns once the background time began to expire.
    public var beginBackgroundTaskAfterExpiration: BackgroundTaskAfterExpiration {
        get { choice(.beginBackgroundTaskAfterExpiration) }
        set { self[.beginBackgroundTaskAfterExpiration] = newValue.profileIndex }
    }
    /// How UIKit's console messages show a background task's private details.
    public var consolePrivateData: ConsolePrivateData {
        get { choice(.consolePrivateData) }
        set { self[.consolePrivateData] = newValue.profileIndex }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let backgroundTimeParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .backgroundTimeBudget,
            defaultValue: .seconds(30),
            meaning: "Background execution time granted by beginBackgroundTask after the app leaves the foreground, shared by all its background tasks.",
            source: "Assumed: about 30 s observed on iOS 13 and later (180 s on iOS 7-12, 600 s before); Apple documents no number.",
            isAssumed: true),
        ParameterInfo(
            key: .expirationLead,
            defaultValue: .seconds(5),
            meaning: "How long before the background time runs out the system calls the expiration handlers.",
            source: "Assumed: Apple says \"shortly before\"; about 5 s observed by third parties.",
            isAssumed: true),
        ParameterInfo(
            key: .backgroundTaskWarningAge,
            defaultValue: .seconds(30),
            meaning: "Age of a still-open background task at which the console warns of a risk of termination.",
            source: "Console message \"was created over 30 seconds ago\".",
            isAssumed: false),
        ParameterInfo(
            key: .beginBackgroundTaskAfterExpiration,
            defaultValue: BackgroundTaskAfterExpiration.invalid.profileIndex,
            meaning: "What beginBackgroundTask returns once the background time began to expire: invalid, or grantedWithoutExpiration (an identifier whose expiration handler is never called).",
            source: "Assumed either way: Apple says it \"returns invalid if running in the background is not possible\" (the default); wire-ios PR #4935 observed tasks started in the background that never had their expiration handlers called.",
            isAssumed: true, unit: .choice, choices: BackgroundTaskAfterExpiration.allCases.map(\.rawValue)),
        ParameterInfo(
            key: .consolePrivateData,
            defaultValue: ConsolePrivateData.shown.profileIndex,
            meaning: "How UIKit's console messages show a background task's %{private} details: shown (as under the Xcode debugger: <_UIBackgroundTaskInfo: 0x...>: taskID = ..., taskName = ...) or redacted (<private>, as in Console and device logs).",
            source: "UIKitCore logs the task with %{private}@ (iOS 26.1); WordPress-iOS PR 21254 quotes the debugger form, the Embrace sample project the redacted one.",
            isAssumed: false, unit: .choice, choices: ConsolePrivateData.allCases.map(\.rawValue)),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/backgroundTimeBudget``.
    public static let backgroundTimeBudget = Self("backgroundTimeBudget")
    /// The key of ``PlatformProfile/expirationLead``.
    public static let expirationLead = Self("expirationLead")
    /// The key of ``PlatformProfile/backgroundTaskWarningAge``.
    public static let backgroundTaskWarningAge = Self("backgroundTaskWarningAge")
    /// The key of ``PlatformProfile/beginBackgroundTaskAfterExpiration``.
    public static let beginBackgroundTaskAfterExpiration = Self("beginBackgroundTaskAfterExpiration")
    /// The key of ``PlatformProfile/consolePrivateData``.
    public static let consolePrivateData = Self("consolePrivateData")
}
