import BackgroundSimulation
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
            switch event.kind {
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
                if event.sequence > 1 {
                    entries.append(Entry(time: time, actor: "device", text: event["locked"] == .bool(true) ? "locked" : "unlocked"))
                }
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
    }
}
