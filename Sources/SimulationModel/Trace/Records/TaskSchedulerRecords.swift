extension TraceRecord {
    /// Where a launch handler runs: the main queue (`using: .main`) or a background queue (`using: nil`).
    public enum HandlerQueue: String, Sendable, Hashable, CaseIterable {
        case main
        case background
    }

    /// `bgTask.register`: a launch handler was registered, or `register` returned false.
    public struct TaskRegister: Sendable, Hashable {
        public var process: Int
        public var identifier: String
        /// Whether it registered; false when the identifier is not permitted.
        public var registered: Bool
        /// Where the handler runs, when it registered.
        public var queue: HandlerQueue?

        /// Creates the record.
        public init(process: Int, identifier: String, registered: Bool, queue: HandlerQueue?) {
            self.process = process
            self.identifier = identifier
            self.registered = registered
            self.queue = queue
        }
    }

    /// `bgTask.submit`: a request is pending.
    public struct TaskSubmit: Sendable, Hashable {
        public var process: Int
        /// The request as the system holds it.
        public var request: TaskRequest
        /// Continued processing: the person's action being handled when it was submitted, if any.
        public var personAction: String?
        /// Whether it replaced a pending request with the same identifier.
        public var replaced: Bool
        /// Continued processing: whether it waits for a free slot; always false for other kinds.
        public var queued: Bool

        /// Creates the record.
        public init(process: Int, request: TaskRequest, personAction: String?, replaced: Bool, queued: Bool) {
            self.process = process
            self.request = request
            self.personAction = personAction
            self.replaced = replaced
            self.queued = queued
        }
    }

    /// `bgTask.submitFailed`: `submit` threw.
    public struct TaskSubmitFailed: Sendable, Hashable {
        public var process: Int
        public var request: TaskRequest
        /// Continued processing: the person's action being handled, if any.
        public var personAction: String?
        /// The error thrown.
        public var error: SubmitError
        /// Why, in words.
        public var why: String

        /// Creates the record.
        public init(process: Int, request: TaskRequest, personAction: String?, error: SubmitError, why: String) {
            self.process = process
            self.request = request
            self.personAction = personAction
            self.error = error
            self.why = why
        }
    }

    /// `bgTask.dropped`: the system cancelled a queued continued processing request: its process ended.
    public struct TaskDropped: Sendable, Hashable {
        public var identifier: String
        public var type: TaskKind
        public var reason: String

        /// Creates the record.
        public init(identifier: String, type: TaskKind, reason: String) {
            self.identifier = identifier
            self.type = type
            self.reason = reason
        }
    }

    /// `bgTask.cancel`: `cancel(taskRequestWithIdentifier:)`.
    public struct TaskCancel: Sendable, Hashable {
        public var process: Int
        public var identifier: String
        /// Whether a pending request had that identifier.
        public var found: Bool

        /// Creates the record.
        public init(process: Int, identifier: String, found: Bool) {
            self.process = process
            self.identifier = identifier
            self.found = found
        }
    }

    /// `bgTask.cancelAll`: `cancelAllTaskRequests()`.
    public struct TaskCancelAll: Sendable, Hashable {
        public var process: Int
        /// How many requests were pending.
        public var count: Int

        /// Creates the record.
        public init(process: Int, count: Int) {
            self.process = process
            self.count = count
        }
    }

    /// Why the system launched a pending request.
    public enum LaunchCause: String, Sendable, Hashable, CaseIterable {
        /// The launch policy chose the instant.
        case policy
        /// The debugger's `_simulateLaunchForTaskWithIdentifier:`.
        case simulateLaunch
    }

    /// `bgTask.launchRequest`: the system launches a pending request.
    public struct TaskLaunchRequest: Sendable, Hashable {
        public var identifier: String
        public var type: TaskKind
        public var cause: LaunchCause

        /// Creates the record.
        public init(identifier: String, type: TaskKind, cause: LaunchCause) {
            self.identifier = identifier
            self.type = type
            self.cause = cause
        }
    }

    /// `bgTask.start`: the launch handler is called.
    public struct TaskStart: Sendable, Hashable {
        public var process: Int
        public var identifier: String
        public var type: TaskKind
        /// When its time runs out; nil for continued processing, which has no fixed limit.
        public var deadline: Int64?
        public var queue: HandlerQueue

        /// Creates the record.
        public init(process: Int, identifier: String, type: TaskKind, deadline: Int64?, queue: HandlerQueue) {
            self.process = process
            self.identifier = identifier
            self.type = type
            self.deadline = deadline
            self.queue = queue
        }
    }

    /// `bgTask.expire`: a task's time ran out, or the system or the person stopped it.
    public struct TaskExpire: Sendable, Hashable {
        public var process: Int
        public var identifier: String
        /// Why, in words (`time ran out`, `progress stalled`...).
        public var reason: String

        /// Creates the record.
        public init(process: Int, identifier: String, reason: String) {
            self.process = process
            self.identifier = identifier
            self.reason = reason
        }
    }

    /// `bgTask.workCancelled`: the app cancelled a task's work.
    public struct TaskWorkCancelled: Sendable, Hashable {
        public var process: Int
        public var identifier: String

        /// Creates the record.
        public init(process: Int, identifier: String) {
            self.process = process
            self.identifier = identifier
        }
    }

    /// How a launched task ended.
    public enum TaskEnding: String, Sendable, Hashable, CaseIterable {
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
    public struct TaskEnd: Sendable, Hashable {
        public var process: Int
        public var identifier: String
        public var how: TaskEnding
        /// What was passed to `setTaskCompleted(success:)` (false when the system ended it).
        public var success: Bool
        /// Continued processing: what its work left behind; nil for other kinds.
        public var output: OutputLeft?

        /// Creates the record.
        public init(process: Int, identifier: String, how: TaskEnding, success: Bool, output: OutputLeft?) {
            self.process = process
            self.identifier = identifier
            self.how = how
            self.success = success
            self.output = output
        }
    }
}

extension TaskRequest {
    /// The request's fields in `bgTask.submit` and `bgTask.submitFailed`: each kind writes its own.
    fileprivate func encodeSubmission(personAction: String?, to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("type", kind)
        fields.add("earliestBegin", orMinusOne: earliestBegin)
        if kind == .continuedProcessing {
            fields.add("title", title)
            fields.add("subtitle", subtitle)
            fields.add("strategy", strategy)
            fields.add("requiredResources", requiresGPU ? "gpu" : "default")
            fields.add("personAction", personAction ?? "")
        } else {
            fields.add("requiresNetworkConnectivity", requiresNetworkConnectivity)
            fields.add("requiresExternalPower", requiresExternalPower)
        }
    }

    fileprivate static func decodeSubmission(
        from fields: inout TraceFieldReader
    ) throws(TraceDecodingError) -> (request: TaskRequest, personAction: String?) {
        var request = TaskRequest(identifier: try fields.string("identifier"), kind: try fields.choice("type"))
        request.earliestBegin = try fields.orMinusOne("earliestBegin")
        var personAction: String?
        if request.kind == .continuedProcessing {
            request.title = try fields.string("title")
            request.subtitle = try fields.string("subtitle")
            request.strategy = try fields.choice("strategy")
            switch try fields.string("requiredResources") {
            case "gpu": request.requiresGPU = true
            case "default": request.requiresGPU = false
            case let other: throw TraceDecodingError(field: "requiredResources", reason: "must be \"default\" or \"gpu\", not \"\(other)\"")
            }
            let action = try fields.string("personAction")
            personAction = action.isEmpty ? nil : action
        } else {
            request.requiresNetworkConnectivity = try fields.bool("requiresNetworkConnectivity")
            request.requiresExternalPower = try fields.bool("requiresExternalPower")
        }
        return (request, personAction)
    }
}

extension TraceRecord.TaskRegister: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("process", process)
        fields.add("queue", ifPresent: queue)
        fields.add("registered", registered)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        registered = try fields.bool("registered")
        queue = try fields.choiceIfPresent("queue")
    }
}

