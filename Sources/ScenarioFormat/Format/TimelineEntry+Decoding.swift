import SimulationKernel
import SimulationModel

/// A timeline entry as a scenario file writes it: `{"at": "10s", "action": "goHome", "note": "..."}`.
///
/// Each feature reads its own actions (`<Feature>Action+Format.swift`): the
/// keys an action allows and how its value is made, in switches over the
/// feature's names, so no name can lack a reading. The two switches here
/// have one line per feature.
struct TimelineEntryFormat: Decodable {
    /// The entry read.
    let entry: TimelineEntry

    init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: AnyKey.self)
        let name = UserAction.Name(rawValue: try probe.choice("action", among: UserAction.names))!
        let c = try decoder.strictContainer(allowing: ["at", "action", "note"] + Self.keys(of: name))
        let at = try c.duration("at")
        let note = try c.optional(String.self, "note")
        entry = TimelineEntry(at: at.duration, action: try Self.action(name, from: c), note: note)
    }

    /// The keys an entry of the action may have besides `at`, `action` and `note`.
    static func keys(of name: UserAction.Name) -> [String] {
        switch name {
        case .person(let name): PersonAction.keys(name)
        case .task(let name): TaskAction.keys(name)
        case .continued(let name): ContinuedAction.keys(name)
        case .install(let name): InstallAction.keys(name)
        case .push(let name): PushAction.keys(name)
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon(let name): DemoBeaconAction.keys(name)
        #endif
        }
    }

    /// The action named `name`, read from its entry.
    static func action(_ name: UserAction.Name, from c: KeyedDecodingContainer<AnyKey>) throws -> UserAction {
        switch name {
        case .person(let name): .person(try PersonAction(name, from: c))
        case .task(let name): .task(try TaskAction(name, from: c))
        case .continued(let name): .continued(try ContinuedAction(name, from: c))
        case .install(let name): .install(try InstallAction(name, from: c))
        case .push(let name): .push(try PushAction(name, from: c))
        #if BGSIM_FEATURE_DEMO
        case .demoBeacon(let name): .demoBeacon(try DemoBeaconAction(name, from: c))
        #endif
        }
    }
}

/// One item of the timeline as a file writes it: an entry, or a `repeat` of entries.
///
/// `{"repeat": {"every": "1d", "count": 7, "entries": [...]}}` writes the
/// entries of the first repetition at their times; repetition k (from 0)
/// happens `k × every` later. The entries of one repetition must be in time
/// order and span less than `every`, so repetitions never interleave.
struct TimelineItemFormat: Decodable {
    /// The most entries one `repeat` may make: a year of daily entries ten times over.
    static let maximumEntries = 100_000

    /// The entries, in time order.
    let entries: [TimelineEntry]
    /// Where each entry was written, relative to this item.
    let sources: [[AnyKey]]

    init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: AnyKey.self)
        guard probe.contains(AnyKey("repeat")) else {
            entries = [try TimelineEntryFormat(from: decoder).entry]
            sources = [[]]
            return
        }
        _ = try decoder.strictContainer(allowing: ["repeat", "note"])
        let c = try probe.superDecoder(forKey: AnyKey("repeat")).strictContainer(allowing: ["every", "count", "entries", "note"])
        let every = try c.duration("every")
        if every == .zero { throw invalid(c.path("every"), "every must be longer than 0s; write for example \"1d\"") }
        let count = try c.required(Int.self, "count")
        let written = try c.required([TimelineEntryFormat].self, "entries").map(\.entry)
        if written.isEmpty { throw invalid(c.path("entries"), "a repeat needs at least one entry") }
        guard (1...Self.maximumEntries).contains(count), count * written.count <= Self.maximumEntries else {
            throw invalid(c.path("count"), "count is a whole number from 1 such that count × entries is at most \(Self.maximumEntries), got \(count)")
        }
        for (index, entry) in written.enumerated().dropFirst() where entry.at < written[index - 1].at {
            throw invalid(c.path("entries") + [AnyKey(intValue: index)!, AnyKey("at")], "earlier than the entry before it; keep the entries of a repeat in time order")
        }
        let span = VirtualDuration(written[written.count - 1].at) - VirtualDuration(written[0].at)
        if span >= every {
            throw invalid(c.path("every"), "the entries span \(TimeText.formatExact(span)), not less than every (\(TimeText.formatExact(every))); repetitions would overlap")
        }
        var entries: [TimelineEntry] = []
        var sources: [[AnyKey]] = []
        for repetition in 0..<count {
            for (index, entry) in written.enumerated() {
                let (at, overflow) = entry.at.wholeNanoseconds.addingReportingOverflow(Int64(repetition).multipliedReportingOverflow(by: every.nanoseconds).partialValue)
                if overflow || Int64(repetition).multipliedReportingOverflow(by: every.nanoseconds).overflow {
                    throw invalid(c.path("count"), "the repetitions go past the longest run")
                }
                var repeated = entry
                repeated.at = .nanoseconds(at)
                entries.append(repeated)
                sources.append([AnyKey("repeat"), AnyKey("entries"), AnyKey(intValue: index)!])
            }
        }
        self.entries = entries
        self.sources = sources
    }
}
