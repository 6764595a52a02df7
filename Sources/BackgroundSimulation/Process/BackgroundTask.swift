/// One background execution assertion: a `beginBackgroundTask` not yet balanced by `endBackgroundTask`.
final class BackgroundTask {
    let identifier: UIBackgroundTaskIdentifier
    let name: String?
    let createdAt: Int64
    let expirationHandler: ExpirationHandler?
    var isOpen = true
    var expirationHandlerCalled = false
    var warnedAboutAge = false

    init(identifier: UIBackgroundTaskIdentifier, name: String?, createdAt: Int64, expirationHandler: ExpirationHandler?) {
        self.identifier = identifier
        self.name = name
        self.createdAt = createdAt
        self.expirationHandler = expirationHandler
    }

    /// How the platform's console names the task: `<id> ("<name>")`.
    var consoleName: String {
        "\(identifier.rawValue) (\"\(name ?? "")\")"
    }

    var subject: String {
        if let name { return "background task \(identifier.rawValue) (\"\(name)\")" }
        return "background task \(identifier.rawValue)"
    }
}

/// What runs when a background task's time is about to run out.
///
/// Swift callers pass a synchronous closure, as with UIKit; the scenario
/// interpreter passes async steps that may block the main lane for virtual time.
enum ExpirationHandler {
    case synchronous(@Sendable () -> Void)
    case simulated(@Sendable () async -> Void)

    func call() async {
        switch self {
        case .synchronous(let body): body()
        case .simulated(let body): await body()
        }
    }
}
