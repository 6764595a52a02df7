import SimulationModel
import SimulationKernel

/// A run as a Chrome trace event JSON file, to open in ui.perfetto.dev or chrome://tracing.
///
/// Each lane group is a process and each lane a named thread (`process_name`
/// and `thread_name` metadata), so the tracks follow ``Timeline/lanes`` and a
/// new kind of lane gets its own track with no change here. In a crowded group
/// (thousands of background tasks) lanes that never overlap share a thread, as
/// they share rows in the HTML page. Segments are complete events (`ph: X`);
/// marks, diagnostics and story lines (user actions among them) are instant
/// events (`ph: i`). Times are microseconds, written exactly from integer
/// nanoseconds (`1500.25`), never through floating point. Keys are sorted and
/// there is one event per line, so two files diff well.
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
        // Looked up, never iterated, so their order cannot reach the output.
        var stateWords: [LaneState: (name: String, label: String)] = [:]
        for (sectionIndex, section) in sections.enumerated() {
            let pid = sectionIndex + 1
            writer.metadata("process_name", pid: pid, tid: 0, name: section.group.heading)
            writer.metadata("process_sort_index", pid: pid, tid: 0, sortIndex: pid)
            let category = section.group.rawValue
            for (rowIndex, row) in section.rows.enumerated() {
                let tid = rowIndex + 1
                writer.metadata("thread_name", pid: pid, tid: tid, name: row.title)
                writer.metadata("thread_sort_index", pid: pid, tid: tid, sortIndex: tid)
                let shared = row.lanes.count > 1
                for lane in row.lanes {
                    for segment in lane.segments where segment.end >= segment.start {
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
                        writer.output += "},\"cat\":"
                        writer.string(category)
                        writer.output += ",\"dur\":" + microseconds(segment.end - segment.start) + ",\"name\":"
                        writer.string(shared ? "\(lane.title): \(label)" : label)
                        writer.output += ",\"ph\":\"X\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":" + microseconds(segment.start) + "}"
                    }
                    for mark in lane.marks {
                        let label = MarkStyle.of(mark.kind).label
                        writer.begin()
                        writer.output += "\"args\":{\"detail\":"
                        writer.string(mark.detail)
                        writer.output += ",\"lane\":"
                        writer.string(lane.id)
                        writer.output += "},\"cat\":"
                        writer.string(category)
                        writer.output += ",\"name\":"
                        writer.string(shared ? "\(lane.title): \(label)" : label)
                        writer.output += ",\"ph\":\"i\",\"pid\":\(pid),\"s\":\"t\",\"tid\":\(tid),\"ts\":" + microseconds(mark.time) + "}"
                    }
                }
            }
        }

        // Diagnostics, then the story with each actor on its own thread, in order of first appearance.
        let storyPid = sections.count + 1
        writer.metadata("process_name", pid: storyPid, tid: 0, name: "Diagnostics and story")
        writer.metadata("process_sort_index", pid: storyPid, tid: 0, sortIndex: storyPid)
        writer.metadata("thread_name", pid: storyPid, tid: 1, name: "diagnostics")
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
            writer.output += ",\"ph\":\"i\",\"pid\":\(storyPid),\"s\":\"t\",\"tid\":1,\"ts\":" + microseconds(marker.time) + "}"
        }
        var actorThreads: [Timeline.Entry.Actor: Int] = [:]
        for entry in timeline.entries {
            // Diagnostics are on their own thread already, with their details.
            if case .diagnostic = entry.actor { continue }
            let tid: Int
            if let known = actorThreads[entry.actor] {
                tid = known
            } else {
                tid = actorThreads.count + 2
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
                JSONText.appendString(text, to: &output)
            }
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
