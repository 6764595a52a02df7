/// Why the system will not launch a pending request now: the first condition found that holds it back.
///
/// docs/system-policy.md gives the order the conditions are checked in and
/// the source of each. The scheduler records the reason in the trace
/// (`bgTask.waiting`) whenever it changes: ``name`` is how the trace spells
/// it, ``description`` how reports say it.
public enum LaunchBlocker: Sendable, Hashable, CustomStringConvertible {
    /// The person closed the app in the app switcher: no background launch until they open it.
    case closedInAppSwitcher
    /// The app is in the foreground: refresh and processing tasks run in the background.
    case appInForeground
    /// A task with this identifier is running.
    case alreadyRunning
    /// Low Power Mode is on.
    case lowPowerMode
    /// Background App Refresh is off or restricted (app refresh only).
    case backgroundAppRefresh(DeviceConditions.RefreshStatus)
    /// The battery is under 20% and not charging.
    case lowBattery
    /// The device is too hot.
    case thermalState(DeviceConditions.ThermalState)
    /// The device is in use: processing tasks wait for it to be idle.
    case deviceInUse
    /// The request needs external power and the device is not charging.
    case needsExternalPower
    /// The request needs a network and there is none.
    case needsNetwork
    /// The realistic policy: the app was not opened in the past week.
    case appNotUsedRecently
    /// Continued processing: the app process that submitted it is not running.
    case appNotRunning
    /// Continued processing: this many tasks run already, the most allowed at once.
    case concurrencyLimit(running: Int)

    /// The reason's stable, machine-readable name: the `reason` of a `bgTask.waiting` trace line (the case's name).
    ///
    /// Part of the trace format: a name never changes meaning. The values of
    /// `backgroundAppRefresh`, `thermalState` and `concurrencyLimit` are fields of their own.
    public var name: String {
        switch self {
        case .closedInAppSwitcher: "closedInAppSwitcher"
        case .appInForeground: "appInForeground"
        case .alreadyRunning: "alreadyRunning"
        case .lowPowerMode: "lowPowerMode"
        case .backgroundAppRefresh: "backgroundAppRefresh"
        case .lowBattery: "lowBattery"
        case .thermalState: "thermalState"
        case .deviceInUse: "deviceInUse"
        case .needsExternalPower: "needsExternalPower"
        case .needsNetwork: "needsNetwork"
        case .appNotUsedRecently: "appNotUsedRecently"
        case .appNotRunning: "appNotRunning"
        case .concurrencyLimit: "concurrencyLimit"
        }
    }

    /// Every ``name``, in the order docs/system-policy.md lists the reasons.
    package static let names = [
        "closedInAppSwitcher", "appInForeground", "alreadyRunning", "lowPowerMode", "backgroundAppRefresh", "lowBattery",
        "thermalState", "deviceInUse", "needsExternalPower", "needsNetwork", "appNotUsedRecently", "appNotRunning",
        "concurrencyLimit",
    ]

    /// The reason in words, as reports show it.
    public var description: String {
        switch self {
        case .closedInAppSwitcher: "the person closed the app in the app switcher"
        case .appInForeground: "the app is in the foreground"
        case .alreadyRunning: "the task is already running"
        case .lowPowerMode: "Low Power Mode is on"
        case .backgroundAppRefresh(let status): "Background App Refresh is \(status.rawValue)"
        case .lowBattery: "the battery is under 20% and not charging"
        case .thermalState(let state): "the device is \(state.rawValue)ly hot"
        case .deviceInUse: "the device is in use (processing tasks wait for it to be idle)"
        case .needsExternalPower: "the request needs external power"
        case .needsNetwork: "the request needs a network"
        case .appNotUsedRecently: "the app was not used in the past week"
        case .appNotRunning: "the app is not running"
        case .concurrencyLimit(let running): "\(running) continued processing task(s) are running (the limit)"
        }
    }
}
