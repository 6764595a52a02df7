import SimulationModel
import SimulationKernel

extension Timeline.Reader {
    /// The device's records: its conditions at the start and after each change.
    mutating func readDevice(_ record: DeviceRecord, at time: VirtualInstant, sequence: Int) {
        switch record {
        case .state(let state): readDeviceState(state, at: time, sequence: sequence)
        }
    }

    /// The device's conditions: the screen and power lanes, and a story line naming what changed.
    private mutating func readDeviceState(_ state: DeviceRecord.State, at time: VirtualInstant, sequence: Int) {
        let screen = LaneState.screen(state.locked ? .locked : .inUse)
        let power: LaneState.Power = state.charging ? .charging : (state.lowPowerMode ? .lowPowerMode : .onBattery)
        let last = lastDevice
        lastDevice = state
        count("battery", title: "battery", group: .device, unit: "%", divisor: 1, value: Int64(state.batteryLevel), at: time)
        let previousScreen = deviceLanes.state(of: "device-screen")
        let previousPower = deviceLanes.state(of: "device-power")
        deviceLanes.move("device-screen", title: "screen", group: .device, to: screen, at: time)
        deviceLanes.move("device-power", title: "power", group: .device, to: .power(power), at: time)
        // The first conditions (right after `run.start`) are the starting point, not a change.
        guard sequence > 1 else { return }
        var changes: [String] = []
        if previousScreen != screen { changes.append(state.locked ? "locked" : "unlocked") }
        if previousPower != .power(power) { changes.append(power.rawValue) }
        // Named as the trace names the fields; `last` is nil when no conditions came before, and then all are new.
        if last?.batteryLevel != state.batteryLevel { changes.append("batteryLevel \(state.batteryLevel)") }
        if last?.network != state.network { changes.append("network \(state.network.rawValue)") }
        if last?.lowDataMode != state.lowDataMode { changes.append("lowDataMode \(state.lowDataMode ? "on" : "off")") }
        if last?.backgroundAppRefresh != state.backgroundAppRefresh {
            changes.append("backgroundAppRefresh \(state.backgroundAppRefresh.rawValue)")
        }
        if last?.thermalState != state.thermalState { changes.append("thermalState \(state.thermalState.rawValue)") }
        story(time, .device, changes.joined(separator: ", "))
    }
}
