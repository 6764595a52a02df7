import SimulationKernel

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
    /// The app's state at the end of the run, by name (see `AppState.names`).
    public var finalState: String?

    /// Creates expectations; every part is optional.
    public init(
        diagnostics: [String]? = nil, maximumSeverity: Severity? = nil, terminations: [TerminationReason]? = nil,
        saved: [String]? = nil, finalState: String? = nil
    ) {
        self.diagnostics = diagnostics
        self.maximumSeverity = maximumSeverity
        self.terminations = terminations
        self.saved = saved
        self.finalState = finalState
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: ["diagnostics", "maximumSeverity", "terminations", "saved", "finalState", "note"])
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
            finalState = try c.choice("finalState", among: AppState.names)
        }
    }
}
