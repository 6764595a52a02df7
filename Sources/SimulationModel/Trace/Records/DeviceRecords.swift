extension TraceRecord {
    /// `device.state`: the conditions the system weighs, at the start and after each change.
    ///
    /// Whether the device supports background GPU use is hardware: it is in
    /// ``RunStart`` and never changes.
    public struct DeviceState: Sendable, Hashable {
        public var locked: Bool
        public var charging: Bool
        /// Battery level in percent, 0 to 100.
        public var batteryLevel: Int
        public var network: DeviceConditions.Network
        public var lowDataMode: Bool
        public var lowPowerMode: Bool
        public var backgroundAppRefresh: DeviceConditions.RefreshStatus
        public var thermalState: DeviceConditions.ThermalState

        /// The record of `conditions`.
        public init(_ conditions: DeviceConditions) {
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

    /// `user.action`: a timeline entry happens (the person, or the system acting for the scenario).
    public struct UserAction: Sendable, Hashable {
        /// Which action.
        public var action: SimulationModel.UserAction.Name
        /// The scenario's comment, if it has one.
        public var note: String?
        /// The app action a `tap` runs.
        public var run: String?
        /// The task a `cancelLiveActivity` or `answerPrompt` names, if it names one.
        public var identifier: String?
        /// The answer of an `answerPrompt`.
        public var answer: PromptAnswer?
        /// The build an `updateApp` installs.
        public var build: String?

        /// The record of `action` with its `note`.
        public init(_ action: SimulationModel.UserAction, note: String?) {
            self.action = action.name
            self.note = note
            switch action {
            case .tap(let name):
                run = name
            case .cancelLiveActivity(let identifier):
                self.identifier = identifier
            case .answerPrompt(let identifier, let answer):
                self.identifier = identifier
                self.answer = answer
            case .updateApp(let build):
                self.build = build
            default:
                break
            }
        }
    }

    /// `user.actionIgnored`: the last action did not apply, and why.
    public struct UserActionIgnored: Sendable, Hashable {
        /// Why, in words.
        public var why: String

        /// Creates the record.
        public init(why: String) {
            self.why = why
        }
    }
}

extension TraceRecord.DeviceState: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("backgroundAppRefresh", backgroundAppRefresh)
        fields.add("batteryLevel", batteryLevel)
        fields.add("charging", charging)
        fields.add("locked", locked)
        fields.add("lowDataMode", lowDataMode)
        fields.add("lowPowerMode", lowPowerMode)
        fields.add("network", network)
        fields.add("thermalState", thermalState)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
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

extension TraceRecord.UserAction: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("action", action)
        fields.add("answer", ifPresent: answer)
        fields.add("build", ifPresent: build)
        fields.add("identifier", ifPresent: identifier)
        fields.add("note", ifPresent: note)
        fields.add("run", ifPresent: run)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        action = try fields.choice("action")
        note = try fields.stringIfPresent("note")
        run = try fields.stringIfPresent("run")
        identifier = try fields.stringIfPresent("identifier")
        answer = try fields.choiceIfPresent("answer")
        build = try fields.stringIfPresent("build")
    }
}

extension TraceRecord.UserActionIgnored: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("why", why)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        why = try fields.string("why")
    }
}
