import SimulationKernel
import SimulationModel

/// A timeline entry as a scenario file writes it: `{"at": "10s", "action": "goHome", "note": "..."}`.
struct TimelineEntryFormat: Decodable {
    /// The entry read.
    let entry: TimelineEntry

    init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: AnyKey.self)
        let name = try probe.choice("action", among: UserAction.names)
        let extra: [String] = switch name {
        case "tap": ["run"]
        case "conditions": DeviceConditions.changeableKeys
        case "simulateLaunch", "simulateExpiration", "expireTask", "cancelLiveActivity": ["identifier"]
        case "answerPrompt": ["identifier", "answer"]
        case "updateApp": ["build"]
        case "push": ["contentAvailable", "pushType", "priority"]
        case "delayPush": ["by"]
        default: []
        }
        let c = try decoder.strictContainer(allowing: ["at", "action", "note"] + extra)
        let at = try c.duration("at")
        let note = try c.optional(String.self, "note")
        let action: UserAction
        switch name {
        case "launch": action = .launch
        case "backgroundLaunch": action = .backgroundLaunch
        case "goHome": action = .goHome
        case "returnToApp": action = .returnToApp
        case "lock": action = .lock
        case "unlock": action = .unlock
        case "swipeAway": action = .swipeAway
        case "memoryPressure": action = .memoryPressure
        case "openControlCenter": action = .openControlCenter
        case "closeControlCenter": action = .closeControlCenter
        case "conditions":
            let change = try ConditionChange(from: c, deviceOnly: false)
            if change == ConditionChange() {
                throw invalid(c.codingPath, "a conditions action must change something: "
                    + DeviceConditions.changeableKeys.joined(separator: ", ") + " (lock with the lock action)")
            }
            action = .conditions(change)
        case "simulateLaunch": action = .simulateLaunch(identifier: try c.required(String.self, "identifier"))
        case "simulateExpiration": action = .simulateExpiration(identifier: try c.required(String.self, "identifier"))
        case "expireTask": action = .expireTask(identifier: try c.required(String.self, "identifier"))
        case "cancelLiveActivity": action = .cancelLiveActivity(identifier: try c.optional(String.self, "identifier"))
        case "answerPrompt":
            let answer = PromptAnswer(rawValue: try c.choice("answer", among: PromptAnswer.allCases.map(\.rawValue)))!
            action = .answerPrompt(identifier: try c.optional(String.self, "identifier"), answer: answer)
        case "resourcePressure": action = .resourcePressure
        case "updateApp": action = .updateApp(build: try c.required(String.self, "build"))
        case "dropPush": action = .dropPush
        case "delayPush": action = .delayPush(by: try c.duration("by"))
        case "push":
            let type = c.contains(AnyKey("pushType"))
                ? RemoteNotification.PushType(rawValue: try c.choice("pushType", among: RemoteNotification.PushType.allCases.map(\.rawValue)))!
                : .background
            // APNs: "If you omit this header, APNs sets the notification priority to 10."
            let priority = try c.optional(Int.self, "priority") ?? 10
            guard RemoteNotification.priorities.contains(priority) else {
                throw invalid(c.path("priority"), "apns-priority is 10, 5 or 1, not \(priority)")
            }
            action = .push(RemoteNotification(
                contentAvailable: try c.optional(Bool.self, "contentAvailable") ?? false, pushType: type, priority: priority))
        default: action = .tap(action: try c.required(String.self, "run"))
        }
        entry = TimelineEntry(at: .nanoseconds(at), action: action, note: note)
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
        if every == 0 { throw invalid(c.path("every"), "every must be longer than 0s; write for example \"1d\"") }
        let count = try c.required(Int.self, "count")
        let written = try c.required([TimelineEntryFormat].self, "entries").map(\.entry)
        if written.isEmpty { throw invalid(c.path("entries"), "a repeat needs at least one entry") }
        guard (1...Self.maximumEntries).contains(count), count * written.count <= Self.maximumEntries else {
            throw invalid(c.path("count"), "count is a whole number from 1 such that count × entries is at most \(Self.maximumEntries), got \(count)")
        }
        for (index, entry) in written.enumerated().dropFirst() where entry.at < written[index - 1].at {
            throw invalid(c.path("entries") + [AnyKey(intValue: index)!, AnyKey("at")], "earlier than the entry before it; keep the entries of a repeat in time order")
        }
        let span = written[written.count - 1].at.wholeNanoseconds - written[0].at.wholeNanoseconds
        if span >= every {
            throw invalid(c.path("every"), "the entries span \(TimeText.formatExact(nanoseconds: span)), not less than every (\(TimeText.formatExact(nanoseconds: every))); repetitions would overlap")
        }
        var entries: [TimelineEntry] = []
        var sources: [[AnyKey]] = []
        for repetition in 0..<count {
            for (index, entry) in written.enumerated() {
                let (at, overflow) = entry.at.wholeNanoseconds.addingReportingOverflow(Int64(repetition).multipliedReportingOverflow(by: every).partialValue)
                if overflow || Int64(repetition).multipliedReportingOverflow(by: every).overflow {
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
