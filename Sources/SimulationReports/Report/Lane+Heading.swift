extension Lane.Group {
    /// The heading of the group in reports.
    var heading: String {
        switch self {
        case .app: "App process"
        case .backgroundTasks: "Background tasks"
        case .scheduledTasks: "Scheduled tasks"
        case .liveActivities: "Live activities"
        case .pushes: "Silent pushes"
        case .transfers: "Background transfers"
        case .device: "Device"
        }
    }
}
