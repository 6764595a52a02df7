import SimulationKernel
import SimulationModel

/// What a scenario expects of its run; `bgsim run` exits 0 only when all of it holds.
public struct Expectations: Sendable, Hashable, Decodable {
    /// Exactly these rules fire (each at least once), and no other; `[]` means no diagnostic at all.
    public var diagnostics: [String]?
    /// No diagnostic is more severe than this; nil with `noDiagnostics` false means not checked.
    public var maximumSeverity: Severity?
    /// The processes end in these ways, in order; `[]` means the app is never terminated.
    public var terminations: [TerminationReason]?
    /// These checkpoints were saved by the end of the run.
    public var saved: [String]?
    /// The app's state at the end of the run, by name (see `AppState.Name`).
    public var finalState: AppState.Name?
    /// The state of output files at the end of the run, by file name, in name order.
    public var outputs: [OutputExpectation]?

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
        public static let states = SavedState.Output.State.allCases.map(\.rawValue) + ["none"]
    }

    /// Creates expectations; every part is optional.
    public init(
        diagnostics: [String]? = nil, maximumSeverity: Severity? = nil, terminations: [TerminationReason]? = nil,
        saved: [String]? = nil, finalState: AppState.Name? = nil, outputs: [OutputExpectation]? = nil
    ) {
        self.diagnostics = diagnostics
        self.maximumSeverity = maximumSeverity
        self.terminations = terminations
        self.saved = saved
        self.finalState = finalState
        self.outputs = outputs
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: [
            "diagnostics", "maximumSeverity", "terminations", "saved", "finalState", "outputs", "note",
        ])
        diagnostics = try c.optional([String].self, "diagnostics")
        let ids = Rules.all.map(\.id)
        for (index, id) in (diagnostics ?? []).enumerated() where !ids.contains(id) {
            throw invalid(c.path("diagnostics") + [AnyKey(intValue: index)!],
                          "unknown rule \"\(id)\"\(Suggestion.hint(for: id, among: ids)); `bgsim rules` lists them")
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
}
