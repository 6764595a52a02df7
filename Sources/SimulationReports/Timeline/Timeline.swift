import SimulationModel
import SimulationKernel

/// The lanes of a run, read back from its trace: what every report draws.
///
/// Built from trace events alone, so a trace file written earlier gives the
/// same picture as a run in memory. A new kind of lane (downloads, pushes)
/// is added here once and every report can draw it.
public struct Timeline: Sendable {
    /// A stretch of time in one state.
    public struct Segment: Sendable, Hashable {
        /// When it starts, in nanoseconds.
        public var start: Int64
        /// When it ends, in nanoseconds.
        public var end: Int64
        /// The state's name, for example `background`.
        public var state: String
    }

    /// One app process, from launch to termination.
    public struct ProcessLane: Sendable, Hashable {
        /// The process number (1 for the first launch).
        public var number: Int
        /// Its states over time.
        public var segments: [Segment]
        /// How it ended, if it did: the reason and the exception code, if any.
        public var termination: (reason: String, code: String?)?

        public static func == (lhs: ProcessLane, rhs: ProcessLane) -> Bool {
            lhs.number == rhs.number && lhs.segments == rhs.segments
                && lhs.termination?.reason == rhs.termination?.reason
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(number)
            hasher.combine(segments)
        }
    }

    /// One background task (`beginBackgroundTask`), from begin to end.
    public struct AssertionLane: Sendable, Hashable {
        /// How an assertion's lane closes.
        public enum Closing: String, Sendable, Hashable {
            /// The app ended it.
            case ended
            /// It was still open when the process was terminated.
            case killed
            /// It was still open when the run stopped.
            case open
        }

        /// The process that began it.
        public var process: Int
        /// Its identifier within the process.
        public var identifier: Int64
        /// The name given to `beginBackgroundTask`.
        public var name: String
        /// When it was begun.
        public var begin: Int64
        /// When it was ended, or the process died, or the run stopped.
        public var end: Int64
        /// How it closed.
        public var closing: Closing
        /// When its expiration handler was called, if it was.
        public var expirationHandlerAt: Int64?
    }

    /// A diagnostic pinned to its instant.
    public struct Marker: Sendable, Hashable {
        public var time: Int64
        public var rule: String
        public var severity: String
        public var subject: String
        public var message: String
        public var fix: String

        /// How often each rule fired and when first, in order of first firing: the summary long reports show.
        public static func countsByRule(_ markers: [Marker]) -> [(rule: String, severity: String, count: Int, first: Int64)] {
            var rules: [(rule: String, severity: String, count: Int, first: Int64)] = []
            for marker in markers {
                if let index = rules.firstIndex(where: { $0.rule == marker.rule }) {
                    rules[index].count += 1
                } else {
                    rules.append((marker.rule, marker.severity, 1, marker.time))
                }
            }
            return rules
        }
    }

    /// One line of the story, for text timelines.
    public struct Entry: Sendable, Hashable {
        public var time: Int64
        /// Who: `user`, `device`, `app #1`, `task 1`, `console`, `!BGS001`.
        public var actor: String
        public var text: String
    }

    public var scenario = ""
    public var seed = ""
    public var profile = ""
    public var version = ""
    /// The end of the run, in nanoseconds.
    public var end: Int64 = 0
    public var processes: [ProcessLane] = []
    public var assertions: [AssertionLane] = []
    public var markers: [Marker] = []
    /// One lane per BGTaskScheduler identifier: pending, running, and how each task ended.
    public var taskRequests: [Lane] = []
    /// One lane per continued processing task: queued, then what its Live Activity shows, and how it ended.
    ///
    /// Segment states: `queued`; `progress0` to `progress9` (tenths of
    /// `fractionCompleted`) and `progressDone`; `asking` while the Live
    /// Activity asks whether to continue. Each segment's detail holds the
    /// title, subtitle and progress shown.
    public var liveActivities: [Lane] = []
    /// The device's screen and power over time.
    public var device: [Lane] = []
    public var entries: [Entry] = []

