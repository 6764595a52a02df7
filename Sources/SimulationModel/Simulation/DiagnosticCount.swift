import SimulationKernel

/// How often one rule fired in a run, and when: what is left of diagnostics that were counted rather than kept.
///
/// A run keeps the first diagnostics of each rule one by one (see
/// `RunLimits.keptDiagnosticsPerRule`) and counts the rest, so a leak repeated
/// 100,000 times costs the memory of a hundred.
public struct DiagnosticCount: Sendable, Hashable {
    /// The rule.
    public var rule: Rule
    /// How many times it fired.
    public var count: Int
    /// When it first fired.
    public var firstTime: VirtualInstant
    /// When it last fired.
    public var lastTime: VirtualInstant

    /// Creates a count of one, for `diagnostic`.
    init(first diagnostic: Diagnostic) {
        rule = diagnostic.rule
        count = 1
        firstTime = diagnostic.time
        lastTime = diagnostic.time
    }

    /// Counts one more diagnostic of the same rule.
    mutating func add(_ diagnostic: Diagnostic) {
        count += 1
        firstTime = min(firstTime, diagnostic.time)
        lastTime = max(lastTime, diagnostic.time)
    }
}
