extension Timeline.Entry {
    /// Who tells a line of the story.
    ///
    /// Reports write its ``name`` and pick colours and CSS classes by the case,
    /// never by comparing names.
    enum Actor: Sendable, Hashable {
        /// The person using the device (or the scenario acting for them).
        case user
        /// The device's conditions.
        case device
        /// An app process, by number.
        case app(process: Int)
        /// A background task (`beginBackgroundTask`), by identifier.
        case task(identifier: Int)
        /// The system's console.
        case console
        /// A diagnostic, by rule id.
        case diagnostic(rule: String)
        /// `BGTaskScheduler`, answering the app.
        case scheduler
        /// The system acting by itself: launches, expirations, ends.
        case system
        /// A continued processing task's Live Activity.
        case liveActivity
        /// bgsim itself, stopping a runaway run.
        case bgsim

        /// The name reports write: `user`, `device`, `app #1`, `task 1`, `console`, `! BGS001`, `scheduler`, `system`, `live`, `bgsim`.
        var name: String {
            switch self {
            case .user: "user"
            case .device: "device"
            case .app(let process): "app #\(process)"
            case .task(let identifier): "task \(identifier)"
            case .console: "console"
            case .diagnostic(let rule): "! \(rule)"
            case .scheduler: "scheduler"
            case .system: "system"
            case .liveActivity: "live"
            case .bgsim: "bgsim"
            }
        }
    }
}
