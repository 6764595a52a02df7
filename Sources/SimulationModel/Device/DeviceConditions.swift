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

    /// Whether the screen is locked.
    public var locked = false
    /// Whether the device is on external power.
    public var charging = false
    /// Battery level in percent, 0 to 100.
    public var batteryLevel = 80
    /// The network the device is on.
    public var network = Network.wifi
    /// Whether Low Data Mode is on.
    public var lowDataMode = false
    /// Whether Low Power Mode is on.
    public var lowPowerMode = false
    /// The Background App Refresh setting.
    public var backgroundAppRefresh = RefreshStatus.available
    /// How hot the device is.
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
    package static let keys = [
        "locked", "charging", "batteryLevel", "network", "lowDataMode", "lowPowerMode", "backgroundAppRefresh",
        "thermalState", "supportsBackgroundGPU",
    ]

    /// The keys only the scenario's `device` sets: the timeline locks with `lock`, and hardware does not change.
    static let deviceOnlyKeys = ["locked", "supportsBackgroundGPU"]

    /// The keys a timeline `conditions` action may change.
    package static let changeableKeys = keys.filter { !deviceOnlyKeys.contains($0) }
}

/// A change of some device conditions, as a timeline `conditions` action or the scenario's `device`.
public struct ConditionChange: Sendable, Hashable {
    /// Locks or unlocks the screen; nil leaves it.
    public var locked: Bool?
    /// Connects or disconnects power; nil leaves it.
    public var charging: Bool?
    /// The new battery level in percent; nil leaves it.
    public var batteryLevel: Int?
    /// The new network; nil leaves it.
    public var network: DeviceConditions.Network?
    /// Turns Low Data Mode on or off; nil leaves it.
    public var lowDataMode: Bool?
    /// Turns Low Power Mode on or off; nil leaves it.
    public var lowPowerMode: Bool?
    /// The new Background App Refresh setting; nil leaves it.
    public var backgroundAppRefresh: DeviceConditions.RefreshStatus?
    /// The new thermal state; nil leaves it.
    public var thermalState: DeviceConditions.ThermalState?
    /// Whether the device supports background GPU use; nil leaves it.
    public var supportsBackgroundGPU: Bool?

    /// A change of nothing.
    public init() {}

    /// `conditions` with this change applied.
    package func applied(to conditions: DeviceConditions) -> DeviceConditions {
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
}
