import SimulationKernel
import SimulationModel
import SimulationSupport

/// What a scenario expects of its run; `bgsim run` exits 0 only when all of it holds.
public struct Expectations: Sendable, Hashable, Decodable {
    /// Exactly these rules fire (each at least once), and no other; `[]` means no diagnostic at all.
    public var diagnostics: [String]?
    /// Rules that may fire or not, beyond `diagnostics` (a warning whose instant depends on the seed); alone, it means
    /// that no other rule fires.
    public var allowedDiagnostics: [String]?
    /// No diagnostic is more severe than this; nil with `noDiagnostics` false means not checked.
    public var maximumSeverity: Severity?
    /// The processes end in these ways, in order; `[]` means the app is never terminated.
    public var terminations: [TerminationReason]?
    /// These checkpoints were saved by the end of the run.
    public var saved: [String]?
    /// These checkpoints were never saved: the work was lost, or never done.
    public var notSaved: [String]?
    /// The app's state at the end of the run, by name (see `AppState.Name`).
    public var finalState: AppState.Name?
    /// The state of output files at the end of the run, by file name, in name order.
    public var outputs: [OutputExpectation]?
    /// How the launched tasks of an identifier ran, by identifier (or `<prefix>.*` for every identifier under it),
    /// in identifier order.
    public var tasks: [TaskExpectation]?

    /// What the runs of one task identifier should show: how many, how each ended, with what success, how fast.
    public struct TaskExpectation: Sendable, Hashable {
        /// The identifier, or a pattern `<prefix>.*` matching every identifier that starts with `<prefix>.`.
        public var identifier: String
        /// How many times a task with the identifier started.
        public var runs: Int?
        /// How every run ended: `completed`, `expired`, `processEnded`, or `running` (still running at the end).
        public var ended: String?
        /// The success every run reported.
        public var success: Bool?
        /// Every run ended within this long of its start.
        public var endedWithin: VirtualDuration?

        /// Creates the expectation of one identifier's runs.
        public init(identifier: String, runs: Int? = nil, ended: String? = nil, success: Bool? = nil, endedWithin: VirtualDuration? = nil) {
            self.identifier = identifier
            self.runs = runs
            self.ended = ended
            self.success = success
            self.endedWithin = endedWithin
        }

        /// The ways a run may end, as `ended` names them.
        static let endings = TaskRecord.Ending.allCases.map(\.rawValue) + ["running"]

        /// Whether `identifier` is one this expectation is about.
        func matches(_ candidate: String) -> Bool {
            if identifier.hasSuffix(".*") { return candidate.hasPrefix(String(identifier.dropLast())) }
            return candidate == identifier
        }
    }

    /// What one output file should be at the end of a run.
    public struct OutputExpectation: Sendable, Hashable {
        /// The file's name.
        public var name: String
        /// `complete`, `partial`, `removed`, or `none` (never written).
        public var state: String

        /// Creates the expectation of one file.
        public init(name: String, state: String) {
            self.name = name
            self.state = state
        }

        /// The states an output expectation may name.
        package static let states = SavedState.Output.State.allCases.map(\.rawValue) + ["none"]
    }

    /// Creates expectations; every part is optional.
    public init(
        diagnostics: [String]? = nil, maximumSeverity: Severity? = nil, terminations: [TerminationReason]? = nil,
        saved: [String]? = nil, finalState: AppState.Name? = nil, outputs: [OutputExpectation]? = nil,
        allowedDiagnostics: [String]? = nil, notSaved: [String]? = nil, tasks: [TaskExpectation]? = nil
    ) {
        self.allowedDiagnostics = allowedDiagnostics
        self.notSaved = notSaved
        self.tasks = tasks
        self.diagnostics = diagnostics
        self.maximumSeverity = maximumSeverity
        self.terminations = terminations
        self.saved = saved
        self.finalState = finalState
        self.outputs = outputs
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: [
            "diagnostics", "allowedDiagnostics", "maximumSeverity", "terminations", "saved", "notSaved", "finalState", "outputs",
            "tasks", "note",
        ])
        diagnostics = try Self.ruleList(c, "diagnostics")
        allowedDiagnostics = try Self.ruleList(c, "allowedDiagnostics")
        for (index, id) in (allowedDiagnostics ?? []).enumerated() where diagnostics?.contains(id) == true {
            throw invalid(c.path("allowedDiagnostics") + [AnyKey(intValue: index)!],
                          "\(id) is in diagnostics already, which says it must fire; allowedDiagnostics lists rules that may")
        }
        notSaved = try c.optional([String].self, "notSaved")
        for (index, checkpoint) in (notSaved ?? []).enumerated() where c.contains(AnyKey("saved")) {
            if try c.required([String].self, "saved").contains(checkpoint) {
                throw invalid(c.path("notSaved") + [AnyKey(intValue: index)!], "\"\(checkpoint)\" is in saved too")
            }
        }
        if c.contains(AnyKey("tasks")) {
            // Identifiers are the keys; sorted, because allKeys comes in hash order.
            let t = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("tasks"))
            tasks = try t.allKeys.map(\.stringValue).sorted().map { identifier in
                let e = try t.superDecoder(forKey: AnyKey(identifier)).strictContainer(
                    allowing: ["runs", "ended", "success", "endedWithin", "note"])
                let runs = try e.optional(Int.self, "runs")
                if let runs, runs < 0 { throw invalid(e.path("runs"), "runs is a count, 0 or more; got \(runs)") }
                let ended = e.contains(AnyKey("ended")) ? try e.choice("ended", among: TaskExpectation.endings) : nil
                return TaskExpectation(
                    identifier: identifier, runs: runs, ended: ended, success: try e.optional(Bool.self, "success"),
                    endedWithin: try e.optionalDuration("endedWithin"))
            }
        }
        if c.contains(AnyKey("maximumSeverity")) {
            let name = try c.choice("maximumSeverity", among: Severity.allCases.map(\.rawValue))
            maximumSeverity = Severity(rawValue: name)
        }
        if c.contains(AnyKey("terminations")) {
            let names = try c.required([String].self, "terminations")
            let known = TerminationReason.allCases.map(\.rawValue)
            terminations = try names.enumerated().map { index, name in
                guard let reason = TerminationReason(rawValue: name) else {
                    throw invalid(c.path("terminations") + [AnyKey(intValue: index)!],
                                  "unknown termination reason \"\(name)\"\(Suggestion.hint(for: name, among: known))")
                }
                return reason
            }
        }
        saved = try c.optional([String].self, "saved")
        if c.contains(AnyKey("finalState")) {
            finalState = AppState.Name(rawValue: try c.choice("finalState", among: AppState.Name.allCases.map(\.rawValue)))
        }
        if c.contains(AnyKey("outputs")) {
            // File names are the keys, so any key is allowed; sorted, because allKeys comes in hash order.
            let o = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("outputs"))
            outputs = try o.allKeys.map(\.stringValue).sorted().map { name in
                OutputExpectation(name: name, state: try o.choice(name, among: OutputExpectation.states))
            }
        }
    }

    /// A list of rule identifiers, each checked against the catalog.
    private static func ruleList(_ c: KeyedDecodingContainer<AnyKey>, _ key: String) throws -> [String]? {
        let list = try c.optional([String].self, key)
        let ids = Rules.all.map(\.id)
        for (index, id) in (list ?? []).enumerated() where !ids.contains(id) {
            throw invalid(c.path(key) + [AnyKey(intValue: index)!],
                          "unknown rule \"\(id)\"\(Suggestion.hint(for: id, among: ids)); `bgsim rules` lists them")
        }
        return list
    }
}
