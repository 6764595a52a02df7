import SimulationModel
import SimulationKernel
import SimulationSupport

/// A run as a Chrome trace event JSON file, to open in ui.perfetto.dev or chrome://tracing.
///
/// Each lane group is a process and each lane a named thread (`process_name`
/// and `thread_name` metadata), so the tracks follow ``Timeline/lanes`` and a
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
        var writer = Writer()
        writer.output += "{\"displayTimeUnit\":\"ms\",\"otherData\":{"
        let other: [(String, String)] = [
            ("bgsimVersion", timeline.version), ("ending", report.endingWords), ("fingerprint", report.fingerprint),
            ("profile", timeline.profile), ("replay", report.replay), ("scenario", timeline.scenario), ("seed", timeline.seed),
        ]
        for (key, value) in other {
            writer.output += "\"\(key)\":"
            writer.string(value)
            writer.output += ","
        }
        writer.output += "\"traceEvents\":\(report.eventCount)},\"traceEvents\":["

        let sections = LaneRows(lanes: timeline.lanes).sections
        let storyPid = sections.count + 1
        // Thread ids after every process id, counted across processes: no two threads share one.
        var nextTid = storyPid + 1
        var groupPid: [Lane.Group: Int] = [:]
        var flows = 0
        // Looked up, never iterated, so their order cannot reach the output.
        var stateWords: [LaneState: (name: String, label: String)] = [:]
        for (sectionIndex, section) in sections.enumerated() {
            let pid = sectionIndex + 1
            groupPid[section.group] = pid
            writer.metadata("process_name", pid: pid, tid: pid, name: section.group.heading)
            writer.metadata("process_sort_index", pid: pid, tid: pid, sortIndex: pid)
            let category = section.group.rawValue
            // Requests and Live Activities: each request's stretches, joined by flow arrows.
            let joined = section.group == .scheduledTasks || section.group == .liveActivities
            for (rowIndex, row) in section.rows.enumerated() {
                let tid = nextTid
                nextTid += 1
                writer.metadata("thread_name", pid: pid, tid: tid, name: row.title)
                writer.metadata("thread_sort_index", pid: pid, tid: tid, sortIndex: rowIndex + 1)
                let shared = row.lanes.count > 1
                for lane in row.lanes {
                    let links = joined ? Self.flowLinks(lane, first: flows + 1) : FlowLinks(none: lane)
                    flows += links.count
                    for (index, segment) in lane.segments.enumerated() where segment.end >= segment.start {
                        let words = stateWords[segment.state] ?? (segment.state.name, StateStyle.of(segment.state).label)
                        stateWords[segment.state] = words
                        let label = words.label
                        writer.begin()
                        writer.output += "\"args\":{"
                        if let detail = segment.detail {
                            writer.output += "\"detail\":"
                            writer.string(detail)
                            writer.output += ","
                        }
                        writer.output += "\"lane\":"
                        writer.string(lane.id)
                        writer.output += ",\"state\":"
                        writer.string(words.name)
                        writer.output += "}"
                        writer.flow(links.segments[index])
                        writer.output += ",\"cat\":"
                        writer.string(category)
                        writer.output += ",\"dur\":" + microseconds(segment.end - segment.start)
                        writer.flowDirection(links.segments[index])
                        writer.output += ",\"name\":"
                        writer.string(shared ? "\(lane.title): \(label)" : label)
                        writer.output += ",\"ph\":\"X\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":" + microseconds(segment.start) + "}"
                    }
                    for (index, mark) in lane.marks.enumerated() {
                        let label = MarkStyle.of(mark.kind).label
                        writer.begin()
                        writer.output += "\"args\":{\"detail\":"
                        writer.string(mark.detail)
                        writer.output += ",\"lane\":"
                        writer.string(lane.id)
                        writer.output += "}"
                        writer.flow(links.marks[index])
                        writer.output += ",\"cat\":"
                        writer.string(category)
                        writer.output += ",\"dur\":0"
                        writer.flowDirection(links.marks[index])
                        writer.output += ",\"name\":"
                        writer.string(shared ? "\(lane.title): \(label)" : label)
                        writer.output += ",\"ph\":\"X\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":" + microseconds(mark.time) + "}"
                    }
                }
            }
        }

        // Counters, on their group's process (the story's, when the group has no lanes).
        for counter in timeline.counters {
            let pid = groupPid[counter.group] ?? storyPid
            for sample in counter.samples {
                writer.begin()
                writer.output += "\"args\":{"
                writer.string(counter.unit)
                writer.output += ":" + Self.decimal(sample.value, divisor: counter.divisor) + "},\"cat\":\"counter\",\"name\":"
                writer.string(counter.title)
                writer.output += ",\"ph\":\"C\",\"pid\":\(pid),\"tid\":\(pid),\"ts\":" + microseconds(sample.time) + "}"
            }
        }

        // Diagnostics, then the story with each actor on its own thread, in order of first appearance.
        let diagnosticsTid = nextTid
        nextTid += 1
        writer.metadata("process_name", pid: storyPid, tid: storyPid, name: "Diagnostics and story")
        writer.metadata("process_sort_index", pid: storyPid, tid: storyPid, sortIndex: storyPid)
        writer.metadata("thread_name", pid: storyPid, tid: diagnosticsTid, name: "diagnostics")
        for marker in timeline.markers {
            let name = Rules.ruleName(marker.rule)
            writer.begin()
            writer.output += "\"args\":{\"fix\":"
            writer.string(marker.fix)
            writer.output += ",\"message\":"
            writer.string(marker.message)
            writer.output += ",\"severity\":"
            writer.string(marker.severity.rawValue)
            writer.output += ",\"subject\":"
            writer.string(marker.subject)
            writer.output += "},\"cat\":\"diagnostic\",\"name\":"
            writer.string(marker.rule + (name.isEmpty ? "" : " " + name))
            writer.output += ",\"ph\":\"i\",\"pid\":\(storyPid),\"s\":\"t\",\"tid\":\(diagnosticsTid),\"ts\":" + microseconds(marker.time) + "}"
        }
        var actorThreads: [Timeline.Entry.Actor: Int] = [:]
        for entry in timeline.entries {
            // Diagnostics are on their own thread already, with their details.
            if case .diagnostic = entry.actor { continue }
            let tid: Int
            if let known = actorThreads[entry.actor] {
                tid = known
            } else {
                tid = nextTid
                nextTid += 1
                actorThreads[entry.actor] = tid
                writer.metadata("thread_name", pid: storyPid, tid: tid, name: entry.actor.name)
            }
            writer.begin()
            // The whole line is the name unless it is long: most story lines are short, and a million of them add up.
            let long = entry.text.utf8.count > 100 && entry.text.count > 100
            if long {
                writer.output += "\"args\":{\"text\":"
                writer.string(entry.text)
                writer.output += "},"
            }
            writer.output += "\"cat\":\"story\",\"name\":"
            writer.string(long ? String(entry.text.prefix(99)) + "…" : entry.text)
            writer.output += ",\"ph\":\"i\",\"pid\":\(storyPid),\"s\":\"t\",\"tid\":\(tid),\"ts\":" + microseconds(entry.time) + "}"
        }
        writer.output += "\n]}\n"
        return writer.output
    }

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
        var ends: [Int64: Int] = [:]
        for (index, mark) in lane.marks.enumerated() where (mark.kind == .ended || mark.kind == .killed) && ends[mark.time] == nil {
            ends[mark.time] = index
        }
        func endMark(at time: Int64) -> Int? { ends[time] }
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

    /// Appends events to one buffer: a million events do not become a million strings first.
    private struct Writer {
        var output = ""
        private var first = true

        /// Starts an event on its own line, after a comma unless it is the first.
        mutating func begin() {
            output += first ? "\n{" : ",\n{"
            first = false
        }

        mutating func string(_ text: String) {
            // Most names need no escaping: append them whole rather than scalar by scalar.
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F }) {
                output += "\""
                output += text
                output += "\""
            } else {
                JSONWriter.appendString(text, to: &output)
            }
        }

        /// The `bind_id` of a slice in a flow, after its `args` (keys stay sorted: `args`, `bind_id`, `cat`).
        mutating func flow(_ link: FlowLink?) {
            if let link { output += ",\"bind_id\":\(link.id)" }
        }

        /// The directions of a slice in a flow, after its `dur` (keys stay sorted: `dur`, `flow_in`, `flow_out`, `name`).
        mutating func flowDirection(_ link: FlowLink?) {
            guard let link else { return }
            if link.incoming { output += ",\"flow_in\":true" }
            if link.outgoing { output += ",\"flow_out\":true" }
        }

        mutating func metadata(_ name: String, pid: Int, tid: Int, name value: String) {
            begin()
            output += "\"args\":{\"name\":"
            string(value)
            output += "},\"name\":\"\(name)\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(tid)}"
        }

        mutating func metadata(_ name: String, pid: Int, tid: Int, sortIndex: Int) {
            begin()
            output += "\"args\":{\"sort_index\":\(sortIndex)},\"name\":\"\(name)\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(tid)}"
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
