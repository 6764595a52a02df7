/// One background execution assertion: a `beginBackgroundTask` not yet balanced by `endBackgroundTask`.
final class BackgroundTask {
    /// The `UIBackgroundTaskIdentifier`'s raw value: 1, 2, 3... within the process.
    let identifier: Int
    let name: String?
    let createdAt: Int64
    let expirationHandler: ExpirationHandler?
    var isOpen = true
    var expirationHandlerCalled = false
    var warnedAboutAge = false

    init(identifier: Int, name: String?, createdAt: Int64, expirationHandler: ExpirationHandler?) {
        self.identifier = identifier
        self.name = name
        self.createdAt = createdAt
        self.expirationHandler = expirationHandler
    }

    /// How the platform's console names the task: `<id> ("<name>")`.
    var consoleName: String {
        "\(identifier) (\"\(name ?? "")\")"
    }

    var subject: String {
        if let name { return "background task \(identifier) (\"\(name)\")" }
        return "background task \(identifier)"
    }
}

/// What runs when a background task's time is about to run out.
///
/// Swift callers pass a synchronous closure, as with UIKit; the scenario
/// interpreter passes async steps that may block the main lane for virtual time.
package enum ExpirationHandler: Sendable {
    case synchronous(@Sendable () -> Void)
    case simulated(@Sendable () async -> Void)

    func call(in process: AppProcess, name: String) async {
        switch self {
        case .synchronous(let body): await process.runSynchronousAppCode(name, body)
        case .simulated(let body): await body()
        }
    }
}
