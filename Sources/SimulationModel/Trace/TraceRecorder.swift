import SimulationKernel

/// Collects a run's trace: fingerprints every event, and keeps or streams it when asked.
///
/// The fingerprint is computed even when the trace is not kept, so a fuzz
/// campaign can compare runs without storing them.
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
    private let observer: (@Sendable (TraceRecord, Int64) -> Void)?
    private(set) var events: [TraceEvent] = []
    private(set) var fingerprint = Fingerprint()
    private(set) var count = 0
    private(set) var diagnostics: [Diagnostic] = []

    /// Creates a recorder; `sink` receives each JSON line (without newline) as it is written.
    init(retention: Retention, sink: (@Sendable (String) -> Void)?, observer: (@Sendable (TraceRecord, Int64) -> Void)? = nil) {
        self.retention = retention
        self.sink = sink
        self.observer = observer
    }

    /// Appends a record at `time`.
    func record(_ record: TraceRecord, at time: Int64) {
        let line = TraceEvent.jsonLine(time: time, sequence: count, kind: record.kind, fields: TraceEvent.sortedFields(of: record))
        if case .keep = retention { events.append(TraceEvent(time: time, sequence: count, record: record)) }
        count += 1
        fingerprint.combine(line)
        fingerprint.combine(CollectionOfOne(UInt8(ascii: "\n")))
        sink?(line)
        observer?(record, time)
    }

    /// Appends a diagnostic, both to the list and as a `diagnostic` event.
    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        record(.diagnostic(TraceRecord.DiagnosticRecord(diagnostic)), at: diagnostic.time)
    }
}
