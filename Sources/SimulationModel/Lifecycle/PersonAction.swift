/// What the person does to the device and to the app as a whole: the world performs these itself.
public enum PersonAction: Sendable, Hashable {
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

    /// An action without its details: what scenario files and traces name it.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case launch, backgroundLaunch, goHome, returnToApp, lock, unlock, swipeAway, memoryPressure
        case openControlCenter, closeControlCenter, tap, conditions
    }

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
        }
    }
}

extension UserAction {
    /// The person opens the app: launches it if it is not running, or brings it back.
    public static var launch: UserAction { .person(.launch) }
    /// The system launches the app into the background (for example for a location event).
    public static var backgroundLaunch: UserAction { .person(.backgroundLaunch) }
    /// The person goes to the home screen or another app.
    public static var goHome: UserAction { .person(.goHome) }
    /// The person comes back to the app from the app switcher or its icon.
    public static var returnToApp: UserAction { .person(.returnToApp) }
    /// The person locks the device.
    public static var lock: UserAction { .person(.lock) }
    /// The person unlocks the device; the app comes back if it was in front when locked.
    public static var unlock: UserAction { .person(.unlock) }
    /// The person closes the app in the app switcher (a "force quit").
    public static var swipeAway: UserAction { .person(.swipeAway) }
    /// The system is short of memory: background and suspended apps are killed.
    public static var memoryPressure: UserAction { .person(.memoryPressure) }
    /// The person opens Control Center or receives a call: the app becomes inactive.
    public static var openControlCenter: UserAction { .person(.openControlCenter) }
    /// Control Center closes: the app becomes active again.
    public static var closeControlCenter: UserAction { .person(.closeControlCenter) }

    /// The person taps something in the app, which runs the named action.
    public static func tap(action: String) -> UserAction { .person(.tap(action: action)) }

    /// Device conditions change.
    public static func conditions(_ change: ConditionChange) -> UserAction { .person(.conditions(change)) }
}
