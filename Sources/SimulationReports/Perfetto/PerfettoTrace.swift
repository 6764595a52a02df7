import SimulationModel
import SimulationKernel
import SimulationSupport

/// A run as a Chrome trace event JSON file, to open in ui.perfetto.dev or chrome://tracing.
///
/// Each lane group is a process and each lane a named thread (`process_name`
/// and `thread_name` metadata), so the tracks follow `Timeline.lanes` and a
/// new kind of lane gets its own track with no change here. In a crowded group
/// (thousands of background tasks) lanes that never overlap share a thread, as
/// they share rows in the HTML page. Process ids are 1, 2, 3…; thread ids
/// follow them and never repeat across processes (Perfetto, like Linux, takes
/// a thread id to name one thread), and each process's own events use its
/// process id as thread id, as a main thread does.
///
/// Segments are complete events (`ph: X`), and so are lane marks (with no
/// duration), so that flow arrows can bind to them: on request and Live
/// Activity lanes, each request's stretches are joined from its submission
/// through its launch to the mark that ends it (`bind_id`, `flow_out`,
/// `flow_in`, Perfetto's flow events). The battery level and each Live
/// Activity's progress are counter tracks (`ph: C`). Diagnostics and story
/// lines (user actions among them) are instant events (`ph: i`). Times are
/// microseconds, written exactly from integer nanoseconds (`1500.25`), never
/// through floating point. Keys are sorted and there is one event per line,
/// so two files diff well.
///
/// Format: the Chrome team's "Trace Event Format", which Perfetto's JSON importer follows.
public struct PerfettoTrace: Sendable {
    /// Creates a writer.
    public init() {}

    /// The JSON document, ending with a newline.
    public func render(_ report: RunReport) -> String {
        let timeline = report.timeline
        let other: JSONValue = [
            "bgsimVersion": .string(timeline.version), "ending": .string(report.endingWords), "fingerprint": .string(report.fingerprint),
            "profile": .string(timeline.profile), "replay": .string(report.replay), "scenario": .string(timeline.scenario),
            "seed": .string(timeline.seed), "traceEvents": .int(Int64(report.eventCount)),
        ]
        var writer = Writer(otherData: other)
        let sections = LaneRows(lanes: timeline.lanes).sections
        var threads = Threads(storyPid: sections.count + 1)
        for (sectionIndex, section) in sections.enumerated() {
            writeLanes(of: section, pid: sectionIndex + 1, threads: &threads, to: &writer)
        }
        // Counters, on their group's process (the story's, when the group has no lanes).
        for counter in timeline.counters {
            let pid = threads.groupPid[counter.group] ?? threads.storyPid
            for sample in counter.samples {
                writer.event([
                    "args": .object([(counter.unit, .number(JSONNumber(text: Self.decimal(sample.value, divisor: counter.divisor))))]),
                    "cat": "counter", "name": .string(counter.title), "ph": "C", "pid": Self.int(pid), "tid": Self.int(pid),
                    "ts": Self.time(sample.time),
                ])
            }
        }
        writeStory(of: timeline, threads: &threads, to: &writer)
        return writer.finish()
    }

    /// Who gets which process and thread ids: process ids are 1, 2, 3…, thread ids come after every process id and never repeat.
    private struct Threads {
        let storyPid: Int
        var nextTid: Int
        var groupPid: [Lane.Group: Int] = [:]
        var flows = 0

        init(storyPid: Int) {
            self.storyPid = storyPid
            nextTid = storyPid + 1
        }

        mutating func next() -> Int {
            defer { nextTid += 1 }
            return nextTid
        }
    }

    /// One lane group's process: its rows as threads, each lane's segments and marks as complete events.
    private func writeLanes(of section: LaneRows.Section, pid: Int, threads: inout Threads, to writer: inout Writer) {
        threads.groupPid[section.group] = pid
        writer.metadata("process_name", pid: pid, tid: pid, args: ["name": .string(section.group.heading)])
        writer.metadata("process_sort_index", pid: pid, tid: pid, args: ["sort_index": Self.int(pid)])
        let category = JSONValue.string(section.group.rawValue)
        // Requests and Live Activities: each request's stretches, joined by flow arrows.
        let joined = section.group == .scheduledTasks || section.group == .liveActivities
        // Looked up, never iterated, so their order cannot reach the output.
        var stateWords: [LaneState: (name: String, label: String)] = [:]
        for (rowIndex, row) in section.rows.enumerated() {
            let tid = threads.next()
            writer.metadata("thread_name", pid: pid, tid: tid, args: ["name": .string(row.title)])
            writer.metadata("thread_sort_index", pid: pid, tid: tid, args: ["sort_index": Self.int(rowIndex + 1)])
            let shared = row.lanes.count > 1
            for lane in row.lanes {
                let links = joined ? Self.flowLinks(lane, first: threads.flows + 1) : FlowLinks(none: lane)
                threads.flows += links.count
                let slice = Slice(category: category, lane: lane, shared: shared, pid: pid, tid: tid)
                for (index, segment) in lane.segments.enumerated() where segment.end >= segment.start {
                    let words = stateWords[segment.state] ?? (segment.state.name, StateStyle.of(segment.state).label)
                    stateWords[segment.state] = words
                    var args: [(String, JSONValue)] = segment.detail.map { [("detail", .string($0))] } ?? []
                    args += [("lane", .string(lane.id)), ("state", .string(words.name))]
                    writer.event(slice.event(
                        args: args, label: words.label, start: segment.start, duration: segment.end - segment.start,
                        link: links.segments[index]))
                }
                for (index, mark) in lane.marks.enumerated() {
                    writer.event(slice.event(
                        args: [("detail", .string(mark.detail)), ("lane", .string(lane.id))], label: MarkStyle.of(mark.kind).label,
                        start: mark.time, duration: .zero, link: links.marks[index]))
                }
            }
        }
    }

