/// What one trace event records: one case per feature, each holding that feature's record.
///
/// The model writes records; every report reads them and switches over them
/// exhaustively, so a new feature makes the compiler list each report that
/// must draw it, and a new kind within a feature lists the places that switch
/// over that feature's record. Each feature owns its kinds' spellings and
/// fields (``PushRecord``, ``TaskRecord``...); this enum only dispatches, one
/// line per feature. One canonical form turns a record into the fields of a
/// trace line (sorted keys, integers, strings and booleans) and back: see
/// `TraceEvent.jsonLine` and `TraceReader`. docs/trace-format.md lists
/// the fields of each kind.
public enum TraceRecord: Sendable, Hashable {
    /// `run.*`: what was run, how it ended.
    case run(RunRecord)
    /// `device.state`: the device's conditions.
    case device(DeviceRecord)
    /// `user.*`: the person's timeline entries.
    case person(PersonRecord)
    /// `app.*`: the app process and its code.
    case app(AppRecord)
    /// `backgroundTime.*` and `backgroundTask.*`: background time and `beginBackgroundTask`.
    case backgroundTime(BackgroundTimeRecord)
    /// `bgTask.*`: `BGTaskScheduler` requests and tasks.
    case task(TaskRecord)
    /// `liveActivity.*`: continued processing tasks' Live Activities.
    case liveActivity(LiveActivityRecord)
    /// `push.*`: silent pushes.
    case push(PushRecord)
    /// `transfer.*`: background `URLSession` transfers.
    case transfer(TransferRecord)
    #if BGSIM_FEATURE_DEMO
    /// `demoBeacon.*`: the feature demo's service (docs/contributing.md).
    case demoBeacon(DemoBeaconRecord)
    #endif
    /// `console`: a message the system writes to the console.
    case console(ConsoleRecord)
    /// `diagnostic`: a rule was broken.
    case diagnostic(DiagnosticRecord)
    /// `model.*`: the model's own mistakes.
    case model(ModelRecord)

    /// The record's kind: the `kind` of its trace line.
    package var kind: TraceKind {
        switch self {
        case .run(let record): .run(record.kind)
        case .device(let record): .device(record.kind)
        case .person(let record): .person(record.kind)
        case .app(let record): .app(record.kind)
        case .backgroundTime(let record): .backgroundTime(record.kind)
        case .task(let record): .task(record.kind)
        case .liveActivity(let record): .liveActivity(record.kind)
        case .push(let record): .push(record.kind)
        case .transfer(let record): .transfer(record.kind)
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon(let record): .demoBeacon(record.kind)
        #endif
        case .console: .console
        case .diagnostic: .diagnostic
        case .model(let record): .model(record.kind)
        }
    }

    /// Adds the record's fields, in no particular order.
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .run(let record): record.encode(to: &fields)
        case .device(let record): record.encode(to: &fields)
        case .person(let record): record.encode(to: &fields)
        case .app(let record): record.encode(to: &fields)
        case .backgroundTime(let record): record.encode(to: &fields)
        case .task(let record): record.encode(to: &fields)
        case .liveActivity(let record): record.encode(to: &fields)
        case .push(let record): record.encode(to: &fields)
        case .transfer(let record): record.encode(to: &fields)
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon(let record): record.encode(to: &fields)
        #endif
        case .console(let record): record.encode(to: &fields)
        case .diagnostic(let record): record.encode(to: &fields)
        case .model(let record): record.encode(to: &fields)
        }
    }

    /// Reads a record of `kind` from a trace line's fields; every field must belong to the kind.
    init(kind: TraceKind, fields: [(key: String, value: TraceValue)]) throws(TraceDecodingError) {
        var reader = TraceFieldReader(fields)
        switch kind {
        case .run(let kind): self = .run(try RunRecord(kind: kind, from: &reader))
        case .device(let kind): self = .device(try DeviceRecord(kind: kind, from: &reader))
        case .person(let kind): self = .person(try PersonRecord(kind: kind, from: &reader))
        case .app(let kind): self = .app(try AppRecord(kind: kind, from: &reader))
        case .backgroundTime(let kind): self = .backgroundTime(try BackgroundTimeRecord(kind: kind, from: &reader))
        case .task(let kind): self = .task(try TaskRecord(kind: kind, from: &reader))
        case .liveActivity(let kind): self = .liveActivity(try LiveActivityRecord(kind: kind, from: &reader))
        case .push(let kind): self = .push(try PushRecord(kind: kind, from: &reader))
        case .transfer(let kind): self = .transfer(try TransferRecord(kind: kind, from: &reader))
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon(let kind): self = .demoBeacon(try DemoBeaconRecord(kind: kind, from: &reader))
        #endif
        case .console: self = .console(try ConsoleRecord(from: &reader))
        case .diagnostic: self = .diagnostic(try DiagnosticRecord(from: &reader))
        case .model(let kind): self = .model(try ModelRecord(kind: kind, from: &reader))
        }
        try reader.finish()
    }
}
