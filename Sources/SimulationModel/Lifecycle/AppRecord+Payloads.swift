import SimulationKernel

extension AppRecord {
    /// `app.state`: an app process changes state; on termination, why.
    public struct StateChange: Sendable, Hashable {
        /// How a process ended: the reason and the system's words.
        public struct Termination: Sendable, Hashable {
            /// Why it ended; the exception code, if any, follows from it.
            public var reason: TerminationReason
            /// What the system said.
            public var message: String

            /// Creates the termination.
            package init(reason: TerminationReason, message: String) {
                self.reason = reason
                self.message = message
            }
        }

        /// The process (1 for the first launch).
        public var process: Int
        /// The state it left.
        public var from: AppState.Name
        /// The state it moved to.
        public var to: AppState.Name
        /// What caused the change (`goHome`, `lock`, `bgTask <identifier>`...), if anything named did.
        public var cause: StateChangeCause?
        /// Set exactly when `to` is `terminated`.
        public var termination: Termination?

        /// A change between two living states; a termination has its own initializer.
        package init(process: Int, from: AppState.Name, to: AppState.Name, cause: StateChangeCause?) {
            precondition(to != .terminated, "a termination says why: use init(process:from:termination:)")
            self.process = process
            self.from = from
            self.to = to
            self.cause = cause
        }

        /// A termination.
        package init(process: Int, from: AppState.Name, termination: Termination) {
            self.process = process
            self.from = from
            self.to = .terminated
            self.termination = termination
        }
    }

    /// `app.callback`: a delegate callback starts or returns on the main lane.
    public struct Callback: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The callback, for example `didEnterBackground` or `userAction:<name>`.
        public var callback: String
        /// Whether the callback starts or returns.
        public var phase: CodePhase

        /// Creates the record.
        package init(process: Int, callback: String, phase: CodePhase) {
            self.process = process
            self.callback = callback
            self.phase = phase
        }
    }

    /// `app.work` and `app.wait`: the app starts CPU work, or starts waiting without CPU.
    public struct Activity: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// How long.
        public var duration: VirtualDuration
        /// Where the code runs.
        public var lane: CodeLane

        /// Creates the record.
        package init(process: Int, duration: VirtualDuration, lane: CodeLane) {
            self.process = process
            self.duration = duration
            self.lane = lane
        }
    }

    /// `app.save`: the app saved its state.
    public struct Save: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The checkpoint's name.
        public var checkpoint: String
        /// The work the save made safe.
        public var work: VirtualDuration

        /// Creates the record.
        package init(process: Int, checkpoint: String, work: VirtualDuration) {
            self.process = process
            self.checkpoint = checkpoint
            self.work = work
        }
    }

    /// `app.lock`: the app took or released a file or database lock.
    public struct Lock: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The lock's name.
        public var lock: String
        /// Whether the app took it (true) or released it (false).
        public var held: Bool

        /// Creates the record.
        init(process: Int, lock: String, held: Bool) {
            self.process = process
            self.lock = lock
            self.held = held
        }
    }

    /// `app.log`: a line of the app's own log.
    public struct Log: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The line.
        public var message: String
        /// Where the code that logged it ran.
        public var lane: CodeLane

        /// Creates the record.
        package init(process: Int, message: String, lane: CodeLane) {
            self.process = process
            self.message = message
            self.lane = lane
        }
    }

    /// `app.userActionIgnored`: a tap while the app was not in the foreground.
    public struct UserActionIgnored: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The action's name.
        public var userAction: String
        /// The app's state at the tap.
        public var state: AppState.Name

        /// Creates the record.
        init(process: Int, userAction: String, state: AppState.Name) {
            self.process = process
            self.userAction = userAction
            self.state = state
        }
    }

    /// How the app changed an output file.
    public enum OutputChange: String, Sendable, Hashable, CaseIterable {
        /// It wrote a unit.
        case write
        /// It asked to remove the file if partial.
        case remove
    }

    /// `app.output`: the app wrote a unit of an output file, or asked to remove a partial one.
    public struct Output: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The file's name.
        public var output: String
        /// What the app did to the file.
        public var change: OutputChange
        /// Units written so far, and units the whole file needs.
        public var units: Int
        /// Units the whole file needs.
        public var total: Int
        /// The file's state afterwards; nil when there is no such file.
        public var state: SavedState.Output.State?
        /// The continued task whose work it was, if any.
        public var identifier: String?

        /// Creates the record.
        package init(
            process: Int, output: String, change: OutputChange, units: Int, total: Int, state: SavedState.Output.State?,
            identifier: String?
        ) {
            self.process = process
            self.output = output
            self.change = change
            self.units = units
            self.total = total
            self.state = state
            self.identifier = identifier
        }
    }

    /// `app.updateUI`: main-actor code ran.
    public struct UpdateUI: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// Where the code ran.
        public var lane: CodeLane

        /// Creates the record.
        package init(process: Int, lane: CodeLane) {
            self.process = process
            self.lane = lane
        }
    }

    /// `app.stepIgnored`: a scenario step that has no meaning where it ran.
    public struct StepIgnored: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The step's name.
        public var step: String
        /// Why it has no meaning there.
        public var why: String

        /// Creates the record.
        package init(process: Int, step: String, why: String) {
            self.process = process
            self.step = step
            self.why = why
        }
    }
}