    /// What the complete events of one lane share.
    private struct Slice {
        var category: JSONValue
        var lane: Lane
        var shared: Bool
        var pid: Int
        var tid: Int

        /// A complete event (`ph: X`), with its part in a flow (`bind_id`, `flow_in`, `flow_out`) if it has one.
        func event(args: [(String, JSONValue)], label: String, start: VirtualInstant, duration: VirtualDuration, link: FlowLink?) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("args", .object(args)), ("cat", category), ("dur", PerfettoTrace.time(duration)),
                ("name", .string(shared ? "\(lane.title): \(label)" : label)), ("ph", "X"), ("pid", PerfettoTrace.int(pid)),
                ("tid", PerfettoTrace.int(tid)), ("ts", PerfettoTrace.time(start)),
            ]
            if let link {
                // The writer puts them in key order, after `args` and `dur`.
                members.append(("bind_id", PerfettoTrace.int(link.id)))
                if link.incoming { members.append(("flow_in", true)) }
                if link.outgoing { members.append(("flow_out", true)) }
            }
            return .object(members)
        }
    }

    /// Diagnostics, then the story with each actor on its own thread, in order of first appearance.
    private func writeStory(of timeline: Timeline, threads: inout Threads, to writer: inout Writer) {
        let storyPid = threads.storyPid
        let diagnosticsTid = threads.next()
        writer.metadata("process_name", pid: storyPid, tid: storyPid, args: ["name": "Diagnostics and story"])
        writer.metadata("process_sort_index", pid: storyPid, tid: storyPid, args: ["sort_index": Self.int(storyPid)])
        writer.metadata("thread_name", pid: storyPid, tid: diagnosticsTid, args: ["name": "diagnostics"])
        for marker in timeline.markers {
            let name = Rules.ruleName(marker.rule)
            writer.event([
                "args": [
                    "fix": .string(marker.fix), "message": .string(marker.message), "severity": .string(marker.severity.rawValue),
                    "subject": .string(marker.subject),
                ],
                "cat": "diagnostic", "name": .string(marker.rule + (name.isEmpty ? "" : " " + name)), "ph": "i",
                "pid": Self.int(storyPid), "s": "t", "tid": Self.int(diagnosticsTid), "ts": Self.time(marker.time),
            ])
        }
        var actorThreads: [Timeline.Entry.Actor: Int] = [:]
        for entry in timeline.entries {
            // Diagnostics are on their own thread already, with their details.
            if case .diagnostic = entry.actor { continue }
            let tid: Int
            if let known = actorThreads[entry.actor] {
                tid = known
            } else {
                tid = threads.next()
                actorThreads[entry.actor] = tid
                writer.metadata("thread_name", pid: storyPid, tid: tid, args: ["name": .string(entry.actor.name)])
            }
            // The whole line is the name unless it is long: most story lines are short, and a million of them add up.
            let long = entry.text.utf8.count > 100 && entry.text.count > 100
            var members: [(String, JSONValue)] = long ? [("args", ["text": .string(entry.text)])] : []
            members += [
                ("cat", "story"), ("name", .string(long ? String(entry.text.prefix(99)) + "…" : entry.text)), ("ph", "i"),
                ("pid", Self.int(storyPid)), ("s", "t"), ("tid", Self.int(tid)), ("ts", Self.time(entry.time)),
            ]
            writer.event(.object(members))
        }
    }

    private static func int(_ value: Int) -> JSONValue { .int(Int64(value)) }

    /// An instant in exact microseconds.
    private static func time(_ instant: VirtualInstant) -> JSONValue { time(nanoseconds: instant.nanoseconds) }

    /// A duration in exact microseconds.
    private static func time(_ duration: VirtualDuration) -> JSONValue { time(nanoseconds: duration.nanoseconds) }

    private static func time(nanoseconds: Int64) -> JSONValue { .number(JSONNumber(text: PerfettoTrace().microseconds(nanoseconds))) }

    /// A slice's part in a flow: the flow's id, and whether arrows come in, go out, or both.
    struct FlowLink: Sendable, Hashable {
        var id: Int
        var incoming: Bool
        var outgoing: Bool
    }

    /// The flow links of one lane's segments and marks (nil where there is none), and how many flows they make.
    struct FlowLinks {
        var segments: [FlowLink?]
        var marks: [FlowLink?]
        var count = 0

        /// No links for any of the lane's segments and marks.
        init(none lane: Lane) {
            segments = Array(repeating: nil, count: lane.segments.count)
            marks = Array(repeating: nil, count: lane.marks.count)
        }
    }

    /// Joins each request's stretches on a lane: touching segments in a chain, from the first through the last to the mark that ends them.
    ///
    /// A chain ends at an end or a kill mark at its last segment's end (the
    /// task is over: what follows is the next request), or at a gap. A chain
    /// of one segment and no end mark links nothing. Flow ids count from `first`.
    static func flowLinks(_ lane: Lane, first: Int) -> FlowLinks {
        var links = FlowLinks(none: lane)
        // The first end or kill mark at each instant; only looked up.
        var ends: [VirtualInstant: Int] = [:]
        for (index, mark) in lane.marks.enumerated() where (mark.kind == .ended || mark.kind == .killed) && ends[mark.time] == nil {
            ends[mark.time] = index
        }
        func endMark(at time: VirtualInstant) -> Int? { ends[time] }
        var start = 0
        while start < lane.segments.count {
            var last = start
            while endMark(at: lane.segments[last].end) == nil, last + 1 < lane.segments.count,
                  lane.segments[last + 1].start == lane.segments[last].end {
                last += 1
            }
            let mark = endMark(at: lane.segments[last].end)
            if last > start || mark != nil {
                let id = first + links.count
                links.count += 1
                for index in start...last {
                    links.segments[index] = FlowLink(id: id, incoming: index > start, outgoing: index < last || mark != nil)
                }
                if let mark { links.marks[mark] = FlowLink(id: id, incoming: true, outgoing: false) }
            }
            start = last + 1
        }
        return links
    }

    /// `value / divisor` as an exact decimal (`12.5`); the divisor is a power of ten.
    static func decimal(_ value: Int64, divisor: Int64) -> String {
        guard divisor > 1 else { return String(value) }
        let whole = value / divisor
        var fraction = abs(value % divisor)
        guard fraction != 0 else { return String(whole) }
        var digits = String(divisor).count - 1
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return (value < 0 && whole == 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - text.count) + text
    }

    /// Writes the document: its header on the first line, then one event per line, so that two files diff well.
    ///
    /// Every value and key goes through the shared JSON writer (keys
    /// sorted, strings escaped); only the frame around the events is
    /// written here. Events are appended to one buffer: a million events
    /// do not become a million strings first.
    private struct Writer {
        /// Bytes, one String at the end: appending small pieces to a String costs far more.
        private var output: [UInt8] = []
        private var first = true

        init(otherData: JSONValue) {
            output.append(contentsOf: #"{"displayTimeUnit":"ms","otherData":"#.utf8)
            JSONWriter.write(otherData, to: &output, indent: 0, sortedKeys: true)
            output.append(contentsOf: #","traceEvents":["#.utf8)
        }

        /// Appends an event on its own line, after a comma unless it is the first.
        mutating func event(_ event: JSONValue) {
            if !first { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\n"))
            first = false
            JSONWriter.write(event, to: &output, indent: 0, sortedKeys: true)
        }

        /// A metadata event (`ph: M`): a process's or thread's name or place in the list.
        mutating func metadata(_ name: String, pid: Int, tid: Int, args: JSONValue) {
            event(["args": args, "name": .string(name), "ph": "M", "pid": PerfettoTrace.int(pid), "tid": PerfettoTrace.int(tid)])
        }

        /// The document, ending with a newline.
        consuming func finish() -> String {
            output.append(contentsOf: "\n]}\n".utf8)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Nanoseconds as exact decimal microseconds: `1500` or `1500.25`.
    func microseconds(_ nanoseconds: Int64) -> String {
        if nanoseconds < 0 { return "-" + microseconds(nanoseconds == .min ? .max : -nanoseconds) }
        let whole = nanoseconds / 1000
        var fraction = nanoseconds % 1000
        guard fraction != 0 else { return String(whole) }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(whole)." + String(repeating: "0", count: digits - text.count) + text
    }
}
