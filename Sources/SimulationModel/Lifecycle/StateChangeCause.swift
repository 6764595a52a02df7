/// What made an app process change state: the person, the system's launch of a task, a push, a finished transfer.
///
/// An `app.state` record names it in its `cause` field in words
/// (``description``: `goHome`, `bgTask com.example.refresh`, `push 3`),
/// which ``init(_:)`` reads back.
public enum StateChangeCause: Sendable, Hashable, CustomStringConvertible {
    /// The person launched the app from the home screen.
    case launch
    /// The person returned to the app (from the home screen or the app switcher).
    case returnToApp
    /// The person unlocked the device with the app in front.
    case unlock
    /// The system launched the app in the background without a task for it (a timeline `backgroundLaunch`).
    case backgroundLaunch
    /// The person went to the home screen.
    case goHome
    /// The person locked the device with the app in front.
    case lock
    /// The person opened the app switcher (and closed the app there).
    case appSwitcher
    /// The person opened or closed Control Center over the app.
    case controlCenter
    /// The system launched or woke the app for a `BGTask` of this identifier.
    case bgTask(String)
    /// The system launched or woke the app for the run's push of this number (1 for the first).
    case push(Int)
    /// The system launched or woke the app for the events of the background `URLSession` of this identifier.
    case backgroundSession(String)

    /// The cause in the trace's words: `goHome`, `bgTask <identifier>`, `push <number>`, `background session <identifier>`.
    public var description: String {
        switch self {
        case .launch: "launch"
        case .returnToApp: "returnToApp"
        case .unlock: "unlock"
        case .backgroundLaunch: "backgroundLaunch"
        case .goHome: "goHome"
        case .lock: "lock"
        case .appSwitcher: "appSwitcher"
        case .controlCenter: "controlCenter"
        case .bgTask(let identifier): Self.bgTaskPrefix + identifier
        case .push(let number): Self.pushPrefix + String(number)
        case .backgroundSession(let identifier): Self.sessionPrefix + identifier
        }
    }

    /// The cause written as `text` in a trace, if it is one.
    public init?(_ text: String) {
        if let simple = Self.simple.first(where: { $0.description == text }) {
            self = simple
        } else if text.hasPrefix(Self.bgTaskPrefix) {
            self = .bgTask(String(text.dropFirst(Self.bgTaskPrefix.count)))
        } else if text.hasPrefix(Self.sessionPrefix) {
            self = .backgroundSession(String(text.dropFirst(Self.sessionPrefix.count)))
        } else if text.hasPrefix(Self.pushPrefix), let number = Int(text.dropFirst(Self.pushPrefix.count)), number > 0,
                  Self.pushPrefix + String(number) == text {
            self = .push(number)
        } else {
            return nil
        }
    }

    /// The causes with no detail, for reading them back.
    private static let simple: [StateChangeCause] = [
        .launch, .returnToApp, .unlock, .backgroundLaunch, .goHome, .lock, .appSwitcher, .controlCenter,
    ]

    private static let bgTaskPrefix = "bgTask "
    private static let pushPrefix = "push "
    private static let sessionPrefix = "background session "
}
