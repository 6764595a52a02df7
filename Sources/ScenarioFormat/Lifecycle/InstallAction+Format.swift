import SimulationModel

/// The installer's actions in a scenario's timeline.
extension InstallAction {
    /// The keys an entry of `name` may have besides `at`, `action` and `note`.
    static func keys(_ name: Name) -> [String] {
        switch name {
        case .updateApp: ["build"]
        }
    }

    /// The action `name`, read from its timeline entry.
    init(_ name: Name, from c: KeyedDecodingContainer<AnyKey>) throws {
        switch name {
        case .updateApp: self = .updateApp(build: try c.required(String.self, "build"))
        }
    }
}
