import SimulationKernel

/// The state of the device that the system weighs before running background work.
///
/// Sources: WWDC20 "Background execution demystified" (critically low
/// battery, Low Power Mode, app usage, force quit, the Background App
/// Refresh switch, energy and data budgets) and WWDC25 (network, Low Data
/// Mode, device activity, thermal state, charging). Thermal gating has no
/// Apple source and is assumed.
public struct DeviceConditions: Sendable, Hashable {
    /// Network reachability.
    public enum Network: String, Sendable, Hashable, CaseIterable {
        case none, wifi, cellular
    }

    /// The Background App Refresh setting (`UIBackgroundRefreshStatus`).
    public enum RefreshStatus: String, Sendable, Hashable, CaseIterable {
        case available, denied, restricted
    }

    /// `ProcessInfo.ThermalState`.
    public enum ThermalState: String, Sendable, Hashable, CaseIterable {
        case nominal, fair, serious, critical
    }

    public var locked = false
    public var charging = false
    /// Battery level in percent, 0 to 100.
    public var batteryLevel = 80
    public var network = Network.wifi
    public var lowDataMode = false
    public var lowPowerMode = false
    public var backgroundAppRefresh = RefreshStatus.available
    public var thermalState = ThermalState.nominal
    /// Whether the device lets continued processing tasks use the GPU in the background
    /// (`BGTaskScheduler.supportedResources` contains `.gpu`).
    ///
    /// A property of the hardware, so only the scenario's `device` sets it.
    /// Default false, assumed: Apple says "not all devices support background
    /// GPU use" and does not list them.
    public var supportsBackgroundGPU = false

    /// Conditions of a charged, unlocked phone on Wi-Fi with every setting at its default.
    public init() {}

    /// The keys a scenario may set.
    static let keys = [
        "locked", "charging", "batteryLevel", "network", "lowDataMode", "lowPowerMode", "backgroundAppRefresh",
        "thermalState", "supportsBackgroundGPU",
    ]

    /// The keys only the scenario's `device` sets: the timeline locks with `lock`, and hardware does not change.
    static let deviceOnlyKeys = ["locked", "supportsBackgroundGPU"]

    /// The keys a timeline `conditions` action may change.
    static let changeableKeys = keys.filter { !deviceOnlyKeys.contains($0) }
}

/// A change of some device conditions, as a timeline `conditions` action or the scenario's `device`.
public struct ConditionChange: Sendable, Hashable {
    public var locked: Bool?
    public var charging: Bool?
    public var batteryLevel: Int?
    public var network: DeviceConditions.Network?
    public var lowDataMode: Bool?
    public var lowPowerMode: Bool?
    public var backgroundAppRefresh: DeviceConditions.RefreshStatus?
    public var thermalState: DeviceConditions.ThermalState?
    public var supportsBackgroundGPU: Bool?

    /// A change of nothing.
    public init() {}

    /// `conditions` with this change applied.
    public func applied(to conditions: DeviceConditions) -> DeviceConditions {
        var result = conditions
        if let locked { result.locked = locked }
        if let charging { result.charging = charging }
        if let batteryLevel { result.batteryLevel = batteryLevel }
        if let network { result.network = network }
        if let lowDataMode { result.lowDataMode = lowDataMode }
        if let lowPowerMode { result.lowPowerMode = lowPowerMode }
        if let backgroundAppRefresh { result.backgroundAppRefresh = backgroundAppRefresh }
        if let thermalState { result.thermalState = thermalState }
        if let supportsBackgroundGPU { result.supportsBackgroundGPU = supportsBackgroundGPU }
        return result
    }

    /// Reads the condition keys of `container`, which may hold other keys too; `deviceOnly` reads the starting-only keys too.
    init(from c: KeyedDecodingContainer<AnyKey>, deviceOnly: Bool) throws {
        if deviceOnly {
            locked = try c.optional(Bool.self, "locked")
            supportsBackgroundGPU = try c.optional(Bool.self, "supportsBackgroundGPU")
        }
        charging = try c.optional(Bool.self, "charging")
        if let level = try c.optional(Int.self, "batteryLevel") {
            guard (0...100).contains(level) else {
                throw invalid(c.path("batteryLevel"), "batteryLevel is a percentage from 0 to 100, got \(level)")
            }
            batteryLevel = level
        }
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
