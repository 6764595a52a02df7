import SimulationKernel

/// Collects a run's trace: fingerprints every event, and keeps or streams it when asked.
///
/// The fingerprint is computed even when the trace is not kept, so a fuzz
/// campaign can compare runs without storing them. What the recorder holds
/// is bounded by what the run's limits let it keep, not by what happened:
/// past its capacity of records it writes nothing more and tells its owner once,
/// and past `RunLimits.keptDiagnosticsPerRule` diagnostics of one rule it
/// only counts them.
public final class TraceRecorder: @unchecked Sendable {
    /// What to do with events besides fingerprinting them.
    public enum Retention: Sendable {
        /// Keep every event in memory (the default; reports need them).
        case keep
        /// Keep nothing; only the fingerprint and the diagnostics.
        case discard
    }

    private let retention: Retention
    private let sink: (@Sendable (String) -> Void)?
    /// Sees every record as it is written, kept or not: how the explorer checks properties of a discarded trace.
    private let observer: (@Sendable (TraceRecord, VirtualInstant) -> Void)?
    private let keptDiagnosticsPerRule: Int
    private(set) var events: [TraceEvent] = []
    private(set) var fingerprint = Fingerprint()
    private(set) var count = 0
    /// The diagnostics kept one by one: every one of a rule up to the per-rule bound, in time order.
    private(set) var diagnostics: [Diagnostic] = []
    /// Every rule that fired, with how often, in the order each first fired.
    private(set) var diagnosticCounts: [DiagnosticCount] = []
    /// How many diagnostics were reported in all, kept or only counted.
    private(set) var diagnosticTotal = 0
    /// The most records written; past it, records are dropped and ``onFull`` is called once.
    var capacity: Int
    /// Called the first time a record does not fit, so the owner can stop the run.
    var onFull: (() -> Void)?
    private var reportedFull = false

    /// Creates a recorder; `sink` receives each JSON line (without newline) as it is written.
    init(
        retention: Retention, sink: (@Sendable (String) -> Void)?, observer: (@Sendable (TraceRecord, VirtualInstant) -> Void)? = nil,
        capacity: Int = .max, keptDiagnosticsPerRule: Int = .max
    ) {
        self.retention = retention
        self.sink = sink
        self.observer = observer
        self.capacity = capacity
        self.keptDiagnosticsPerRule = keptDiagnosticsPerRule
    }

    /// Whether a record was refused for want of room.
    var isFull: Bool { reportedFull }

    /// Appends a record at `time`; returns false, writing nothing, when the trace is full.
    @discardableResult
    func record(_ record: TraceRecord, at time: VirtualInstant) -> Bool {
        guard count < capacity else {
            if !reportedFull {
                reportedFull = true
                onFull?()
            }
            return false
        }
        let line = TraceEvent.jsonLine(time: time, sequence: count, kind: record.kind, fields: TraceEvent.sortedFields(of: record))
        if case .keep = retention { events.append(TraceEvent(time: time, sequence: count, record: record)) }
        count += 1
        fingerprint.combine(line)
        fingerprint.combine(CollectionOfOne(UInt8(ascii: "\n")))
        sink?(line)
        observer?(record, time)
        return true
    }

    /// Appends a diagnostic as a `diagnostic` event, and to the list unless its rule has filled its share; counts it either way.
    func report(_ diagnostic: Diagnostic) {
        guard record(.diagnostic(DiagnosticRecord(diagnostic)), at: diagnostic.time) else { return }
        diagnosticTotal += 1
        // A linear search: a run breaks a handful of the catalog's rules, and this keeps their first-fired order.
        if let index = diagnosticCounts.firstIndex(where: { $0.rule.id == diagnostic.rule.id }) {
            diagnosticCounts[index].add(diagnostic)
            if diagnosticCounts[index].count > keptDiagnosticsPerRule { return }
        } else {
            diagnosticCounts.append(DiagnosticCount(first: diagnostic))
        }
        diagnostics.append(diagnostic)
    }
}
