import SimulationKernel

/// Everything a run produced: the trace, the diagnostics, the outcome, and the fingerprint.
public struct SimulationResult: Sendable {
    /// How the run ended.
    public enum Ending: Sendable, Hashable {
        /// The run reached its stop time (or ran out of things to do before it).
        case completed
        /// App code was still waiting when nothing else could happen.
        case stalled(StallReport)
        /// A run limit stopped a runaway run.
        case limitExceeded(String)
    }

    /// The scenario's name.
    public var scenarioName: String
    /// The seed used.
    public var seed: UInt64
    /// The platform profile modelled.
    public var profile: PlatformProfile
    /// The instant the run was asked to stop at.
    public var stopAt: VirtualInstant
    /// The instant the run ended.
    public var endTime: VirtualInstant
    /// How the run ended.
    public var ending: Ending
    /// The trace, if it was kept.
    public var events: [TraceEvent]
    /// The number of trace events written (kept or not).
    public var eventCount: Int
    /// Every breach of a rule, in time order, up to `RunLimits.keptDiagnosticsPerRule` of each rule (100 by default).
    ///
    /// Every rule that fired is here at least once; ``diagnosticCounts``
    /// says how often each fired in all.
    public var diagnostics: [Diagnostic]
    /// Every rule that fired, how often and when, in the order each first fired, including diagnostics not kept one by one.
    public var diagnosticCounts: [DiagnosticCount]
    /// Each expectation of the scenario and whether it held.
    public var expectations: [ExpectationResult]
    /// How each app process ended, in order.
    public var terminations: [TerminationReason]
    /// What the app saved.
    public var saved: SavedState
    /// The app's state when the run ended.
    public var finalState: AppState
    /// The FNV-1a hash of the trace's canonical bytes.
    public var fingerprint: Fingerprint
    /// How many kernel events ran (a cost measure; not part of the trace).
    public var kernelEventCount: Int
    /// Every launched task's run, in start order (kept whether or not the trace is).
    public var taskRuns: [TaskRun] = []
    /// Every decision made at a choice point, in order, when the run was asked to record them.
    package var choices: [RecordedChoice] = []
    /// Every answer of the same-instant ordering policy, in order, when the run was asked to record them.
    var orderingDecisions: [OrderingDecision] = []

    /// How the run ended, in the trace's words (`run.end`'s `ending`), without the details.
    public var recordedEnding: RunRecord.Ending { Self.recordedEnding(of: ending) }

    static func recordedEnding(of ending: Ending) -> RunRecord.Ending {
        switch ending {
        case .completed: .completed
        case .stalled: .stalled
        case .limitExceeded: .limitExceeded
        }
    }

    /// Whether every expectation held and the run ended normally.
    public var passed: Bool {
        ending == .completed && expectations.allSatisfy(\.passed)
    }

    /// The most severe diagnostic, if any.
    public var maximumSeverity: Severity? {
        diagnosticCounts.map(\.rule.severity).max()
    }

    /// How many diagnostics the run reported, kept one by one or only counted.
    public var diagnosticTotal: Int {
        diagnosticCounts.reduce(0) { $0 + $1.count }
    }
}
