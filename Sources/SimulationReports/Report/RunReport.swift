import SimulationModel
import SimulationKernel

/// Everything a report file shows about one run: its lanes, the facts of its header and its verdict.
///
/// Built from a run in memory (``init(result:summary:replay:)``) or from a
/// trace file read back (``init(trace:replay:)``); the HTML page, the Markdown
/// summary and the Perfetto trace all draw one. What a trace does not record
/// (the scenario's description, its expectations) is `nil` when read from a file.
public struct RunReport: Sendable {
    /// The lanes, markers and story of the run.
    package var timeline: Timeline
    /// The fingerprint of the trace, 16 hexadecimal digits.
    package var fingerprint: String
    /// How many trace events the run wrote.
    package var eventCount: Int
    /// The one command line that reruns exactly this run.
    package var replay: String
    /// What the scenario shows, in its author's words, if known.
    package var summary: String?
    /// How the run ended (from the `run.end` event); nil for a trace that stops before one.
    package var ending: RunRecord.Ending?
    /// The scenario's expectations and whether each held; `nil` when unknown (a report from a trace file).
    package var expectations: [ExpectationResult]?

    /// Creates a report from its parts.
    package init(
        timeline: Timeline, fingerprint: String, eventCount: Int, replay: String, summary: String? = nil,
        ending: RunRecord.Ending?, expectations: [ExpectationResult]? = nil
    ) {
        self.timeline = timeline
        self.fingerprint = fingerprint
        self.eventCount = eventCount
        self.replay = replay
        self.summary = summary
        self.ending = ending
        self.expectations = expectations
    }

    /// The report of a run in memory; the run must have kept its trace (the default retention).
    public init(result: SimulationResult, summary: String?, replay: String) {
        self.init(
            timeline: Timeline(events: result.events), fingerprint: result.fingerprint.description,
            eventCount: result.eventCount, replay: replay, summary: summary, ending: result.recordedEnding,
            expectations: result.expectations)
    }

    /// The report of a trace read back from a file.
    public init(trace: TraceFile, replay: String? = nil) {
        let timeline = Timeline(events: trace.events)
        self.init(
            timeline: timeline, fingerprint: trace.fingerprint.description, eventCount: trace.events.count,
            replay: replay ?? ReplayCommand.line(scenarioPath: "\(timeline.scenario).json", seed: timeline.seed, until: (timeline.end - .zero).duration),
            summary: nil, ending: timeline.ending, expectations: nil)
    }

    /// Whether the run passed, when that is known: every expectation held and the run completed.
    public var passed: Bool? {
        guard let expectations else { return nil }
        return ending == .completed && expectations.allSatisfy(\.passed)
    }

    /// How the run ended, in the words reports write: the trace's spelling, or `unfinished` without a `run.end`.
    var endingWords: String {
        ending?.rawValue ?? "unfinished"
    }
}
