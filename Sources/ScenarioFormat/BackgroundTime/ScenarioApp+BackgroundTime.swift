import PlatformLookalikes
import SimulationModel

/// Background time: `beginBackgroundTask` with its expiration handler, `endBackgroundTask`, stored identifiers.
extension ScenarioApp {
    /// The identifier an expiration handler's closure captured; set right after `beginBackgroundTask` returns.
    final class IdentifierBox: @unchecked Sendable {
        var value: UIBackgroundTaskIdentifier = .invalid
    }

    func perform(_ step: BackgroundTimeStep, in application: UIApplication, context: Context) {
        switch step {
        case .beginBackgroundTask(let variable, let name, let onExpiration):
            let captured = IdentifierBox()
            let handler: (@Sendable () async -> Void)?
            switch onExpiration {
            case .noHandler:
                handler = nil
            case .steps(let steps):
                handler = { [self] in
                    await run(steps, in: application, context: Context(lane: .main, ownTask: captured))
                }
            }
            let identifier = application.beginBackgroundTask(withName: name ?? variable, simulatedExpirationHandler: handler)
            captured.value = identifier
            variables[variable] = identifier
        case .endBackgroundTask(let variable):
            let identifier: UIBackgroundTaskIdentifier
            if let variable {
                identifier = variables[variable] ?? .invalid
            } else {
                identifier = context.ownTask?.value ?? .invalid
            }
            application.endBackgroundTask(identifier)
        case .setInvalid(let variable):
            variables[variable] = .invalid
        }
    }
}
