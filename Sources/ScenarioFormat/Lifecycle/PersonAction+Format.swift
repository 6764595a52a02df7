import SimulationModel

/// The person's actions in a scenario's timeline.
extension PersonAction {
    /// The keys an entry of `name` may have besides `at`, `action` and `note`.
    static func keys(_ name: Name) -> [String] {
        switch name {
        case .tap: ["run"]
        case .conditions: DeviceConditions.changeableKeys
        case .launch, .backgroundLaunch, .goHome, .returnToApp, .lock, .unlock, .swipeAway, .memoryPressure,
             .openControlCenter, .closeControlCenter:
            []
        }
    }

    /// The action `name`, read from its timeline entry.
    init(_ name: Name, from c: KeyedDecodingContainer<AnyKey>) throws {
        switch name {
        case .launch: self = .launch
        case .backgroundLaunch: self = .backgroundLaunch
        case .goHome: self = .goHome
        case .returnToApp: self = .returnToApp
        case .lock: self = .lock
        case .unlock: self = .unlock
        case .swipeAway: self = .swipeAway
        case .memoryPressure: self = .memoryPressure
        case .openControlCenter: self = .openControlCenter
        case .closeControlCenter: self = .closeControlCenter
        case .tap: self = .tap(action: try c.required(String.self, "run"))
        case .conditions:
            let change = try ConditionChange(from: c, deviceOnly: false)
            if change == ConditionChange() {
                throw invalid(c.codingPath, "a conditions action must change something: "
                    + DeviceConditions.changeableKeys.joined(separator: ", ") + " (lock with the lock action)")
            }
            self = .conditions(change)
        }
    }
}
