import SimulationKernel

extension TaskRecord {
    /// Why the system launched a pending request.
    public enum LaunchCause: String, Sendable, Hashable, CaseIterable {
        /// The launch policy chose the instant.
        case policy
        /// The debugger's `_simulateLaunchForTaskWithIdentifier:`.
        case simulateLaunch
    }

    /// `bgTask.launchRequest`: the system launches a pending request.
    public struct LaunchRequest: Sendable, Hashable {
        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// The kind of background task.
        public var type: TaskKind
        /// Why the system launches it.
        public var cause: LaunchCause

        /// Creates the record.
        init(identifier: String, type: TaskKind, cause: LaunchCause) {
            self.identifier = identifier
            self.type = type
            self.cause = cause
        }
    }

    /// `bgTask.start`: the launch handler is called.
    public struct Start: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// The kind of background task.
        public var type: TaskKind
        /// When its time runs out; nil for continued processing, which has no fixed limit.
        public var deadline: VirtualInstant?
        /// Where the launch handler runs.
        public var queue: HandlerQueue

        /// Creates the record.
        init(process: Int, identifier: String, type: TaskKind, deadline: VirtualInstant?, queue: HandlerQueue) {
            self.process = process
            self.identifier = identifier
            self.type = type
            self.deadline = deadline
            self.queue = queue
        }
    }

    /// `bgTask.expire`: a task's time ran out, or the system or the person stopped it.
    public struct Expire: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// Why, in words (`time ran out`, `progress stalled`...).
        public var reason: String

        /// Creates the record.
        init(process: Int, identifier: String, reason: String) {
            self.process = process
            self.identifier = identifier
            self.reason = reason
        }
    }

    /// `bgTask.workCancelled`: the app cancelled a task's work.
    public struct WorkCancelled: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The task request's identifier, as the app registered it.
        public var identifier: String

        /// Creates the record.
        package init(process: Int, identifier: String) {
            self.process = process
            self.identifier = identifier
        }
    }

    /// How a launched task ended.
    public enum Ending: String, Sendable, Hashable, CaseIterable {
        /// The app called `setTaskCompleted` before it expired.
        case completed
        /// It expired (and then completed, or was marked complete by the system).
        case expired
        /// Its process ended first: the app heard nothing.
        case processEnded
    }

    /// What a continued processing task's own work left in its output files.
    public enum OutputLeft: String, Sendable, Hashable, CaseIterable {
        case complete
        case partial
        case none
    }

    /// `bgTask.end`: a task ended, exactly once per `bgTask.start`.
    public struct End: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// How it ended.
        public var how: Ending
        /// What was passed to `setTaskCompleted(success:)` (false when the system ended it).
        public var success: Bool
        /// Continued processing: what its work left behind; nil for other kinds.
        public var output: OutputLeft?

        /// Creates the record.
        package init(process: Int, identifier: String, how: Ending, success: Bool, output: OutputLeft?) {
            self.process = process
            self.identifier = identifier
            self.how = how
            self.success = success
            self.output = output
        }
    }
}

extension TaskRecord.LaunchRequest: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("cause", cause)
        fields.add("identifier", identifier)
        fields.add("type", type)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        identifier = try fields.string("identifier")
        type = try fields.choice("type")
        cause = try fields.choice("cause")
    }
}

extension TaskRecord.Start: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("deadline", orMinusOne: deadline)
        fields.add("identifier", identifier)
        fields.add("process", process)
        fields.add("queue", queue)
        fields.add("type", type)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        type = try fields.choice("type")
        deadline = try fields.instantOrMinusOne("deadline")
        queue = try fields.choice("queue")
    }
}

extension TaskRecord.Expire: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("process", process)
        fields.add("reason", reason)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        reason = try fields.string("reason")
    }
}

extension TaskRecord.WorkCancelled: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
    }
}

extension TaskRecord.End: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("how", how)
        fields.add("identifier", identifier)
        fields.add("output", ifPresent: output)
        fields.add("process", process)
        fields.add("success", success)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        how = try fields.choice("how")
        success = try fields.bool("success")
        output = try fields.choiceIfPresent("output")
    }
}
