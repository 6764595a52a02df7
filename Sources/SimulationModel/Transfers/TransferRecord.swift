/// The records of background `URLSession` transfers: each download's state, and each session's events.
public enum TransferRecord: Sendable, Hashable {
    /// `transfer.state`: a background download changed state, with how many of its bytes have arrived.
    case state(State)
    /// `transfer.session`: a background session was created, or its events were readied, delivered or timed out.
    case session(Session)

    /// The kinds of transfer records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case state = "transfer.state"
        case session = "transfer.session"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .state: .state
        case .session: .session
        }
    }
}

extension TransferRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .state(let record): record.encode(to: &fields)
        case .session(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .state: self = .state(try State(from: &fields))
        case .session: self = .session(try Session(from: &fields))
        }
    }
}

extension TransferRecord {
    /// Where a background transfer is.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// Created and resumed; it waits for its begin date, the network, or (discretionary) Wi-Fi and power.
        case waiting
        /// Bytes are moving.
        case running
        /// All bytes arrived: the file waits for the app's delegate.
        case finished
        /// It ended with a client-side error.
        case failed
        /// The system cancelled it (the person force quit the app: NSURLErrorCancelled, reason 0).
        case cancelled
    }

    /// `transfer.state`: a background download changed state, with how many of its bytes have arrived.
    public struct State: Sendable, Hashable {
        /// The transfer's number in the run (1 for the first).
        public var transfer: Int
        /// The background session's identifier.
        public var session: String
        /// Where the transfer is now.
        public var phase: Phase
        /// The bytes that have arrived so far.
        public var bytes: Int64
        /// The bytes the whole download moves.
        public var total: Int64
        /// Why it waits, or how it ended without finishing.
        public var why: Reason?

        /// Creates the record.
        package init(transfer: Int, session: String, phase: Phase, bytes: Int64, total: Int64, why: Reason? = nil) {
            self.transfer = transfer
            self.session = session
            self.phase = phase
            self.bytes = bytes
            self.total = total
            self.why = why
        }
    }

    /// What happened to a background session's events.
    public enum SessionPhase: String, Sendable, Hashable, CaseIterable {
        /// The app's process made a session object with this identifier.
        case created
        /// All the session's tasks ended: the system wakes or launches the app for them (`process`, `wake`).
        case eventsReady
        /// The delegate events were handed to the session object.
        case eventsDelivered
        /// The app called the completion handler of `handleEventsForBackgroundURLSession`.
        case completionCalled
        /// The app's time for the events ran out (`why` says what was missing).
        case timedOut
    }

    /// `transfer.session`: a background session was created, or its events were readied, delivered or timed out.
    public struct Session: Sendable, Hashable {
        /// The background session's identifier.
        public var session: String
        /// What happened to the session's events.
        public var phase: SessionPhase
        /// The process the session belongs to or its events went to, if any.
        public var process: Int?
        /// How the events reached the app (`running`, `woken`, `launched`), for `eventsReady`.
        public var wake: ServiceWake?
        /// Why the events wait (`eventsReady`), or what was missing (`timedOut`).
        public var why: Reason?

        /// Creates the record.
        package init(session: String, phase: SessionPhase, process: Int? = nil, wake: ServiceWake? = nil, why: Reason? = nil) {
            self.session = session
            self.phase = phase
            self.process = process
            self.wake = wake
            self.why = why
        }
    }
}

extension TransferRecord.State: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("bytes", bytes)
        fields.add("phase", phase)
        fields.add("session", session)
        fields.add("total", total)
        fields.add("transfer", transfer)
        fields.add("why", ifPresent: why?.description)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        transfer = try fields.smallCount("transfer")
        session = try fields.string("session")
        phase = try fields.choice("phase")
        bytes = try fields.count("bytes")
        total = try fields.count("total")
        if let text = try fields.stringIfPresent("why") {
            guard let reason = Reason(text, phase: phase) else {
                throw TraceDecodingError(field: "why", reason: "is not a reason a \(phase.rawValue) transfer has: \"\(text)\"")
            }
            why = reason
        }
    }
}

extension TransferRecord.Session: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("phase", phase)
        fields.add("process", ifPresent: process)
        fields.add("session", session)
        fields.add("wake", ifPresent: wake)
        fields.add("why", ifPresent: why?.description)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        session = try fields.string("session")
        phase = try fields.choice("phase")
        process = try fields.smallCountIfPresent("process")
        wake = try fields.choiceIfPresent("wake")
        if let text = try fields.stringIfPresent("why") {
            guard let reason = Reason(text) else {
                throw TraceDecodingError(field: "why", reason: "is not a reason a session's events wait or time out: \"\(text)\"")
            }
            why = reason
        }
    }
}