    /// Reads the lanes from a trace.
    public init(events: [TraceEvent]) {
        var openSegment: [Int: (start: Int64, state: String)] = [:]
        var processIndex: [Int: Int] = [:]
        var assertionIndex: [String: Int] = [:]
        func key(_ process: Int, _ identifier: Int64) -> String { "\(process)/\(identifier)" }

        for event in events {
            let time = event.time
            let process = Int(event["process"]?.int ?? 0)
            switch event.kind.rawValue {
            case "run.start":
                scenario = event["scenario"]?.string ?? ""
                seed = event["seed"]?.string ?? ""
                profile = event["profile"]?.string ?? ""
                version = event["version"]?.string ?? ""
                end = event["stopAt"]?.int ?? 0
            case "run.end":
                end = time
            case "user.action":
                var text = event["action"]?.string ?? ""
                if let run = event["run"]?.string { text += " \(run)" }
                if let note = event["note"]?.string { text += " — \(note)" }
                entries.append(Entry(time: time, actor: "user", text: text))
            case "user.actionIgnored":
                entries.append(Entry(time: time, actor: "user", text: "(ignored: \(event["why"]?.string ?? ""))"))
            case "device.state":
                recordDevice(event)
            case "app.state":
                let to = event["to"]?.string ?? ""
                if processIndex[process] == nil {
                    processIndex[process] = processes.count
                    processes.append(ProcessLane(number: process, segments: [], termination: nil))
                }
                let index = processIndex[process]!
                if let open = openSegment[process], open.start < time || open.state != to {
                    if open.start < time {
                        processes[index].segments.append(Segment(start: open.start, end: time, state: open.state))
                    }
                }
                var text = "\(event["from"]?.string ?? "") → \(to)"
                if to == "terminated" {
                    let reason = event["reason"]?.string ?? ""
                    let code = event["code"]?.string
                    processes[index].termination = (reason, code)
                    openSegment[process] = nil
                    text = "terminated: \(reason)" + (code.map { " (\($0))" } ?? "")
                    if let message = event["message"]?.string { text += " — \(message)" }
                    for (position, lane) in assertions.enumerated() where lane.process == process && lane.closing == .open {
                        assertions[position].closing = .killed
                        assertions[position].end = time
                    }
                } else {
                    openSegment[process] = (time, to)
                }
                entries.append(Entry(time: time, actor: "app #\(process)", text: text))
            case "backgroundTask.begin":
                let identifier = event["identifier"]?.int ?? 0
                let name = event["name"]?.string ?? ""
                assertionIndex[key(process, identifier)] = assertions.count
                assertions.append(AssertionLane(
                    process: process, identifier: identifier, name: name, begin: time, end: time, closing: .open,
                    expirationHandlerAt: nil))
                let remaining = event["remaining"]?.int ?? -1
                let left = remaining >= 0 ? " (\(TimeText.format(nanoseconds: remaining)) left)" : ""
                entries.append(Entry(time: time, actor: "task \(identifier)", text: "begin \"\(name)\"\(left)"))
            case "backgroundTask.end":
                let identifier = event["identifier"]?.int ?? 0
                if let index = assertionIndex[key(process, identifier)] {
                    assertions[index].end = time
                    assertions[index].closing = .ended
                }
                let age = TimeText.format(nanoseconds: event["age"]?.int ?? 0)
                entries.append(Entry(time: time, actor: "task \(identifier)", text: "end after \(age)"))
            case "backgroundTask.invalid":
                entries.append(Entry(time: time, actor: "app #\(process)", text: "beginBackgroundTask returned .invalid"))
            case "backgroundTask.expirationHandler":
                let identifier = event["identifier"]?.int ?? 0
                let phase = event["phase"]?.string ?? ""
                if phase == "start", let index = assertionIndex[key(process, identifier)] {
                    assertions[index].expirationHandlerAt = time
                }
                entries.append(Entry(time: time, actor: "task \(identifier)", text: "expiration handler \(phase == "start" ? "called" : "returned")"))
            case "app.save":
                entries.append(Entry(time: time, actor: "app #\(process)", text: "saved \"\(event["checkpoint"]?.string ?? "")\""))
            case "app.log":
                entries.append(Entry(time: time, actor: "app #\(process)", text: "log: \(event["message"]?.string ?? "")"))
            case "app.lock":
                let held = event["held"] == .bool(true)
                entries.append(Entry(time: time, actor: "app #\(process)", text: "\(held ? "takes" : "releases") lock \(event["lock"]?.string ?? "")"))
            case "console":
                entries.append(Entry(time: time, actor: "console", text: event["message"]?.string ?? ""))
            case "diagnostic":
                let marker = Marker(
                    time: time, rule: event["rule"]?.string ?? "", severity: event["severity"]?.string ?? "",
                    subject: event["subject"]?.string ?? "", message: event["message"]?.string ?? "",
                    fix: event["fix"]?.string ?? "")
                markers.append(marker)
                entries.append(Entry(time: time, actor: "! \(marker.rule)", text: "\(marker.severity): \(marker.subject)"))
            case "bgTask.submit", "bgTask.launchRequest", "bgTask.start", "bgTask.end", "bgTask.cancel", "bgTask.cancelAll",
                 "bgTask.expire", "bgTask.submitFailed", "bgTask.dropped":
                if event.kind == .taskCancelAll { closeQueuedLiveActivities(at: time) }
                if event["type"] == "continuedProcessing" || continuedIdentifiers.contains(event["identifier"]?.string ?? "") {
                    recordLiveActivityEvent(event)
                } else {
                    recordTaskEvent(event)
                }
            case "liveActivity.update", "liveActivity.prompt":
                recordLiveActivityEvent(event)
            case "app.output":
                // Units written one by one would flood the story: it tells when a file is done or removed.
                let state = event["state"]?.string ?? ""
                let name = event["output"]?.string ?? ""
                let units = "\(event["units"]?.int ?? 0)/\(event["total"]?.int ?? 0) units"
                if event["change"] == "remove" {
                    let text = state == "removed" ? "removes partial \(name) (\(units))" : "nothing partial to remove: \(name) is \(state)"
                    entries.append(Entry(time: time, actor: "app #\(process)", text: text))
                } else if state == "complete" {
                    entries.append(Entry(time: time, actor: "app #\(process)", text: "output \(name) complete (\(units))"))
                }
            case "run.limitExceeded":
                entries.append(Entry(time: time, actor: "bgsim", text: "stopped: \(event["message"]?.string ?? "")"))
            default:
                break
            }
        }
        for (process, open) in openSegment.sorted(by: { $0.key < $1.key }) where open.start <= end {
            if let index = processIndex[process] {
                processes[index].segments.append(Segment(start: open.start, end: max(end, open.start), state: open.state))
            }
        }
        for index in assertions.indices where assertions[index].closing == .open {
            assertions[index].end = end
        }
        for index in taskRequests.indices {
            if let open = openTaskSegments[taskRequests[index].id] {
                taskRequests[index].segments.append(Lane.Segment(start: open.start, end: max(end, open.start), state: open.state, detail: nil))
            }
        }
        for index in liveActivities.indices {
            if let open = openLiveSegments[liveActivities[index].id] {
                liveActivities[index].segments.append(Lane.Segment(start: open.start, end: max(end, open.start), state: open.state, detail: open.detail))
            }
        }
        for index in device.indices {
            if let open = openDeviceSegments[device[index].id] {
                device[index].segments.append(Lane.Segment(start: open.start, end: max(end, open.start), state: open.state, detail: nil))
            }
        }
        openTaskSegments = [:]
        openDeviceSegments = [:]
        openLiveSegments = [:]
        lastProgressState = [:]
        continuedIdentifiers = []
    }

