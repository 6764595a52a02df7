/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Worth knowing; nothing is wrong.
    case info
    /// Works today, but the platform may punish it (throttling, a console warning, a risk of termination).
    case warning
    /// The app breaks a rule of the platform: it is killed, loses work or leaks a resource.
    case error

    var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
