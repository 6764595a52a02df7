/// The records of silent push: a push reaching the device, what the system did with it, and the app's completion handler.
public enum PushRecord: Sendable, Hashable {
    /// `push.received`: a remote notification reached the device (the timeline's `push`).
    case received(Received)
    /// `push.outcome`: what the system did with a push (held, coalesced, dropped, discarded, delivered).
    case outcome(Outcome)
    /// `push.completion`: the app's `fetchCompletionHandler` was called, called again, or never called in time.
    case completion(Completion)

    /// The kinds of push records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case received = "push.received"
        case outcome = "push.outcome"
        case completion = "push.completion"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .received: .received
        case .outcome: .outcome
        case .completion: .completion
        }
    }
}

extension PushRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .received(let record): record.encode(to: &fields)
        case .outcome(let record): record.encode(to: &fields)
        case .completion(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .received: self = .received(try Received(from: &fields))
        case .outcome: self = .outcome(try Outcome(from: &fields))
        case .completion: self = .completion(try Completion(from: &fields))
        }
    }
}

extension PushRecord {
    /// `push.received`: a remote notification reached the device (the timeline's `push`).
    public struct Received: Sendable, Hashable {
        /// The push's number in the run (1 for the first).
        public var push: Int
        /// Whether the payload has `content-available: 1` (a silent push).
        public var contentAvailable: Bool
        /// The `apns-push-type` header.
        public var pushType: RemoteNotification.PushType
        /// The `apns-priority` header (5 or 10).
        public var priority: Int

        /// Creates the record.
        package init(push: Int, notification: RemoteNotification) {
            self.push = push
            self.contentAvailable = notification.contentAvailable
            self.pushType = notification.pushType
            self.priority = notification.priority
        }
    }

    /// What the system did with a push.
    public enum Disposition: String, Sendable, Hashable, CaseIterable {
        /// Held back by the rate limit, to be delivered later.
        case held
        /// A held push replaced by a newer one: the system keeps only the newest.
        case coalesced
        /// Never delivered, for the reason given.
        case dropped
        /// A held push thrown away because the app was terminated.
        case discarded
        /// Handed to the app.
        case delivered
    }

    /// `push.outcome`: what the system did with a push (held, coalesced, dropped, discarded, delivered).
    public struct Outcome: Sendable, Hashable {
        /// The push's number in the run (1 for the first).
        public var push: Int
        /// What the system did with it.
        public var outcome: Disposition
        /// Why, for every outcome but `delivered` (and for a held push delivered when the person opened the app).
        public var why: PushReason?
        /// The process it was delivered to.
        public var process: Int?
        /// How it reached the app, when delivered.
        public var wake: ServiceWake?

        /// Creates the record.
        package init(push: Int, outcome: Disposition, why: PushReason? = nil, process: Int? = nil, wake: ServiceWake? = nil) {
            self.push = push
            self.outcome = outcome
            self.why = why
            self.process = process
            self.wake = wake
        }
    }

    /// What happened to a push handler's completion handler.
    public enum CompletionPhase: String, Sendable, Hashable, CaseIterable {
        /// The app called it in time.
        case called
        /// The app called it again after the first call.
        case calledAgain
        /// The time ran out before the app called it: the app was terminated.
        case timedOut
    }

    /// `push.completion`: the app's `fetchCompletionHandler` was called, called again, or never called in time.
    public struct Completion: Sendable, Hashable {
        /// The push's number in the run (1 for the first).
        public var push: Int
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// Whether the handler was called, called again, or never called in time.
        public var phase: CompletionPhase
        /// The result the app reported, when it called the handler.
        public var result: BackgroundFetchResult?

        /// Creates the record.
        package init(push: Int, process: Int, phase: CompletionPhase, result: BackgroundFetchResult? = nil) {
            self.push = push
            self.process = process
            self.phase = phase
            self.result = result
        }
    }
}

extension PushRecord.Received: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("contentAvailable", contentAvailable)
        fields.add("priority", priority)
        fields.add("push", push)
        fields.add("pushType", pushType)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        push = try fields.smallCount("push")
        contentAvailable = try fields.bool("contentAvailable")
        pushType = try fields.choice("pushType")
        priority = try fields.smallCount("priority")
    }
}

extension PushRecord.Outcome: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("outcome", outcome)
        fields.add("process", ifPresent: process)
        fields.add("push", push)
        fields.add("wake", ifPresent: wake)
        fields.add("why", ifPresent: why?.description)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        push = try fields.smallCount("push")
        outcome = try fields.choice("outcome")
        if let text = try fields.stringIfPresent("why") {
            guard let reason = PushReason(text) else {
                throw TraceDecodingError(field: "why", reason: "is not a reason the system gives for a push: \"\(text)\"")
            }
            why = reason
        }
        process = try fields.smallCountIfPresent("process")
        wake = try fields.choiceIfPresent("wake")
    }
}

extension PushRecord.Completion: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("phase", phase)
        fields.add("process", process)
        fields.add("push", push)
        fields.add("result", ifPresent: result)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        push = try fields.smallCount("push")
        process = try fields.smallCount("process")
        phase = try fields.choice("phase")
        result = try fields.choiceIfPresent("result")
    }
}