    private var openTaskSegments: [String: (start: Int64, state: String)] = [:]
    private var openDeviceSegments: [String: (start: Int64, state: String)] = [:]
    private var lastDeviceValues: [String: TraceValue] = [:]
    private var openLiveSegments: [String: (start: Int64, state: String, detail: String?)] = [:]
    /// The progress state and detail of each Live Activity, to return to when it stops asking.
    private var lastProgressState: [String: (state: String, detail: String)] = [:]
    /// Identifiers of continued processing requests: their later events (which carry no type) go to Live Activity lanes.
    private var continuedIdentifiers: Set<String> = []

    /// Moves a lane to a new state at `time`, closing the segment it was in.
    private static func move(
        _ lanes: inout [Lane], open: inout [String: (start: Int64, state: String)], id: String, title: String,
        group: Lane.Group, to state: String?, at time: Int64
    ) {
        var index = lanes.firstIndex { $0.id == id }
        if index == nil {
            lanes.append(Lane(id: id, title: title, group: group, segments: [], marks: []))
            index = lanes.count - 1
        }
        if let current = open[id] {
            if current.state == state { return }
            if current.start < time {
                lanes[index!].segments.append(Lane.Segment(start: current.start, end: time, state: current.state, detail: nil))
            }
        }
        open[id] = state.map { (time, $0) }
    }

