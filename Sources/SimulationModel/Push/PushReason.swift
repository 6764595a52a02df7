import SimulationKernel

/// Why the system held, dropped, discarded or coalesced a push, or delivered a held one: the `why` of a
/// `push.outcome` record.
///
/// The trace writes ``description``, in words (`Low Power Mode is on`,
/// `replaced by push 3: the system holds only the newest`); ``init(_:)``
/// reads them back. A late push's delay is written to the millisecond, so it
/// reads back to the millisecond.
public enum PushReason: Sendable, Hashable, CustomStringConvertible {
    /// A fault: the system lost the push on its way ("the system does not guarantee delivery").
    case lostOnTheWay
    /// A fault: the push reached the device this late (APNs delivers low-priority pushes in bursts).
    case lateOnTheWay(VirtualDuration)
    /// The process ended while the device held the push: the system discards it.
    case terminatedWhileHeld
    /// The person opened the app: the system delivers the held push at once.
    case appOpened
    /// `apns-priority` 10 on a background push, with the profile's `pushPriority10Policy` `drop`.
    case priority10
    /// No `content-available`: the system does not wake the app in the background for the push.
    case noContentAvailable
    /// Info.plist's `UIBackgroundModes` lacks `remote-notification`.
    case remoteNotificationModeMissing
    /// The person closed the app in the app switcher: no background launch until they open it again.
    case closedInAppSwitcher
    /// Background App Refresh is off or restricted.
    case backgroundAppRefresh(DeviceConditions.RefreshStatus)
    /// Low Power Mode is on.
    case lowPowerMode
    /// A newer push arrived while this one was held: the system holds only the newest.
    case replaced(byPush: Int)
    /// The rate limit: this many background pushes reached the app in the last hour, the most the profile allows.
    case rateLimited(lastHour: Int, limit: Int64)

    /// The reason in the trace's words.
    public var description: String {
        switch self {
        case .lostOnTheWay: "lost on the way (fault: the system does not guarantee delivery)"
        case .lateOnTheWay(let delay): Self.latePrefix + TimeText.format(delay) + Self.lateSuffix
        case .terminatedWhileHeld: "the app was terminated while the push was held"
        case .appOpened: "the person opened the app"
        case .priority10: "a background push with priority 10 is an error (pushPriority10Policy drop)"
        case .noContentAvailable: "no content-available: the system does not wake the app in the background for it"
        case .remoteNotificationModeMissing: "UIBackgroundModes lacks remote-notification"
        case .closedInAppSwitcher: "the person closed the app in the app switcher; no background launch until they open it again"
        case .backgroundAppRefresh(let status): Self.refreshPrefix + status.rawValue
        case .lowPowerMode: "Low Power Mode is on"
        case .replaced(let push): "replaced by push \(push): the system holds only the newest"
        case .rateLimited(let count, let limit): "\(count)" + Self.rateSeparator + "\(limit)"
        }
    }

    /// The reason a trace writes as `text`, if it is one.
    public init?(_ text: String) {
        if let simple = Self.simple.first(where: { $0.description == text }) {
            self = simple
        } else if let delay = Self.between(Self.latePrefix, Self.lateSuffix, in: text) {
            guard let duration = delay == TimeText.format(VirtualDuration.max) ? .max : try? TimeText.duration(delay) else { return nil }
            self = .lateOnTheWay(duration)
        } else if text.hasPrefix(Self.refreshPrefix) {
            guard let status = DeviceConditions.RefreshStatus(rawValue: String(text.dropFirst(Self.refreshPrefix.count))) else { return nil }
            self = .backgroundAppRefresh(status)
        } else if let number = Self.between("replaced by push ", ": the system holds only the newest", in: text).flatMap(Int.init) {
            self = .replaced(byPush: number)
        } else if let range = text.firstRange(of: Self.rateSeparator),
                  let count = Int(text[..<range.lowerBound]), let limit = Int64(text[range.upperBound...]) {
            self = .rateLimited(lastHour: count, limit: limit)
        } else {
            return nil
        }
        // Only words this enum writes: `push 03` is not `push 3`.
        guard description == text else { return nil }
    }

    private static let simple: [PushReason] = [
        .lostOnTheWay, .terminatedWhileHeld, .appOpened, .priority10, .noContentAvailable, .remoteNotificationModeMissing,
        .closedInAppSwitcher, .lowPowerMode,
    ]
    private static let latePrefix = "late on the way by "
    private static let lateSuffix = " (fault: APNs delivers low-priority pushes in bursts)"
    private static let refreshPrefix = "Background App Refresh is "
    private static let rateSeparator = " background pushes in the last hour; the limit is "

    private static func between(_ prefix: String, _ suffix: String, in text: String) -> String? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }

}
