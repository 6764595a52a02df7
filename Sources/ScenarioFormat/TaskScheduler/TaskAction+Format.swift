import SimulationModel

/// The debugger's and the system's task actions in a scenario's timeline.
extension TaskAction {
    /// The keys an entry of `name` may have besides `at`, `action` and `note`.
    static func keys(_ name: Name) -> [String] {
        switch name {
        case .simulateLaunch, .simulateExpiration, .expireTask: ["identifier"]
        }
    }

    /// The action `name`, read from its timeline entry.
    init(_ name: Name, from c: KeyedDecodingContainer<AnyKey>) throws {
        switch name {
        case .simulateLaunch: self = .simulateLaunch(identifier: try c.required(String.self, "identifier"))
        case .simulateExpiration: self = .simulateExpiration(identifier: try c.required(String.self, "identifier"))
        case .expireTask: self = .expireTask(identifier: try c.required(String.self, "identifier"))
        }
    }
}
