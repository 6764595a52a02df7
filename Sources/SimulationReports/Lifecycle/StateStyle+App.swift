import SimulationModel

extension StateStyle {
    /// How every report shows an app process's lane in each of its states.
    static func of(app: AppState.Name) -> StateStyle {
        let state = LaneState.app(app)
        return switch app {
        case .notRunning: StateStyle(state, "not running", "#eef0f3", "#5b6470", " ", "2", 0)
        case .launchingForeground: StateStyle(state, "launching", "#a78bfa", "#ffffff", "▒", "35", 3, busy: true)
        case .launchingBackground: StateStyle(state, "launching in background", "#c4b5fd", "#2e1065", "▒", "35", 3, busy: true)
        case .foregroundActive: StateStyle(state, "foreground", "#2563eb", "#ffffff", "█", "34", 2)
        case .foregroundInactive: StateStyle(state, "inactive", "#93c5fd", "#0b2a5b", "▇", "94", 2)
        case .background: StateStyle(state, "background", "#f59e0b", "#3b2300", "▓", "33", 4, busy: true)
        case .suspended: StateStyle(state, "suspended", "#d5d9e0", "#3f4650", "░", "90", 1)
        case .terminated: StateStyle(state, "terminated", "#374151", "#ffffff", "╳", "31", 5)
        }
    }
}