    private mutating func recordTaskEvent(_ event: TraceEvent) {
        let time = event.time
        if event.kind == .taskCancelAll {
            for lane in taskRequests where openTaskSegments[lane.id]?.state == "pending" {
                Self.move(&taskRequests, open: &openTaskSegments, id: lane.id, title: lane.title, group: .scheduledTasks, to: nil, at: time)
            }
            entries.append(Entry(time: time, actor: "scheduler", text: "all requests cancelled"))
            return
        }
        let identifier = event["identifier"]?.string ?? ""
        let id = "request-" + identifier
        let title = identifier.split(separator: ".").last.map(String.init) ?? identifier
        func mark(_ kind: String, _ detail: String) {
            if let index = taskRequests.firstIndex(where: { $0.id == id }) {
                taskRequests[index].marks.append(Lane.Mark(time: time, kind: kind, detail: detail))
            }
        }
        switch event.kind.rawValue {
        case "bgTask.submit":
            let type = event["type"]?.string ?? ""
            let begin = event["earliestBegin"]?.int ?? -1
            let after = begin >= 0 ? ", not before \(TimeText.format(nanoseconds: begin))" : ""
            if openTaskSegments[id]?.state != "running" {
                Self.move(&taskRequests, open: &openTaskSegments, id: id, title: title, group: .scheduledTasks, to: "pending", at: time)
            }
            entries.append(Entry(time: time, actor: "scheduler", text: "submit \(type) \(identifier)\(after)"))
        case "bgTask.submitFailed":
            Self.move(&taskRequests, open: &openTaskSegments, id: id, title: title, group: .scheduledTasks, to: openTaskSegments[id]?.state, at: time)
            mark("failed", "submit failed: \(event["error"]?.string ?? "")")
            entries.append(Entry(time: time, actor: "scheduler", text: "submit \(identifier) failed: \(event["error"]?.string ?? "") (\(event["why"]?.string ?? ""))"))
        case "bgTask.cancel":
            if openTaskSegments[id]?.state == "pending" {
                Self.move(&taskRequests, open: &openTaskSegments, id: id, title: title, group: .scheduledTasks, to: nil, at: time)
            }
            entries.append(Entry(time: time, actor: "scheduler", text: "cancel \(identifier)"))
        case "bgTask.launchRequest":
            entries.append(Entry(time: time, actor: "system", text: "launches \(identifier) (\(event["cause"]?.string ?? ""))"))
        case "bgTask.start":
            Self.move(&taskRequests, open: &openTaskSegments, id: id, title: title, group: .scheduledTasks, to: "running", at: time)
        case "bgTask.expire":
            mark("expiring", "expired: \(event["reason"]?.string ?? "")")
            entries.append(Entry(time: time, actor: "system", text: "expires \(identifier): \(event["reason"]?.string ?? "")"))
        case "bgTask.end":
            let how = event["how"]?.string ?? ""
            let success = event["success"] == .bool(true)
            Self.move(&taskRequests, open: &openTaskSegments, id: id, title: title, group: .scheduledTasks, to: nil, at: time)
            mark(how == "processEnded" ? "killed" : "ended", "\(how), success \(success)")
            entries.append(Entry(time: time, actor: "system", text: "\(identifier) ended: \(how)\(how == "completed" ? (success ? ", success" : ", failure") : "")"))
        default:
            break
        }
    }

