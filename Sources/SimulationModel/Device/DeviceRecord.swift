/// The device's records: the conditions the system weighs.
public enum DeviceRecord: Sendable, Hashable {
    /// `device.state`: the conditions the system weighs, at the start and after each change.
    case state(State)

    /// The kinds of device records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case state = "device.state"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .state: .state
        }
    }
}

extension DeviceRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .state(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .state: self = .state(try State(from: &fields))
        }
    }
}

extension DeviceRecord {
    /// `device.state`: the conditions the system weighs, at the start and after each change.
    ///
    /// Whether the device supports background GPU use is hardware: it is in
    /// ``RunRecord/Start`` and never changes.
    public struct State: Sendable, Hashable {
        /// Whether the screen is locked.
        public var locked: Bool
        /// Whether the device is on external power.
        public var charging: Bool
        /// Battery level in percent, 0 to 100.
        public var batteryLevel: Int
        /// The network the device is on.
        public var network: DeviceConditions.Network
        /// Whether Low Data Mode is on.
        public var lowDataMode: Bool
        /// Whether Low Power Mode is on.
        public var lowPowerMode: Bool
        /// The Background App Refresh setting.
        public var backgroundAppRefresh: DeviceConditions.RefreshStatus
        /// How hot the device is.
        public var thermalState: DeviceConditions.ThermalState

        /// The record of `conditions`.
        package init(_ conditions: DeviceConditions) {
            locked = conditions.locked
            charging = conditions.charging
            batteryLevel = conditions.batteryLevel
            network = conditions.network
            lowDataMode = conditions.lowDataMode
            lowPowerMode = conditions.lowPowerMode
            backgroundAppRefresh = conditions.backgroundAppRefresh
            thermalState = conditions.thermalState
        }
    }
}

extension DeviceRecord.State: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("backgroundAppRefresh", backgroundAppRefresh)
        fields.add("batteryLevel", batteryLevel)
        fields.add("charging", charging)
        fields.add("locked", locked)
        fields.add("lowDataMode", lowDataMode)
        fields.add("lowPowerMode", lowPowerMode)
        fields.add("network", network)
        fields.add("thermalState", thermalState)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        locked = try fields.bool("locked")
        charging = try fields.bool("charging")
        batteryLevel = try fields.smallCount("batteryLevel")
        guard batteryLevel <= 100 else {
            throw TraceDecodingError(field: "batteryLevel", reason: "must be a percentage from 0 to 100, not \(batteryLevel)")
        }
        network = try fields.choice("network")
        lowDataMode = try fields.bool("lowDataMode")
        lowPowerMode = try fields.bool("lowPowerMode")
        backgroundAppRefresh = try fields.choice("backgroundAppRefresh")
        thermalState = try fields.choice("thermalState")
    }
}