extension TraceRecord.TaskSubmit: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("process", process)
        request.encodeSubmission(personAction: personAction, to: &fields)
        fields.add("replaced", replaced)
        if request.kind == .continuedProcessing { fields.add("queued", queued) }
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        (request, personAction) = try TaskRequest.decodeSubmission(from: &fields)
        replaced = try fields.bool("replaced")
        queued = request.kind == .continuedProcessing ? try fields.bool("queued") : false
    }
}

extension TraceRecord.TaskSubmitFailed: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("process", process)
        request.encodeSubmission(personAction: personAction, to: &fields)
        fields.add("error", error.name)
        fields.add("why", why)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        (request, personAction) = try TaskRequest.decodeSubmission(from: &fields)
        let name = try fields.string("error")
        guard let error = SubmitError.allCases.first(where: { $0.name == name }) else {
            throw TraceDecodingError(
                field: "error", reason: "must be one of " + SubmitError.allCases.map { "\"\($0.name)\"" }.joined(separator: ", "))
        }
        self.error = error
        why = try fields.string("why")
    }
}

extension TraceRecord.TaskDropped: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("reason", reason)
        fields.add("type", type)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        identifier = try fields.string("identifier")
        type = try fields.choice("type")
        reason = try fields.string("reason")
    }
}

extension TraceRecord.TaskCancel: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("found", found)
        fields.add("identifier", identifier)
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        found = try fields.bool("found")
    }
}

extension TraceRecord.TaskCancelAll: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("count", count)
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        count = try fields.smallCount("count")
    }
}

extension TraceRecord.TaskLaunchRequest: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("cause", cause)
        fields.add("identifier", identifier)
        fields.add("type", type)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        identifier = try fields.string("identifier")
        type = try fields.choice("type")
        cause = try fields.choice("cause")
    }
}

extension TraceRecord.TaskStart: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("deadline", orMinusOne: deadline)
        fields.add("identifier", identifier)
        fields.add("process", process)
        fields.add("queue", queue)
        fields.add("type", type)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        type = try fields.choice("type")
        deadline = try fields.orMinusOne("deadline")
        queue = try fields.choice("queue")
    }
}

extension TraceRecord.TaskExpire: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("process", process)
        fields.add("reason", reason)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        reason = try fields.string("reason")
    }
}

extension TraceRecord.TaskWorkCancelled: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
    }
}

extension TraceRecord.TaskEnd: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("how", how)
        fields.add("identifier", identifier)
        fields.add("output", ifPresent: output)
        fields.add("process", process)
        fields.add("success", success)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        how = try fields.choice("how")
        success = try fields.bool("success")
        output = try fields.choiceIfPresent("output")
    }
}