    /// The lane state for a Live Activity's progress in thousandths: tenths as `progress0`...`progress9`, then `progressDone`.
    public static func progressState(permille: Int64) -> String {
        permille >= 1000 ? "progressDone" : "progress\(max(0, permille) / 100)"
    }

    /// Moves a Live Activity lane to a new state (nil closes it) at `time`, keeping each segment's detail.
    private mutating func moveLiveActivity(_ identifier: String, to state: String?, detail: String?, at time: Int64) {
        let id = "live-" + identifier
        var index = liveActivities.firstIndex { $0.id == id }
        if index == nil {
            // The identifier's last two parts (`export.3`) tell jobs apart, if they fit beside the lane; else the last one.
            let parts = identifier.split(separator: ".")
            let lastTwo = parts.suffix(2).joined(separator: ".")
            let title = lastTwo.count <= 10 ? lastTwo : String((parts.last.map(String.init) ?? identifier).prefix(10))
            liveActivities.append(Lane(id: id, title: title, group: .liveActivities, segments: [], marks: []))
            index = liveActivities.count - 1
        }
        if let current = openLiveSegments[id] {
            if current.state == state && current.detail == detail { return }
            if current.start < time {
                liveActivities[index!].segments.append(Lane.Segment(start: current.start, end: time, state: current.state, detail: current.detail))
            }
        }
        openLiveSegments[id] = state.map { (time, $0, detail) }
    }

    private mutating func markLiveActivity(_ identifier: String, _ kind: String, _ detail: String, at time: Int64) {
        if liveActivities.firstIndex(where: { $0.id == "live-" + identifier }) == nil {
            moveLiveActivity(identifier, to: nil, detail: nil, at: time)
        }
        if let index = liveActivities.firstIndex(where: { $0.id == "live-" + identifier }) {
            liveActivities[index].marks.append(Lane.Mark(time: time, kind: kind, detail: detail))
        }
    }

    private mutating func closeQueuedLiveActivities(at time: Int64) {
        for lane in liveActivities where openLiveSegments[lane.id]?.state == "queued" {
            moveLiveActivity(String(lane.id.dropFirst("live-".count)), to: nil, detail: nil, at: time)
        }
    }

