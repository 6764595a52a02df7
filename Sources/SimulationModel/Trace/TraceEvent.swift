import SimulationKernel
import SimulationSupport

/// One line of a run's trace: a record of what happened, at an instant.
///
/// Every state change in the model appends one. The trace is the run's
/// record: reports, expectations and the fingerprint all read it, and
/// nothing reads it back to drive the simulation.
public struct TraceEvent: Sendable, Hashable {
    /// When it happened.
    public var time: VirtualInstant
    /// Its position in the trace, from 0.
    public var sequence: Int
    /// What happened.
    public var record: TraceRecord

    /// Creates an event.
    package init(time: VirtualInstant, sequence: Int, record: TraceRecord) {
        self.time = time
        self.sequence = sequence
        self.record = record
    }

    /// What kind of event it is.
    package var kind: TraceKind { record.kind }

    /// The record's fields as the trace line writes them, sorted by key (without `kind`, `seq` and `t`).
    ///
    /// For tools that treat events generically (comparing two traces, counting
    /// values); code that knows the kind reads the typed ``record``.
    package var fields: [(key: String, value: TraceValue)] {
        Self.sortedFields(of: record)
    }

    /// The value of a field as written, if the record has it.
    package subscript(key: String) -> TraceValue? {
        fields.first { $0.key == key }?.value
    }

    /// The event as one line of JSON with sorted keys and no spaces (without the newline): its canonical form.
    package var jsonLine: String {
        Self.jsonLine(time: time, sequence: sequence, kind: record.kind, fields: Self.sortedFields(of: record))
    }

    static func sortedFields(of record: TraceRecord) -> [(key: String, value: TraceValue)] {
        var writer = TraceFieldWriter()
        record.encode(to: &writer)
        var sorted = writer.fields
        // In place, and only when needed: records often add their fields in order already.
        if !sorted.indices.dropFirst().allSatisfy({ sorted[$0 - 1].key <= sorted[$0].key }) {
            sorted.sort { $0.key < $1.key }
        }
        return sorted
    }

    /// The canonical line of an event whose fields are sorted by key.
    ///
    /// Field names are never `kind`, `seq` or `t`: those are the event's own.
    /// The trace writer's fast path, run for every event of every run: bytes
    /// written with the shared writer's string escape and integers, rather
    /// than a `JSONValue` built and rendered.
    static func jsonLine(time: VirtualInstant, sequence: Int, kind: TraceKind, fields: [(key: String, value: TraceValue)]) -> String {
        // Bytes first, one String at the end: appending small pieces to a String costs far more.
        var output: [UInt8] = []
        output.reserveCapacity(256)
        output.append(UInt8(ascii: "{"))
        func write(_ key: String, _ value: TraceValue) {
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            value.append(to: &output)
        }
        // The event's own keys, in order, merged into the sorted fields. Keys are ASCII identifiers,
        // so String order is byte order: the same everywhere.
        let ownKeys = ["kind", "seq", "t"]
        func writeOwn(_ index: Int) {
            switch index {
            case 0: write("kind", .string(kind.rawValue))
            case 1: write("seq", .int(Int64(sequence)))
            default: write("t", .int(time.nanoseconds))
            }
        }
        var next = 0
        for field in fields {
            while next < ownKeys.count && ownKeys[next] < field.key {
                writeOwn(next)
                next += 1
            }
            write(field.key, field.value)
        }
        while next < ownKeys.count {
            writeOwn(next)
            next += 1
        }
        output.append(UInt8(ascii: "}"))
        return String(decoding: output, as: UTF8.self)
    }
}
