/// Something the person or the device does, at an instant of a scenario's timeline.
public enum UserAction: Sendable, Hashable {
    /// The person opens the app: launches it if it is not running, or brings it back.
    case launch
    /// The system launches the app into the background (for example for a location event).
    case backgroundLaunch
    /// The person goes to the home screen or another app.
    case goHome
    /// The person comes back to the app from the app switcher or its icon.
    case returnToApp
    /// The person locks the device.
    case lock
    /// The person unlocks the device; the app comes back if it was in front when locked.
    case unlock
    /// The person closes the app in the app switcher (a "force quit").
    case swipeAway
    /// The system is short of memory: background and suspended apps are killed.
    case memoryPressure
    /// The person opens Control Center or receives a call: the app becomes inactive.
    case openControlCenter
    /// Control Center closes: the app becomes active again.
    case closeControlCenter
    /// The person taps something in the app, which runs the named action.
    case tap(action: String)
    /// Device conditions change (charging, battery, network, Low Power Mode, Background App Refresh, thermal state).
    case conditions(ConditionChange)
    /// The debugger's `_simulateLaunchForTaskWithIdentifier:`: the system launches a pending request now.
    case simulateLaunch(identifier: String)
    /// The debugger's `_simulateExpirationForTaskWithIdentifier:`: a running task's time runs out now.
    case simulateExpiration(identifier: String)
    /// The system ends a running task's time early, whichever way it was launched: what fuzzing injects. No runtime
    /// is documented (about 30 s for a refresh is an assumption, platform-facts.md), and the expiration handler is
    /// called for several reasons the app cannot tell apart (Apple DTS in forums 818623, on continued tasks), so code
    /// must cope with expiry at any moment. Unlike `simulateExpiration`, this needs no `simulateLaunch`.
    case expireTask(identifier: String)
    /// The person stops a continued task from its Live Activity (the oldest, without an identifier): it expires.
    case cancelLiveActivity(identifier: String?)
    /// The person answers a Live Activity asking whether a slow task should continue.
    case answerPrompt(identifier: String?, answer: PromptAnswer)
    /// The system is short of resources: the continued task with the least progress expires.
    case resourcePressure
    /// The app is updated to another build: a running process is terminated, pending requests stay, and the next
    /// launch runs the new build's code with its Info.plist.
    case updateApp(build: String)
    /// A remote notification reaches the device from APNs (the app's server sent it); the `SilentPush` service
    /// decides whether and when the app hears it.
    case push(RemoteNotification)
    /// The system loses the next push to arrive on its way to the app: what fuzzing injects (Apple: the system
    /// "doesn't guarantee their delivery").
    case dropPush
    /// The next push to arrive reaches the device `by` nanoseconds late: what fuzzing injects (APNs may store
    /// low-priority pushes and deliver them "in bursts").
    case delayPush(by: Int64)

    /// An action without its details: what scenario files and traces name it.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case launch, backgroundLaunch, goHome, returnToApp, lock, unlock, swipeAway, memoryPressure
        case openControlCenter, closeControlCenter, tap, conditions, simulateLaunch, simulateExpiration, expireTask
        case cancelLiveActivity, answerPrompt, resourcePressure, updateApp, push, dropPush, delayPush
    }

    /// The action names a timeline may use.
    public static let names = Name.allCases.map(\.rawValue)

    /// The action's name, as scenario files and traces write it.
    public var name: Name {
        switch self {
        case .launch: .launch
        case .backgroundLaunch: .backgroundLaunch
        case .goHome: .goHome
        case .returnToApp: .returnToApp
        case .lock: .lock
        case .unlock: .unlock
        case .swipeAway: .swipeAway
        case .memoryPressure: .memoryPressure
        case .openControlCenter: .openControlCenter
        case .closeControlCenter: .closeControlCenter
        case .tap: .tap
        case .conditions: .conditions
        case .simulateLaunch: .simulateLaunch
        case .simulateExpiration: .simulateExpiration
        case .expireTask: .expireTask
        case .cancelLiveActivity: .cancelLiveActivity
        case .answerPrompt: .answerPrompt
        case .resourcePressure: .resourcePressure
        case .updateApp: .updateApp
        case .push: .push
        case .dropPush: .dropPush
        case .delayPush: .delayPush
        }
    }
}

/// One entry of a scenario's timeline: an action at an instant.
public struct TimelineEntry: Sendable, Hashable {
    /// How long after the start of the run it happens.
    public var at: Duration
    /// What happens.
    public var action: UserAction
    /// A comment for readers; it appears in the trace.
    public var note: String?

    /// Creates an entry.
    public init(at: Duration, action: UserAction, note: String? = nil) {
        self.at = at
        self.action = action
        self.note = note
    }
}
