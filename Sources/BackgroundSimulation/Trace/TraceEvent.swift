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
        var sorted = fields.map { (key: $0.0, value: $0.1) }
        // In place, and only when needed: callers often pass their fields in order already.
        if !sorted.indices.dropFirst().allSatisfy({ sorted[$0 - 1].key <= sorted[$0].key }) {
            sorted.sort { $0.key < $1.key }
        }
        self.fields = sorted
    }

    /// The value of a field, if present.
    public subscript(key: String) -> TraceValue? {
        fields.first { $0.key == key }?.value
    }

    /// The event as one line of JSON with sorted keys and no spaces (without the newline).
    ///
    /// Field names must not be `kind`, `seq` or `t`; those are the event's own.
    public var jsonLine: String {
        // Bytes first, one String at the end: appending small pieces to a String costs far more.
        var output: [UInt8] = []
        output.reserveCapacity(256)
        output.append(UInt8(ascii: "{"))
        func write(_ key: String, _ value: TraceValue) {
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            JSONText.appendString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            value.append(to: &output)
        }
        // The event's own keys, in order.
        let ownKeys = ["kind", "seq", "t"]
        func writeOwn(_ index: Int) {
            switch index {
            case 0: write("kind", .string(kind))
            case 1: write("seq", .int(Int64(sequence)))
            default: write("t", .int(time))
            }
        }
        // Keys are ASCII identifiers, so String order is byte order: the same everywhere. The fields are
        // sorted already (unless changed since), so the event's own keys are merged in, not sorted again;
        // on equal keys the field comes first, as the stable sort this replaces put it.
        if fields.indices.dropFirst().allSatisfy({ fields[$0 - 1].key <= fields[$0].key }) {
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
        } else {
            let own: [(key: String, value: TraceValue)] = [
                (key: "kind", value: .string(kind)), (key: "seq", value: .int(Int64(sequence))), (key: "t", value: .int(time)),
            ]
            for entry in (fields + own).sorted(by: { $0.key < $1.key }) { write(entry.key, entry.value) }
        }
        output.append(UInt8(ascii: "}"))
        return String(decoding: output, as: UTF8.self)
    }

    public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
        lhs.jsonLine == rhs.jsonLine
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(jsonLine)
    }
}