extension AppRecord.StateChange: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        // In key order, so the line needs no sorting: app.state is the most frequent kind.
        fields.add("cause", ifPresent: cause?.description)
        fields.add("code", ifPresent: termination?.reason.exceptionCode)
        fields.add("from", from)
        fields.add("message", ifPresent: termination?.message)
        fields.add("process", process)
        fields.add("reason", ifPresent: termination?.reason)
        fields.add("to", to)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        from = try fields.choice("from")
        to = try fields.choice("to")
        if let text = try fields.stringIfPresent("cause") {
            guard let cause = StateChangeCause(text) else {
                throw TraceDecodingError(field: "cause", reason: "is not a cause of a state change: \"\(text)\"")
            }
            self.cause = cause
        }
        if to == .terminated {
            let reason = try fields.choice("reason", TerminationReason.self)
            termination = Termination(reason: reason, message: try fields.string("message"))
            let code = try fields.stringIfPresent("code")
            guard code == reason.exceptionCode else {
                throw TraceDecodingError(field: "code", reason: "must be \(reason.exceptionCode.map { "\"\($0)\"" } ?? "absent") for \(reason.rawValue)")
            }
        }
    }
}

extension AppRecord.Callback: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("callback", callback)
        fields.add("phase", phase)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        callback = try fields.string("callback")
        phase = try fields.choice("phase")
    }
}

extension AppRecord.Activity: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("duration", duration)
        fields.add("lane", lane.name)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        duration = try fields.duration("duration")
        lane = CodeLane(name: try fields.string("lane"))
    }
}

extension AppRecord.Save: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("checkpoint", checkpoint)
        fields.add("process", process)
        fields.add("work", work)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        checkpoint = try fields.string("checkpoint")
        work = try fields.duration("work")
    }
}

extension AppRecord.Lock: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("held", held)
        fields.add("lock", lock)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        lock = try fields.string("lock")
        held = try fields.bool("held")
    }
}

extension AppRecord.Log: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("lane", lane.name)
        fields.add("message", message)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        message = try fields.string("message")
        lane = CodeLane(name: try fields.string("lane"))
    }
}

extension AppRecord.UserActionIgnored: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("process", process)
        fields.add("state", state)
        fields.add("userAction", userAction)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        userAction = try fields.string("userAction")
        state = try fields.choice("state")
    }
}

extension AppRecord.Output: TracePayload {
    /// The state written when there is no such file.
    private static let noFile = "none"

    func encode(to fields: inout TraceFieldWriter) {
        fields.add("change", change)
        fields.add("identifier", ifPresent: identifier)
        fields.add("output", output)
        fields.add("process", process)
        fields.add("state", state?.rawValue ?? Self.noFile)
        fields.add("total", total)
        fields.add("units", units)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        output = try fields.string("output")
        change = try fields.choice("change")
        units = try fields.smallCount("units")
        total = try fields.smallCount("total")
        let stateText = try fields.string("state")
        if stateText == Self.noFile {
            state = nil
        } else if let known = SavedState.Output.State(rawValue: stateText) {
            state = known
        } else {
            throw TraceDecodingError(field: "state", reason: "must be \"partial\", \"complete\", \"removed\" or \"none\", not \"\(stateText)\"")
        }
        identifier = try fields.stringIfPresent("identifier")
    }
}

extension AppRecord.UpdateUI: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("lane", lane.name)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        lane = CodeLane(name: try fields.string("lane"))
    }
}

extension AppRecord.StepIgnored: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("process", process)
        fields.add("step", step)
        fields.add("why", why)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        step = try fields.string("step")
        why = try fields.string("why")
    }
}
