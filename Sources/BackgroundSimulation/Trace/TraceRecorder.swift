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
    private(set) var events: [TraceEvent] = []
    private(set) var fingerprint = Fingerprint()
    private(set) var count = 0
    private(set) var diagnostics: [Diagnostic] = []

    /// Creates a recorder; `sink` receives each JSON line (without newline) as it is written.
    init(retention: Retention, sink: (@Sendable (String) -> Void)?) {
        self.retention = retention
        self.sink = sink
    }

    /// Appends an event at `time`.
    @discardableResult
    func record(_ kind: String, at time: Int64, _ fields: [(String, TraceValue)]) -> TraceEvent {
        let event = TraceEvent(time: time, sequence: count, kind: kind, fields: fields)
        count += 1
        let line = event.jsonLine
        fingerprint.combine(line)
        fingerprint.combine(CollectionOfOne(UInt8(ascii: "\n")))
        sink?(line)
        if case .keep = retention { events.append(event) }
        return event
    }

    /// Appends a diagnostic, both to the list and as a `diagnostic` event.
    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        var fields: [(String, TraceValue)] = [
            ("rule", .string(diagnostic.rule.id)),
            ("name", .string(diagnostic.rule.name)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("subject", .string(diagnostic.subject)),
            ("message", .string(diagnostic.message)),
            ("fix", .string(diagnostic.rule.fix)),
        ]
        if let process = diagnostic.process { fields.append(("process", .int(Int64(process)))) }
        record("diagnostic", at: diagnostic.time, fields)
    }
}
