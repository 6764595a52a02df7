/// The model's records about itself: moves the platform never makes, which are bugs in bgsim, not in the app.
public enum ModelRecord: Sendable, Hashable {
    /// `model.illegalTransition`: the model moved a process between states the platform never does.
    case illegalTransition(IllegalTransition)

    /// The kinds of the model's records, spelled as trace lines write them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case illegalTransition = "model.illegalTransition"
    }

    /// The record's kind.
    public var kind: Kind {
        switch self {
        case .illegalTransition: .illegalTransition
        }
    }

    /// `model.illegalTransition`: the model moved a process between states the platform never does (a bug in bgsim).
    public struct IllegalTransition: Sendable, Hashable {
        public var process: Int
        public var from: AppState.Name
        public var to: AppState.Name

        /// Creates the record.
        public init(process: Int, from: AppState.Name, to: AppState.Name) {
            self.process = process
            self.from = from
            self.to = to
        }
    }
}

extension ModelRecord: FeatureRecord {
    package func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .illegalTransition(let record): record.encode(to: &fields)
        }
    }

    package init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .illegalTransition: self = .illegalTransition(try IllegalTransition(from: &fields))
        }
    }
}

extension ModelRecord.IllegalTransition: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("from", from)
        fields.add("process", process)
        fields.add("to", to)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        from = try fields.choice("from")
        to = try fields.choice("to")
    }
}
