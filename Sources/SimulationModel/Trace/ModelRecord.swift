/// The model's records about itself: moves the platform never makes, which are bugs in bgsim, not in the app.
public enum ModelRecord: Sendable, Hashable {
    /// `model.illegalTransition`: the model moved a process between states the platform never does.
    case illegalTransition(IllegalTransition)
    /// `model.illegalTaskTransition`: the model moved a launched task between phases it never moves between.
    case illegalTaskTransition(IllegalTaskTransition)
    /// `model.illegalTransferTransition`: the model moved a background transfer between phases it never moves between.
    case illegalTransferTransition(IllegalTransferTransition)

    /// The kinds of the model's records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case illegalTransition = "model.illegalTransition"
        case illegalTaskTransition = "model.illegalTaskTransition"
        case illegalTransferTransition = "model.illegalTransferTransition"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .illegalTransition: .illegalTransition
        case .illegalTaskTransition: .illegalTaskTransition
        case .illegalTransferTransition: .illegalTransferTransition
        }
    }

    /// `model.illegalTransition`: the model moved a process between states the platform never does (a bug in bgsim).
    public struct IllegalTransition: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The state the process was in.
        public var from: AppState.Name
        /// The state the model moved it to.
        public var to: AppState.Name

        /// Creates the record.
        init(process: Int, from: AppState.Name, to: AppState.Name) {
            self.process = process
            self.from = from
            self.to = to
        }
    }

    /// `model.illegalTaskTransition`: the model moved a launched task between phases it never moves between (a bug in
    /// bgsim); see ``TaskPhase/canMove(to:)``.
    public struct IllegalTaskTransition: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The task request's identifier, as the app registered it.
        public var identifier: String
        /// The phase the task was in.
        public var from: TaskPhase
        /// The phase the model moved it to.
        public var to: TaskPhase

        /// Creates the record.
        init(process: Int, identifier: String, from: TaskPhase, to: TaskPhase) {
            self.process = process
            self.identifier = identifier
            self.from = from
            self.to = to
        }
    }

    /// `model.illegalTransferTransition`: the model moved a background transfer between phases it never moves between
    /// (a bug in bgsim); see ``TransferPhase/canMove(to:)``.
    public struct IllegalTransferTransition: Sendable, Hashable {
        /// The transfer's number in the run (1 for the first).
        public var transfer: Int
        /// The phase the transfer was in.
        public var from: TransferPhase
        /// The phase the model moved it to.
        public var to: TransferPhase

        /// Creates the record.
        init(transfer: Int, from: TransferPhase, to: TransferPhase) {
            self.transfer = transfer
            self.from = from
            self.to = to
        }
    }
}

extension ModelRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .illegalTransition(let record): record.encode(to: &fields)
        case .illegalTaskTransition(let record): record.encode(to: &fields)
        case .illegalTransferTransition(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .illegalTransition: self = .illegalTransition(try IllegalTransition(from: &fields))
        case .illegalTaskTransition: self = .illegalTaskTransition(try IllegalTaskTransition(from: &fields))
        case .illegalTransferTransition: self = .illegalTransferTransition(try IllegalTransferTransition(from: &fields))
        }
    }
}

extension ModelRecord.IllegalTransition: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("from", from)
        fields.add("process", process)
        fields.add("to", to)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        from = try fields.choice("from")
        to = try fields.choice("to")
    }
}

extension ModelRecord.IllegalTaskTransition: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("from", from)
        fields.add("identifier", identifier)
        fields.add("process", process)
        fields.add("to", to)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        from = try fields.choice("from")
        to = try fields.choice("to")
    }
}

extension ModelRecord.IllegalTransferTransition: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("from", from)
        fields.add("to", to)
        fields.add("transfer", transfer)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        transfer = try fields.smallCount("transfer")
        from = try fields.choice("from")
        to = try fields.choice("to")
    }
}
