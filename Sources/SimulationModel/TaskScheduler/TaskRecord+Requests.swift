extension TaskRecord {
    /// Where a launch handler runs: the main queue (`using: .main`) or a background queue (`using: nil`).
    public enum HandlerQueue: String, Sendable, Hashable, CaseIterable {
        case main
        case background
    }

    /// `bgTask.register`: a launch handler was registered, or `register` returned false.
    public struct Register: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// Whether it registered; false when the identifier is not permitted.
        public var registered: Bool
        /// Where the handler runs, when it registered.
        public var queue: HandlerQueue?

        /// Creates the record.
        package init(process: Int, identifier: String, registered: Bool, queue: HandlerQueue?) {
            self.process = process
            self.identifier = identifier
            self.registered = registered
            self.queue = queue
        }
    }

    /// `bgTask.submit`: a request is pending.
    public struct Submit: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
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
        package init(process: Int, request: TaskRequest, personAction: String?, replaced: Bool, queued: Bool) {
            self.process = process
            self.request = request
            self.personAction = personAction
            self.replaced = replaced
            self.queued = queued
        }
    }

    /// `bgTask.submitFailed`: `submit` threw.
    public struct SubmitFailed: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The request the app tried to submit.
        public var request: TaskRequest
        /// Continued processing: the person's action being handled, if any.
        public var personAction: String?
        /// The error thrown.
        public var error: SubmitError
        /// Why, in words.
        public var why: String

        /// Creates the record.
        init(process: Int, request: TaskRequest, personAction: String?, error: SubmitError, why: String) {
            self.process = process
            self.request = request
            self.personAction = personAction
            self.error = error
            self.why = why
        }
    }

    /// `bgTask.dropped`: the system cancelled a queued continued processing request: its process ended.
    public struct Dropped: Sendable, Hashable {
        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// The kind of background task.
        public var type: TaskKind
        /// Why, in words.
        public var reason: String

        /// Creates the record.
        init(identifier: String, type: TaskKind, reason: String) {
            self.identifier = identifier
            self.type = type
            self.reason = reason
        }
    }

    /// `bgTask.cancel`: `cancel(taskRequestWithIdentifier:)`.
    public struct Cancel: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// Whether a pending request had that identifier.
        public var found: Bool

        /// Creates the record.
        init(process: Int, identifier: String, found: Bool) {
            self.process = process
            self.identifier = identifier
            self.found = found
        }
    }

    /// `bgTask.cancelAll`: `cancelAllTaskRequests()`.
    public struct CancelAll: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// How many requests were pending.
        public var count: Int

        /// Creates the record.
        init(process: Int, count: Int) {
            self.process = process
            self.count = count
        }
    }
}

extension TaskRequest {
    /// The request's fields in `bgTask.submit` and `bgTask.submitFailed`: each kind writes its own.
    fileprivate func encodeSubmission(personAction: String?, to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("type", kind)
        fields.add("earliestBegin", orMinusOne: earliestBegin)
        kind.behavior.encodeFields(of: self, personAction: personAction, to: &fields)
    }

    fileprivate static func decodeSubmission(
        from fields: inout TraceFieldReader
    ) throws(TraceDecodingError) -> (request: TaskRequest, personAction: String?) {
        var request = TaskRequest(identifier: try fields.string("identifier"), kind: try fields.choice("type"))
        request.earliestBegin = try fields.instantOrMinusOne("earliestBegin")
        let personAction = try request.kind.behavior.decodeFields(into: &request, from: &fields)
        return (request, personAction)
    }
}

extension TaskRecord.Register: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("process", process)
        fields.add("queue", ifPresent: queue)
        fields.add("registered", registered)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        registered = try fields.bool("registered")
        queue = try fields.choiceIfPresent("queue")
    }
}

extension TaskRecord.Submit: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("process", process)
        request.encodeSubmission(personAction: personAction, to: &fields)
        fields.add("replaced", replaced)
        if request.kind.behavior.hasConcurrencySlots { fields.add("queued", queued) }
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        (request, personAction) = try TaskRequest.decodeSubmission(from: &fields)
        replaced = try fields.bool("replaced")
        queued = request.kind.behavior.hasConcurrencySlots ? try fields.bool("queued") : false
    }
}

extension TaskRecord.SubmitFailed: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("process", process)
        request.encodeSubmission(personAction: personAction, to: &fields)
        fields.add("error", error.name)
        fields.add("why", why)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
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

extension TaskRecord.Dropped: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("reason", reason)
        fields.add("type", type)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        identifier = try fields.string("identifier")
        type = try fields.choice("type")
        reason = try fields.string("reason")
    }
}

extension TaskRecord.Cancel: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("found", found)
        fields.add("identifier", identifier)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        found = try fields.bool("found")
    }
}

extension TaskRecord.CancelAll: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("count", count)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        count = try fields.smallCount("count")
    }
}
