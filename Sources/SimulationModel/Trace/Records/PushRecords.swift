extension TraceRecord {
    /// `push.received`: a remote notification reached the device (the timeline's `push`).
    public struct PushReceived: Sendable, Hashable {
        /// The push's number in the run (1 for the first).
        public var push: Int
        public var contentAvailable: Bool
        public var pushType: RemoteNotification.PushType
        public var priority: Int

        /// Creates the record.
        public init(push: Int, notification: RemoteNotification) {
            self.push = push
            self.contentAvailable = notification.contentAvailable
            self.pushType = notification.pushType
            self.priority = notification.priority
        }
    }

    /// What the system did with a push.
    public enum PushDisposition: String, Sendable, Hashable, CaseIterable {
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

    /// How a delivered push reached the app.
    public enum PushWake: String, Sendable, Hashable, CaseIterable {
        /// The app was running (foreground or background).
        case running
        /// The app was suspended and woken into the background.
        case woken
        /// The app was not running and was launched into the background.
        case launched
    }

    /// `push.outcome`: what the system did with a push (held, coalesced, dropped, discarded, delivered).
    public struct PushOutcome: Sendable, Hashable {
        public var push: Int
        public var outcome: PushDisposition
        /// Why, for every outcome but `delivered`.
        public var why: String?
        /// The process it was delivered to.
        public var process: Int?
        /// How it reached the app, when delivered.
        public var wake: PushWake?

        /// Creates the record.
        public init(push: Int, outcome: PushDisposition, why: String? = nil, process: Int? = nil, wake: PushWake? = nil) {
            self.push = push
            self.outcome = outcome
            self.why = why
            self.process = process
            self.wake = wake
        }
    }

    /// What happened to a push handler's completion handler.
    public enum PushCompletionPhase: String, Sendable, Hashable, CaseIterable {
        /// The app called it in time.
        case called
        /// The app called it again after the first call.
        case calledAgain
        /// The time ran out before the app called it: the app was terminated.
        case timedOut
    }

    /// `push.completion`: the app's `fetchCompletionHandler` was called, called again, or never called in time.
    public struct PushCompletion: Sendable, Hashable {
        public var push: Int
        public var process: Int
        public var phase: PushCompletionPhase
        /// The result the app reported, when it called the handler.
        public var result: BackgroundFetchResult?

        /// Creates the record.
        public init(push: Int, process: Int, phase: PushCompletionPhase, result: BackgroundFetchResult? = nil) {
            self.push = push
            self.process = process
            self.phase = phase
            self.result = result
        }
    }
}

extension TraceRecord.PushReceived: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("contentAvailable", contentAvailable)
        fields.add("priority", priority)
        fields.add("push", push)
        fields.add("pushType", pushType)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        push = try fields.smallCount("push")
        contentAvailable = try fields.bool("contentAvailable")
        pushType = try fields.choice("pushType")
        priority = try fields.smallCount("priority")
    }
}

extension TraceRecord.PushOutcome: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("outcome", outcome)
        fields.add("process", ifPresent: process)
        fields.add("push", push)
        fields.add("wake", ifPresent: wake)
        fields.add("why", ifPresent: why)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        push = try fields.smallCount("push")
        outcome = try fields.choice("outcome")
        why = try fields.stringIfPresent("why")
        process = try fields.smallCountIfPresent("process")
        wake = try fields.choiceIfPresent("wake")
    }
}

extension TraceRecord.PushCompletion: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("phase", phase)
        fields.add("process", process)
        fields.add("push", push)
        fields.add("result", ifPresent: result)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        push = try fields.smallCount("push")
        process = try fields.smallCount("process")
        phase = try fields.choice("phase")
        result = try fields.choiceIfPresent("result")
    }
}
