import SimulationKernel

extension TaskRecord {
    /// `bgTask.waiting`: why a pending request has not been launched, recorded at a re-plan when the answer changes.
    ///
    /// The scheduler asks the `LaunchPolicy` about every pending request
    /// whenever something it weighs changes, and writes this record when a
    /// request's answer differs from the last one it wrote for it (and after
    /// each submission). A request that may run at once writes nothing: its
    /// launch follows at the same instant.
    public struct Waiting: Sendable, Hashable {
        /// What holds a pending request back.
        public enum Reason: Sendable, Hashable {
            /// A condition holds it back: the first one the policy found.
            case blocked(LaunchBlocker)
            /// Nothing holds it back: the policy launches it at this instant unless something changes first.
            case ready(at: VirtualInstant)
        }

        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// The kind of background task.
        public var type: TaskKind
        /// What holds the request back, or the instant it launches.
        public var reason: Reason

        /// Creates the record.
        package init(identifier: String, type: TaskKind, reason: Reason) {
            self.identifier = identifier
            self.type = type
            self.reason = reason
        }
    }
}

extension TaskRecord.Waiting: TracePayload {
    /// The `reason` of a request nothing holds back.
    static let readyName = "ready"

    func encode(to fields: inout TraceFieldWriter) {
        // In key order: backgroundAppRefresh, identifier, readyAt, reason, running, thermalState, type.
        if case .blocked(.backgroundAppRefresh(let status)) = reason { fields.add("backgroundAppRefresh", status) }
        fields.add("identifier", identifier)
        if case .ready(let instant) = reason { fields.add("readyAt", instant) }
        switch reason {
        case .blocked(let blocker): fields.add("reason", blocker.name)
        case .ready: fields.add("reason", Self.readyName)
        }
        if case .blocked(.concurrencyLimit(let running)) = reason { fields.add("running", running) }
        if case .blocked(.thermalState(let state)) = reason { fields.add("thermalState", state) }
        fields.add("type", type)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        identifier = try fields.string("identifier")
        type = try fields.choice("type")
        let name = try fields.string("reason")
        switch name {
        case Self.readyName: reason = .ready(at: try fields.instant("readyAt"))
        case "closedInAppSwitcher": reason = .blocked(.closedInAppSwitcher)
        case "appInForeground": reason = .blocked(.appInForeground)
        case "alreadyRunning": reason = .blocked(.alreadyRunning)
        case "lowPowerMode": reason = .blocked(.lowPowerMode)
        case "backgroundAppRefresh": reason = .blocked(.backgroundAppRefresh(try fields.choice("backgroundAppRefresh")))
        case "lowBattery": reason = .blocked(.lowBattery)
        case "thermalState": reason = .blocked(.thermalState(try fields.choice("thermalState")))
        case "deviceInUse": reason = .blocked(.deviceInUse)
        case "needsExternalPower": reason = .blocked(.needsExternalPower)
        case "needsNetwork": reason = .blocked(.needsNetwork)
        case "appNotUsedRecently": reason = .blocked(.appNotUsedRecently)
        case "appNotRunning": reason = .blocked(.appNotRunning)
        case "concurrencyLimit": reason = .blocked(.concurrencyLimit(running: try fields.smallCount("running")))
        default:
            let names = ([Self.readyName] + LaunchBlocker.names).map { "\"\($0)\"" }.joined(separator: ", ")
            throw TraceDecodingError(field: "reason", reason: "must be one of \(names), not \"\(name)\"")
        }
    }
}
