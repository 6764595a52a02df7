import SimulationKernel

/// The run's own records: what was run, how it ended, and a limit that stopped it.
public enum RunRecord: Sendable, Hashable {
    /// `run.start`: what was run, with which seed, profile and policy. Always the first event.
    case start(Start)
    /// `run.end`: how the run ended. Always the last event.
    case end(End)
    /// `run.limitExceeded`: a run limit stopped a runaway run.
    case limitExceeded(LimitExceeded)

    /// The kinds of run records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case start = "run.start"
        case end = "run.end"
        case limitExceeded = "run.limitExceeded"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .start: .start
        case .end: .end
        case .limitExceeded: .limitExceeded
        }
    }
}

extension RunRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .start(let record): record.encode(to: &fields)
        case .end(let record): record.encode(to: &fields)
        case .limitExceeded(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .start: self = .start(try Start(from: &fields))
        case .end: self = .end(try End(from: &fields))
        case .limitExceeded: self = .limitExceeded(try LimitExceeded(from: &fields))
        }
    }
}

extension RunRecord {
    /// `run.start`: what was run, with which seed, profile and policy. Always the first event.
    public struct Start: Sendable, Hashable {
        /// The scenario's name.
        public var scenario: String
        /// The seed in use.
        public var seed: UInt64
        /// The platform modelled, with every parameter's value.
        public var profile: PlatformProfile
        /// The bgsim version that wrote the trace.
        public var version: String
        /// When the run was asked to stop.
        public var stopAt: VirtualInstant
        /// The app's bundle identifier.
        public var bundleIdentifier: String
        /// The system's launch policy.
        public var policy: SchedulingPolicy
        /// Whether the device lets continued processing use the GPU in the background.
        public var supportsBackgroundGPU: Bool
        /// The model areas whose parameters the record lists: those the run uses (every other parameter is always listed).
        public var features: Set<PlatformProfile.Feature>

        /// Creates the record.
        init(
            scenario: String, seed: UInt64, profile: PlatformProfile, version: String, stopAt: VirtualInstant,
            bundleIdentifier: String, policy: SchedulingPolicy, supportsBackgroundGPU: Bool,
            features: Set<PlatformProfile.Feature> = []
        ) {
            self.features = features
            self.scenario = scenario
            self.seed = seed
            self.profile = profile
            self.version = version
            self.stopAt = stopAt
            self.bundleIdentifier = bundleIdentifier
            self.policy = policy
            self.supportsBackgroundGPU = supportsBackgroundGPU
        }
    }

    /// How a run ended.
    public enum Ending: String, Sendable, Hashable, CaseIterable {
        /// It reached its stop time, or ran out of things to do before it.
        case completed
        /// App code was still waiting when nothing else could happen.
        case stalled
        /// A run limit stopped a runaway run.
        case limitExceeded
    }

    /// `run.end`: how the run ended. Always the last event.
    public struct End: Sendable, Hashable {
        /// How it ended.
        public var ending: Ending
        /// The state of the last app process.
        public var state: AppState.Name
        /// How many diagnostics the run reported.
        public var diagnostics: Int

        /// Creates the record.
        package init(ending: Ending, state: AppState.Name, diagnostics: Int) {
            self.ending = ending
            self.state = state
            self.diagnostics = diagnostics
        }
    }

    /// `run.limitExceeded`: a run limit stopped a runaway run.
    public struct LimitExceeded: Sendable, Hashable {
        /// Which limit, and where to look.
        public var message: String

        /// Creates the record.
        init(message: String) {
            self.message = message
        }
    }
}

extension RunRecord.Start: TracePayload {
    private static let profilePrefix = "profile."

    func encode(to fields: inout TraceFieldWriter) {
        fields.add("scenario", scenario)
        fields.add("seed", String(seed))
        fields.add("profile", profile.name)
        fields.add("version", version)
        fields.add("stopAt", stopAt)
        fields.add("bundleIdentifier", bundleIdentifier)
        fields.add("policy", policy)
        fields.add("supportsBackgroundGPU", supportsBackgroundGPU)
        for info in PlatformProfile.parameters {
            if let feature = info.feature, !features.contains(feature) { continue }
            let key = info.key
            let value = profile[key]
            // Switches by the name of their value: a trace says `accepted`, not an index.
            switch info.unit {
            case .duration, .count: fields.add(Self.profilePrefix + key.rawValue, value)
            case .choice: fields.add(Self.profilePrefix + key.rawValue, info.choices.indices.contains(Int(value)) ? info.choices[Int(value)] : "")
            case .flag: fields.add(Self.profilePrefix + key.rawValue, value != 0)
            }
        }
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        scenario = try fields.string("scenario")
        let seedText = try fields.string("seed")
        guard let seed = UInt64(seedText) else {
            throw TraceDecodingError(field: "seed", reason: "must be a whole number from 0 to 2^64-1 in a string, not \"\(seedText)\"")
        }
        self.seed = seed
        profile = PlatformProfile(try fields.choice("profile", PlatformProfile.Name.self))
        features = []
        for key in PlatformProfile.Key.allCases {
            let field = Self.profilePrefix + key.rawValue
            let info = PlatformProfile.info(key)
            if let feature = info.feature {
                // Listed only for runs that use the area: all of its parameters or none.
                guard fields.has(field) else { continue }
                features.insert(feature)
            }
            switch info.unit {
            case .duration, .count:
                profile[key] = try fields.int(field)
            case .choice:
                let name = try fields.string(field)
                guard profile.setChoice(key, to: name) else {
                    throw TraceDecodingError(
                        field: field, reason: "must be one of " + info.choices.map { "\"\($0)\"" }.joined(separator: ", ") + ", not \"\(name)\"")
                }
            case .flag:
                profile[key] = try fields.bool(field) ? 1 : 0
            }
        }
        version = try fields.string("version")
        stopAt = try fields.instant("stopAt")
        bundleIdentifier = try fields.string("bundleIdentifier")
        policy = try fields.choice("policy")
        supportsBackgroundGPU = try fields.bool("supportsBackgroundGPU")
    }
}

extension RunRecord.End: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("diagnostics", diagnostics)
        fields.add("ending", ending)
        fields.add("state", state)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        ending = try fields.choice("ending")
        state = try fields.choice("state")
        diagnostics = try fields.smallCount("diagnostics")
    }
}

extension RunRecord.LimitExceeded: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("message", message)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        message = try fields.string("message")
    }
}
