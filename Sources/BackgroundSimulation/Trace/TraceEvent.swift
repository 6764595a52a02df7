import SimulationKernel

/// One line of a run's trace: something that happened at an instant.
///
/// Every state change in the model appends one. The trace is the run's
/// record: reports, expectations and the fingerprint all read it, and
/// nothing reads it back to drive the simulation.
public struct TraceEvent: Sendable, Hashable {
    /// When it happened, in nanoseconds of virtual time.
    public var time: Int64
    /// Its position in the trace, from 0.
    public var sequence: Int
    /// What happened, for example `app.state` or `backgroundTask.begin`. See docs/trace-format.md.
    public var kind: String
    /// The details, sorted by key.
    public var fields: [(key: String, value: TraceValue)]

    /// Creates an event; fields are sorted by key so the event has one canonical form.
    public init(time: Int64, sequence: Int, kind: String, fields: [(String, TraceValue)]) {
        self.time = time
        self.sequence = sequence
        self.kind = kind
        self.fields = fields.map { (key: $0.0, value: $0.1) }.sorted { $0.key < $1.key }
    }

    /// The value of a field, if present.
    public subscript(key: String) -> TraceValue? {
        fields.first { $0.key == key }?.value
    }

    /// The event as one line of JSON with sorted keys and no spaces (without the newline).
    ///
    /// Field names must not be `kind`, `seq` or `t`; those are the event's own.
    public var jsonLine: String {
        var entries = fields
        entries.append((key: "kind", value: .string(kind)))
        entries.append((key: "seq", value: .int(Int64(sequence))))
        entries.append((key: "t", value: .int(time)))
        // Keys are ASCII identifiers, so String order is byte order: the same everywhere.
        entries.sort { $0.key < $1.key }
        var output = "{"
        for (index, entry) in entries.enumerated() {
            if index > 0 { output.append(",") }
            JSONText.appendString(entry.key, to: &output)
            output.append(":")
            entry.value.append(to: &output)
        }
        output.append("}")
        return output
    }

    public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
        lhs.jsonLine == rhs.jsonLine
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(jsonLine)
    }
}
