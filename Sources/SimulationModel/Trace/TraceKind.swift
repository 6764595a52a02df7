/// What a trace event records: the `kind` of a trace line, by feature.
///
/// Like ``TraceRecord``, one case per feature; each feature's record lists
/// its own kinds and their spellings (``PushRecord/Kind``...). A trace line's
/// `kind` is read back through ``allCases``, the one list of the features.
/// The spellings are part of the trace format and never change meaning.
///
/// ```swift
/// let starts = result.events.filter { $0.kind == .task(.start) }
/// ```
package enum TraceKind: Sendable, Hashable, CaseIterable, RawRepresentable {
    /// `run.start`, `run.end`, `run.limitExceeded`.
    case run(RunRecord.Kind)
    /// `device.state`.
    case device(DeviceRecord.Kind)
    /// `user.action`, `user.actionIgnored`.
    case person(PersonRecord.Kind)
    /// `app.*`.
    case app(AppRecord.Kind)
    /// `backgroundTime.*`, `backgroundTask.*`.
    case backgroundTime(BackgroundTimeRecord.Kind)
    /// `bgTask.*`.
    case task(TaskRecord.Kind)
    /// `liveActivity.*`.
    case liveActivity(LiveActivityRecord.Kind)
    /// `push.*`.
    case push(PushRecord.Kind)
    /// `transfer.*`.
    case transfer(TransferRecord.Kind)
    #if BGSIM_FEATURE_DEMO
    /// `demoBeacon.*`: the feature demo's service.
    case demoBeacon(DemoBeaconRecord.Kind)
    #endif
    /// `console`.
    case console
    /// `diagnostic`.
    case diagnostic
    /// `model.*`.
    case model(ModelRecord.Kind)

    /// Every kind, feature by feature, in the order docs/trace-format.md lists them: the registration of the features.
    package static let allCases: [TraceKind] = {
        var features = [
            RunRecord.Kind.allCases.map(TraceKind.run),
            DeviceRecord.Kind.allCases.map(TraceKind.device),
            PersonRecord.Kind.allCases.map(TraceKind.person),
            AppRecord.Kind.allCases.map(TraceKind.app),
            BackgroundTimeRecord.Kind.allCases.map(TraceKind.backgroundTime),
            TaskRecord.Kind.allCases.map(TraceKind.task),
            LiveActivityRecord.Kind.allCases.map(TraceKind.liveActivity),
            PushRecord.Kind.allCases.map(TraceKind.push),
            TransferRecord.Kind.allCases.map(TraceKind.transfer),
            [TraceKind.console, TraceKind.diagnostic],
            ModelRecord.Kind.allCases.map(TraceKind.model),
        ]
        #if BGSIM_FEATURE_DEMO
        features.append(DemoBeaconRecord.Kind.allCases.map(TraceKind.demoBeacon))
        #endif
        return Array(features.joined())
    }()

    /// Each spelling's kind; only looked up, never iterated, so its order never shows.
    private static let bySpelling: [String: TraceKind] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The kind spelled `rawValue` in a trace line, if there is one.
    package init?(rawValue: String) {
        guard let kind = Self.bySpelling[rawValue] else { return nil }
        self = kind
    }

    /// The kind as a trace line spells it: `run.start`, `bgTask.end`, `console`...
    package var rawValue: String {
        switch self {
        case .run(let kind): kind.rawValue
        case .device(let kind): kind.rawValue
        case .person(let kind): kind.rawValue
        case .app(let kind): kind.rawValue
        case .backgroundTime(let kind): kind.rawValue
        case .task(let kind): kind.rawValue
        case .liveActivity(let kind): kind.rawValue
        case .push(let kind): kind.rawValue
        case .transfer(let kind): kind.rawValue
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon(let kind): kind.rawValue
        #endif
        case .console: "console"
        case .diagnostic: "diagnostic"
        case .model(let kind): kind.rawValue
        }
    }
}
