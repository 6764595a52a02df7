import SimulationModel

extension ConditionChange {
    /// Reads the condition keys of `container`, which may hold other keys too; `deviceOnly` reads the starting-only keys too.
    init(from c: KeyedDecodingContainer<AnyKey>, deviceOnly: Bool) throws {
        self.init()
        if deviceOnly {
            locked = try c.optional(Bool.self, "locked")
            supportsBackgroundGPU = try c.optional(Bool.self, "supportsBackgroundGPU")
        }
        charging = try c.optional(Bool.self, "charging")
        batteryLevel = try c.optionalInteger("batteryLevel", in: 0...100, "a percentage")
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> T? where T.RawValue == String {
            guard c.contains(AnyKey(key)) else { return nil }
            return T(rawValue: try c.choice(key, among: T.allCases.map(\.rawValue)))
        }
        network = try choice("network", DeviceConditions.Network.self)
        lowDataMode = try c.optional(Bool.self, "lowDataMode")
        lowPowerMode = try c.optional(Bool.self, "lowPowerMode")
        backgroundAppRefresh = try choice("backgroundAppRefresh", DeviceConditions.RefreshStatus.self)
        thermalState = try choice("thermalState", DeviceConditions.ThermalState.self)
    }
}
