import SimulationKernel
import SimulationModel

extension Generator where Value == DeviceConditions {
    /// The state of a phone at the start of a run: mostly on Wi-Fi with battery to spare, sometimes on cellular,
    /// offline, low on battery, in Low Power Mode or Low Data Mode, charging, or with Background App Refresh off.
    ///
    /// Shrinks toward the defaults (unlocked, Wi-Fi, 80%, every setting at its default).
    public static var deviceConditions: Generator<DeviceConditions> {
        let network = Generator<DeviceConditions.Network>.oneOf(weighted: [(14, .always(.wifi)), (5, .always(.cellular)), (1, .always(.none))])
        let refresh = Generator<DeviceConditions.RefreshStatus>.oneOf(weighted: [
            (18, .always(.available)), (1, .always(.denied)), (1, .always(.restricted)),
        ])
        let rarely = Generator<Bool>.oneOf(weighted: [(9, .always(false)), (1, .always(true))])
        let battery = Generator<Int>.oneOf(weighted: [(4, .always(80)), (1, .int(in: 1...100))])
        return Generator<(DeviceConditions.Network, DeviceConditions.RefreshStatus, Bool, Bool)>.zip(network, refresh, rarely, rarely)
            .flatMap { network, refresh, lowPower, lowData in
                Generator<(Int, Bool)>.zip(battery, .bool).map { level, charging in
                    var conditions = DeviceConditions()
                    conditions.network = network
                    conditions.backgroundAppRefresh = refresh
                    conditions.lowPowerMode = lowPower
                    conditions.lowDataMode = lowData
                    conditions.batteryLevel = level
                    conditions.charging = charging
                    return conditions
                }
            }
    }
}

extension Generator where Value == [TimelineEntry] {
    /// Changes of the device's conditions during a run of `duration`: the network dropping and coming back,
    /// the phone plugged in and unplugged, Low Power Mode turned on. At most `count` changes.
    ///
    /// Shrinks toward fewer changes, made earlier.
    public static func conditionChanges(over duration: Duration, count: ClosedRange<Int> = 0...4) -> Generator<[TimelineEntry]> {
        let seconds = max(1, duration.components.seconds)
        let change = Generator<ConditionChange>.oneOf(
            Generator<DeviceConditions.Network>.element(of: [.none, .wifi, .cellular]).map { network in
                var change = ConditionChange()
                change.network = network
                return change
            },
            Generator<Bool>.bool.map { charging in
                var change = ConditionChange()
                change.charging = charging
                return change
            },
            Generator<Bool>.bool.map { on in
                var change = ConditionChange()
                change.lowPowerMode = on
                return change
            })
        return Generator<(Int64, ConditionChange)>.zip(.int(in: 1...seconds), change)
            .map { second, change in TimelineEntry(at: .seconds(second), action: .conditions(change)) }
            .array(length: count)
            .map { $0.sorted { $0.at < $1.at } }
    }
}
