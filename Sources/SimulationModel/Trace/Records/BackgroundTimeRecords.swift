extension TraceRecord {
    /// `backgroundTime.start`: the app entered the background, and its background time starts.
    public struct BackgroundTimeStart: Sendable, Hashable {
        public var process: Int
        /// The time granted, in nanoseconds.
        public var budget: Int64
        /// When it runs out.
        public var deadline: Int64

        /// Creates the record.
        public init(process: Int, budget: Int64, deadline: Int64) {
            self.process = process
            self.budget = budget
            self.deadline = deadline
        }
    }

    /// `backgroundTime.expiring`: the background time is about to run out; expiration handlers are called.
    public struct BackgroundTimeExpiring: Sendable, Hashable {
        public var process: Int
        /// How many background tasks were open.
        public var openTasks: Int

        /// Creates the record.
        public init(process: Int, openTasks: Int) {
            self.process = process
            self.openTasks = openTasks
        }
    }

    /// `backgroundTime.end`: the background period ended (suspension or the foreground).
    public struct BackgroundTimeEnd: Sendable, Hashable {
        public var process: Int

        /// Creates the record.
        public init(process: Int) {
            self.process = process
        }
    }

    /// `backgroundTask.begin`: `beginBackgroundTask` granted an assertion.
    public struct BackgroundTaskBegin: Sendable, Hashable {
        public var process: Int
        /// The `UIBackgroundTaskIdentifier`'s raw value.
        public var identifier: Int
        /// The name given, or an empty string.
        public var name: String
        /// Background time left, in nanoseconds; nil when unlimited (in the foreground).
        public var remaining: Int64?

        /// Creates the record.
        public init(process: Int, identifier: Int, name: String, remaining: Int64?) {
            self.process = process
            self.identifier = identifier
            self.name = name
            self.remaining = remaining
        }
    }

    /// `backgroundTask.end`: `endBackgroundTask` ended an assertion.
    public struct BackgroundTaskEnd: Sendable, Hashable {
        public var process: Int
        public var identifier: Int
        public var name: String
        /// How long it was open, in nanoseconds.
        public var age: Int64

        /// Creates the record.
        public init(process: Int, identifier: Int, name: String, age: Int64) {
            self.process = process
            self.identifier = identifier
            self.name = name
            self.age = age
        }
    }

    /// `backgroundTask.invalid`: `beginBackgroundTask` returned `.invalid`.
    public struct BackgroundTaskInvalid: Sendable, Hashable {
        public var process: Int
        public var name: String
        /// The app's state at the call.
        public var state: AppState.Name

        /// Creates the record.
        public init(process: Int, name: String, state: AppState.Name) {
            self.process = process
            self.name = name
            self.state = state
        }
    }

    /// `backgroundTask.expirationHandler`: a background task's expiration handler starts or returns.
    public struct BackgroundTaskExpirationHandler: Sendable, Hashable {
        public var process: Int
        public var identifier: Int
        public var phase: CodePhase

        /// Creates the record.
        public init(process: Int, identifier: Int, phase: CodePhase) {
            self.process = process
            self.identifier = identifier
            self.phase = phase
        }
    }
}

extension TraceRecord.BackgroundTimeStart: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("budget", budget)
        fields.add("deadline", deadline)
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        budget = try fields.count("budget")
        deadline = try fields.count("deadline")
    }
}

extension TraceRecord.BackgroundTimeExpiring: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("openTasks", openTasks)
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        openTasks = try fields.smallCount("openTasks")
    }
}

extension TraceRecord.BackgroundTimeEnd: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
    }
}

extension TraceRecord.BackgroundTaskBegin: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("name", name)
        fields.add("process", process)
        fields.add("remaining", orMinusOne: remaining)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.smallCount("identifier")
        name = try fields.string("name")
        remaining = try fields.orMinusOne("remaining")
    }
}

extension TraceRecord.BackgroundTaskEnd: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("age", age)
        fields.add("identifier", identifier)
        fields.add("name", name)
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.smallCount("identifier")
        name = try fields.string("name")
        age = try fields.count("age")
    }
}

extension TraceRecord.BackgroundTaskInvalid: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("name", name)
        fields.add("process", process)
        fields.add("state", state)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        name = try fields.string("name")
        state = try fields.choice("state")
    }
}

extension TraceRecord.BackgroundTaskExpirationHandler: TracePayload {
    package func encode(to fields: inout TraceFieldWriter) {
        fields.add("identifier", identifier)
        fields.add("phase", phase)
        fields.add("process", process)
    }

    package init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        process = try fields.smallCount("process")
        identifier = try fields.smallCount("identifier")
        phase = try fields.choice("phase")
    }
}
