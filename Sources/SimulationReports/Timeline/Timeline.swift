import SimulationModel
import SimulationKernel

/// The lanes of a run, read back from its trace: what every report draws.
///
/// Built from trace events alone, so a trace file written earlier gives the
/// same picture as a run in memory. A new kind of lane (downloads, pushes)
/// is added here once and every report can draw it.
///
/// Every report (terminal, HTML, Markdown, Perfetto) draws a timeline, and
/// the timeline reads the typed `TraceRecord` of each event in one
/// exhaustive `switch` with no `default:` (see `Timeline.Reader`). A record
/// kind added to the model therefore stops the build here until someone
/// decides how the reports draw it, or writes down why they leave it out.
public struct Timeline: Sendable {
    /// A stretch of time in one state.
    struct Segment: Sendable, Hashable {
        /// When it starts.
        var start: VirtualInstant
        /// When it ends.
        var end: VirtualInstant
        /// The process's state.
        var state: AppState.Name
    }

    /// A diagnostic pinned to its instant.
    struct Marker: Sendable, Hashable {
        var time: VirtualInstant
        var rule: String
        var severity: Severity
        var subject: String
        var message: String
        var fix: String

        /// How often each rule fired and when first, in order of first firing: the summary long reports show.
        static func countsByRule(_ markers: [Marker]) -> [(rule: String, severity: Severity, count: Int, first: VirtualInstant)] {
            var rules: [(rule: String, severity: Severity, count: Int, first: VirtualInstant)] = []
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

    /// A value measured over time, drawn as a counter track (Perfetto): the battery level, a Live Activity's progress.
    struct Counter: Sendable, Hashable {
        /// One reading: the value from `time` until the next reading.
        struct Sample: Sendable, Hashable {
            var time: VirtualInstant
            var value: Int64
        }

        /// A stable identifier: `battery`, or `progress-` and the lane id of the Live Activity.
        var id: String
        /// What it measures, in words: `battery`, `export.1 progress`.
        var title: String
        /// The group of lanes it belongs with.
        var group: Lane.Group
        /// The unit the value is shown in (`%`).
        var unit: String
        /// How many of a value make one of the unit: 1 for a battery level in percent, 10 for progress in thousandths shown in percent.
        var divisor: Int64
        /// The readings, in time order; a reading is kept only when the value changed.
        var samples: [Sample]
    }

    /// One line of the story, for text timelines.
    package struct Entry: Sendable, Hashable {
        package var time: VirtualInstant
        /// Who tells it: the person, the device, an app process, the system... (its ``Actor/name`` is what reports write).
        var actor: Actor
        package var text: String
    }

    package var scenario = ""
    package var seed = ""
    package var profile = ""
    package var version = ""
    /// The end of the run.
    package var end: VirtualInstant = .zero
    /// How the run ended, from its `run.end`; nil when the trace stops before one.
    package var ending: RunRecord.Ending?
    var processes: [ProcessLane] = []
    var assertions: [AssertionLane] = []
    var markers: [Marker] = []
    /// One lane per BGTaskScheduler identifier: pending, running, and how each task ended.
    var taskRequests: [Lane] = []
    /// One lane per continued processing task: queued, then what its Live Activity shows, and how it ended.
    ///
    /// Segment states are ``LaneState/liveActivity(_:)``: queued; the
    /// progress in tenths of `fractionCompleted`, then done; asking while the
    /// Live Activity asks whether to continue. Each segment's detail holds the
    /// title, subtitle and progress shown.
    var liveActivities: [Lane] = []
    /// Silent pushes: one lane for pushes the rate limit holds, one for the app's handler running, with marks for
    /// pushes dropped or thrown away.
    var pushes: [Lane] = []
    /// Background `URLSession` transfers: one lane per download, waiting or running, with a mark for how it ended.
    var transfers: [Lane] = []
    /// The device's screen and power over time.
    var device: [Lane] = []
    /// Values measured over time, for counter tracks: the battery level, each Live Activity's progress.
    var counters: [Counter] = []
    /// The requests still pending when the trace ends, in submission order, each with what last held it back.
    package var pending: [PendingRequest] = []
    package var entries: [Entry] = []

    /// Reads the lanes from a trace.
    public init(events: [TraceEvent]) {
        var reader = Reader()
        for event in events { reader.read(event) }
        self = reader.finish()
    }

    /// An empty timeline, for ``Reader`` to fill.
    init() {}
}
