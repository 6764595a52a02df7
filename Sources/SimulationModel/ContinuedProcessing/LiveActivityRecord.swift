import SimulationKernel

/// The records of a continued processing task's Live Activity: what it shows, and the question it asks.
public enum LiveActivityRecord: Sendable, Hashable {
    /// `liveActivity.update`: what a continued task's Live Activity shows.
    case update(Update)
    /// `liveActivity.prompt`: the Live Activity asks the person whether a stalled task should continue, and how that ends.
    case prompt(Prompt)

    /// The kinds of Live Activity records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case update = "liveActivity.update"
        case prompt = "liveActivity.prompt"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .update: .update
        case .prompt: .prompt
        }
    }
}

extension LiveActivityRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .update(let record): record.encode(to: &fields)
        case .prompt(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .update: self = .update(try Update(from: &fields))
        case .prompt: self = .prompt(try Prompt(from: &fields))
        }
    }
}

extension LiveActivityRecord {
    /// Why a Live Activity's contents were read.
    public enum Cause: String, Sendable, Hashable, CaseIterable {
        /// The task began.
        case start
        /// A progress sample found a change.
        case progress
        /// The app changed the title or subtitle.
        case title
        /// The app completed the task: a last read.
        case end
    }

    /// `liveActivity.update`: what a continued task's Live Activity shows.
    public struct Update: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The continued processing task's identifier.
        public var identifier: String
        /// The title it shows.
        public var title: String
        /// The subtitle it shows.
        public var subtitle: String
        /// `task.progress`'s unit counts.
        public var completed: Int64
        /// The unit count that completes the task.
        public var total: Int64
        /// `fractionCompleted` in thousandths, rounded down.
        public var permille: Int64
        /// Why the contents were read.
        public var cause: Cause
        /// Whether the progress rose above anything read before.
        public var advanced: Bool

        /// Creates the record.
        package init(
            process: Int, identifier: String, title: String, subtitle: String, completed: Int64, total: Int64, permille: Int64,
            cause: Cause, advanced: Bool
        ) {
            self.process = process
            self.identifier = identifier
            self.title = title
            self.subtitle = subtitle
            self.completed = completed
            self.total = total
            self.permille = permille
            self.cause = cause
            self.advanced = advanced
        }
    }

    /// `liveActivity.prompt`: the Live Activity asks the person whether a stalled task should continue, and how that ends.
    public struct Prompt: Sendable, Hashable {
        /// What happened to the question.
        public enum Phase: Sendable, Hashable {
            /// It was shown after the task went this long without progress.
            case shown(stalledFor: VirtualDuration)
            /// The person answered.
            case answered(PromptAnswer)
            /// It went away without an answer, and why.
            case withdrawn(why: String)
        }

        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The continued processing task's identifier.
        public var identifier: String
        /// What happened to the question.
        public var phase: Phase

        /// Creates the record.
        package init(process: Int, identifier: String, phase: Phase) {
            self.process = process
            self.identifier = identifier
            self.phase = phase
        }
    }
}

extension LiveActivityRecord.Update: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("advanced", advanced)
        fields.add("cause", cause)
        fields.add("completed", completed)
        fields.add("identifier", identifier)
        fields.add("permille", permille)
        fields.add("process", process)
        fields.add("subtitle", subtitle)
        fields.add("title", title)
        fields.add("total", total)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        title = try fields.string("title")
        subtitle = try fields.string("subtitle")
        completed = try fields.int("completed")
        total = try fields.int("total")
        permille = try fields.count("permille")
        guard permille <= 1000 else {
            throw TraceDecodingError(field: "permille", reason: "must be from 0 to 1000 thousandths, not \(permille)")
        }
        cause = try fields.choice("cause")
        advanced = try fields.bool("advanced")
    }
}

extension LiveActivityRecord.Prompt: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        // In key order: answer, identifier, phase, process, stalledFor, why.
        if case .answered(let answer) = phase { fields.add("answer", answer) }
        fields.add("identifier", identifier)
        switch phase {
        case .shown: fields.add("phase", "shown")
        case .answered: fields.add("phase", "answered")
        case .withdrawn: fields.add("phase", "withdrawn")
        }
        fields.add("process", process)
        if case .shown(let stalledFor) = phase { fields.add("stalledFor", stalledFor) }
        if case .withdrawn(let why) = phase { fields.add("why", why) }
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.string("identifier")
        switch try fields.string("phase") {
        case "shown": phase = .shown(stalledFor: try fields.duration("stalledFor"))
        case "answered": phase = .answered(try fields.choice("answer"))
        case "withdrawn": phase = .withdrawn(why: try fields.string("why"))
        case let other:
            throw TraceDecodingError(field: "phase", reason: "must be \"shown\", \"answered\" or \"withdrawn\", not \"\(other)\"")
        }
    }
}
