import SimulationKernel

/// The records of background time: the time the app gets after it leaves the foreground, and the
/// background tasks (`beginBackgroundTask`) that hold it.
public enum BackgroundTimeRecord: Sendable, Hashable {
    /// `backgroundTime.start`: the app entered the background, and its background time starts.
    case start(Start)
    /// `backgroundTime.expiring`: the background time is about to run out; expiration handlers are called.
    case expiring(Expiring)
    /// `backgroundTime.end`: the background period ended (suspension or the foreground).
    case end(End)
    /// `backgroundTask.begin`: `beginBackgroundTask` granted an assertion.
    case taskBegin(TaskBegin)
    /// `backgroundTask.end`: `endBackgroundTask` ended an assertion.
    case taskEnd(TaskEnd)
    /// `backgroundTask.invalid`: `beginBackgroundTask` returned `.invalid`.
    case taskInvalid(TaskInvalid)
    /// `backgroundTask.expirationHandler`: a background task's expiration handler starts or returns.
    case taskExpirationHandler(TaskExpirationHandler)

    /// The kinds of background time records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case start = "backgroundTime.start"
        case expiring = "backgroundTime.expiring"
        case end = "backgroundTime.end"
        case taskBegin = "backgroundTask.begin"
        case taskEnd = "backgroundTask.end"
        case taskInvalid = "backgroundTask.invalid"
        case taskExpirationHandler = "backgroundTask.expirationHandler"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .start: .start
        case .expiring: .expiring
        case .end: .end
        case .taskBegin: .taskBegin
        case .taskEnd: .taskEnd
        case .taskInvalid: .taskInvalid
        case .taskExpirationHandler: .taskExpirationHandler
        }
    }
}

extension BackgroundTimeRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .start(let record): record.encode(to: &fields)
        case .expiring(let record): record.encode(to: &fields)
        case .end(let record): record.encode(to: &fields)
        case .taskBegin(let record): record.encode(to: &fields)
        case .taskEnd(let record): record.encode(to: &fields)
        case .taskInvalid(let record): record.encode(to: &fields)
        case .taskExpirationHandler(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .start: self = .start(try Start(from: &fields))
        case .expiring: self = .expiring(try Expiring(from: &fields))
        case .end: self = .end(try End(from: &fields))
        case .taskBegin: self = .taskBegin(try TaskBegin(from: &fields))
        case .taskEnd: self = .taskEnd(try TaskEnd(from: &fields))
        case .taskInvalid: self = .taskInvalid(try TaskInvalid(from: &fields))
        case .taskExpirationHandler: self = .taskExpirationHandler(try TaskExpirationHandler(from: &fields))
        }
    }
}

extension BackgroundTimeRecord {
    /// `backgroundTime.start`: the app entered the background, and its background time starts.
    public struct Start: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The time granted.
        public var budget: VirtualDuration
        /// When it runs out.
        public var deadline: VirtualInstant

        /// Creates the record.
        init(process: Int, budget: VirtualDuration, deadline: VirtualInstant) {
            self.process = process
            self.budget = budget
            self.deadline = deadline
        }
    }

    /// `backgroundTime.expiring`: the background time is about to run out; expiration handlers are called.
    public struct Expiring: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// How many background tasks were open.
        public var openTasks: Int

        /// Creates the record.
        init(process: Int, openTasks: Int) {
            self.process = process
            self.openTasks = openTasks
        }
    }

    /// `backgroundTime.end`: the background period ended (suspension or the foreground).
    public struct End: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int

        /// Creates the record.
        package init(process: Int) {
            self.process = process
        }
    }

    /// `backgroundTask.begin`: `beginBackgroundTask` granted an assertion.
    public struct TaskBegin: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The `UIBackgroundTaskIdentifier`'s raw value.
        public var identifier: Int
        /// The name given, or an empty string.
        public var name: String
        /// Background time left; nil when unlimited (in the foreground).
        public var remaining: VirtualDuration?

        /// Creates the record.
        package init(process: Int, identifier: Int, name: String, remaining: VirtualDuration?) {
            self.process = process
            self.identifier = identifier
            self.name = name
            self.remaining = remaining
        }
    }

    /// `backgroundTask.end`: `endBackgroundTask` ended an assertion.
    public struct TaskEnd: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The `UIBackgroundTaskIdentifier`'s raw value.
        public var identifier: Int
        /// The name given, or an empty string.
        public var name: String
        /// How long it was open.
        public var age: VirtualDuration

        /// Creates the record.
        init(process: Int, identifier: Int, name: String, age: VirtualDuration) {
            self.process = process
            self.identifier = identifier
            self.name = name
            self.age = age
        }
    }

    /// `backgroundTask.invalid`: `beginBackgroundTask` returned `.invalid`.
    public struct TaskInvalid: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The name given, or an empty string.
        public var name: String
        /// The app's state at the call.
        public var state: AppState.Name

        /// Creates the record.
        init(process: Int, name: String, state: AppState.Name) {
            self.process = process
            self.name = name
            self.state = state
        }
    }

    /// `backgroundTask.expirationHandler`: a background task's expiration handler starts or returns.
    public struct TaskExpirationHandler: Sendable, Hashable {
        /// The app process's number in the run (1 for the first launch).
        public var process: Int
        /// The `UIBackgroundTaskIdentifier`'s raw value.
        public var identifier: Int
        /// Whether the handler starts or returns.
        public var phase: CodePhase

        /// Creates the record.
        init(process: Int, identifier: Int, phase: CodePhase) {
            self.process = process
            self.identifier = identifier
            self.phase = phase
        }
    }
}

extension BackgroundTimeRecord.Start: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("budget", budget)
        fields.add("deadline", deadline)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        budget = try fields.duration("budget")
        deadline = try fields.instant("deadline")
    }
}

extension BackgroundTimeRecord.Expiring: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("openTasks", openTasks)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        openTasks = try fields.smallCount("openTasks")
    }
}

extension BackgroundTimeRecord.End: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
    }
}

extension BackgroundTimeRecord.TaskBegin: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("name", name)
        fields.add("process", process)
        fields.add("remaining", orMinusOne: remaining)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.smallCount("identifier")
        name = try fields.string("name")
        remaining = try fields.durationOrMinusOne("remaining")
    }
}

extension BackgroundTimeRecord.TaskEnd: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("age", age)
        fields.add("identifier", identifier)
        fields.add("name", name)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.smallCount("identifier")
        name = try fields.string("name")
        age = try fields.duration("age")
    }
}

extension BackgroundTimeRecord.TaskInvalid: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("name", name)
        fields.add("process", process)
        fields.add("state", state)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        name = try fields.string("name")
        state = try fields.choice("state")
    }
}

extension BackgroundTimeRecord.TaskExpirationHandler: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("phase", phase)
        fields.add("process", process)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.smallCount("identifier")
        phase = try fields.choice("phase")
    }
}