    private mutating func recordLiveActivityEvent(_ event: TraceEvent) {
        let time = event.time
        let identifier = event["identifier"]?.string ?? ""
        continuedIdentifiers.insert(identifier)
        let id = "live-" + identifier
        switch event.kind.rawValue {
        case "bgTask.submit":
            let words = "\(event["title"]?.string ?? "") — \(event["subtitle"]?.string ?? "")"
            let queued = event["queued"] == .bool(true)
            if openLiveSegments[id] == nil || openLiveSegments[id]?.state == "queued" {
                moveLiveActivity(identifier, to: "queued", detail: "queued: \(words)", at: time)
            }
            entries.append(Entry(time: time, actor: "scheduler", text: "submit continued \(identifier)\(queued ? " (queued)" : "")"))
        case "bgTask.submitFailed":
            markLiveActivity(identifier, "failed", "submit failed: \(event["error"]?.string ?? "")", at: time)
            entries.append(Entry(time: time, actor: "scheduler", text: "submit \(identifier) failed: \(event["error"]?.string ?? "") (\(event["why"]?.string ?? ""))"))
        case "bgTask.cancel":
            if openLiveSegments[id]?.state == "queued" { moveLiveActivity(identifier, to: nil, detail: nil, at: time) }
            entries.append(Entry(time: time, actor: "scheduler", text: "cancel \(identifier)"))
        case "bgTask.dropped":
            moveLiveActivity(identifier, to: nil, detail: nil, at: time)
            markLiveActivity(identifier, "killed", "dropped from the queue: \(event["reason"]?.string ?? "")", at: time)
            entries.append(Entry(time: time, actor: "system", text: "drops queued \(identifier): \(event["reason"]?.string ?? "")"))
        case "bgTask.launchRequest":
            entries.append(Entry(time: time, actor: "system", text: "starts \(identifier)"))
        case "bgTask.start":
            lastProgressState[id] = ("progress0", "")
        case "liveActivity.update":
            let permille = event["permille"]?.int ?? 0
            let words = "\(event["title"]?.string ?? "") — \(event["subtitle"]?.string ?? "")"
            let detail = "\(words) · \(permille / 10)% (\(event["completed"]?.int ?? 0)/\(event["total"]?.int ?? 0))"
            let state = Self.progressState(permille: permille)
            lastProgressState[id] = (state, detail)
            if openLiveSegments[id]?.state != "asking" { moveLiveActivity(identifier, to: state, detail: detail, at: time) }
            switch event["cause"]?.string {
            case "start": entries.append(Entry(time: time, actor: "live", text: "\(words)"))
            case "title": entries.append(Entry(time: time, actor: "live", text: "now \(words) (\(permille / 10)%)"))
            default: break
            }
        case "liveActivity.prompt":
            switch event["phase"]?.string {
            case "shown":
                let still = TimeText.format(nanoseconds: event["stalledFor"]?.int ?? 0)
                moveLiveActivity(identifier, to: "asking", detail: "asks whether to continue: no progress for \(still)", at: time)
                entries.append(Entry(time: time, actor: "live", text: "\(identifier) asks whether to continue (no progress for \(still))"))
            case "answered":
                let last = lastProgressState[id] ?? ("progress0", "")
                moveLiveActivity(identifier, to: last.state, detail: last.detail, at: time)
                entries.append(Entry(time: time, actor: "user", text: "answers \(event["answer"]?.string ?? ""): \(identifier)"))
            default:
                let last = lastProgressState[id] ?? ("progress0", "")
                moveLiveActivity(identifier, to: last.state, detail: last.detail, at: time)
            }
        case "bgTask.expire":
            markLiveActivity(identifier, "expiring", "expired: \(event["reason"]?.string ?? "")", at: time)
            entries.append(Entry(time: time, actor: "system", text: "expires \(identifier): \(event["reason"]?.string ?? "")"))
        case "bgTask.end":
            let how = event["how"]?.string ?? ""
            let success = event["success"] == .bool(true)
            let output = event["output"]?.string ?? "none"
            moveLiveActivity(identifier, to: nil, detail: nil, at: time)
            markLiveActivity(identifier, how == "processEnded" ? "killed" : "ended", "\(how), success \(success), output \(output)", at: time)
            let result = how == "completed" ? (success ? ", success" : ", failure") : ""
            entries.append(Entry(time: time, actor: "system", text: "\(identifier) ended: \(how)\(result); output \(output)"))
        default:
            break
        }
    }

    private mutating func recordDevice(_ event: TraceEvent) {
        let time = event.time
        let locked = event["locked"] == .bool(true)
        let charging = event["charging"] == .bool(true)
        let lowPower = event["lowPowerMode"] == .bool(true)
        let screen = locked ? "locked" : "inUse"
        let power = charging ? "charging" : (lowPower ? "lowPowerMode" : "onBattery")
        defer {
            for key in ["batteryLevel", "network", "lowDataMode", "backgroundAppRefresh", "thermalState"] {
                lastDeviceValues[key] = event[key]
            }
        }
        let previousScreen = openDeviceSegments["device-screen"]?.state
        let previousPower = openDeviceSegments["device-power"]?.state
        Self.move(&device, open: &openDeviceSegments, id: "device-screen", title: "screen", group: .device, to: screen, at: time)
        Self.move(&device, open: &openDeviceSegments, id: "device-power", title: "power", group: .device, to: power, at: time)
        if event.sequence > 1 {
            var changes: [String] = []
            if previousScreen != screen { changes.append(locked ? "locked" : "unlocked") }
            if previousPower != power { changes.append(power) }
            for key in ["batteryLevel", "network", "lowDataMode", "backgroundAppRefresh", "thermalState"] {
                guard let value = event[key], lastDeviceValues[key] != value else { continue }
                switch value {
                case .int(let number): changes.append("\(key) \(number)")
                case .string(let text): changes.append("\(key) \(text)")
                case .bool(let flag): changes.append("\(key) \(flag ? "on" : "off")")
                }
            }
            entries.append(Entry(time: time, actor: "device", text: changes.joined(separator: ", ")))
        }
    }
}
