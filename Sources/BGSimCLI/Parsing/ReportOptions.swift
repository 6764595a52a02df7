/// The options of `bgsim report`.
struct ReportOptions: Equatable, Sendable {
    /// The trace file (JSON Lines) to draw, as given on the command line.
    var tracePath: String
    /// A file to write the HTML report to.
    var outputPath: String?
    /// A file to write the Markdown summary to.
    var markdownPath: String?
    /// A file to write the Perfetto (Chrome trace event) JSON to.
    var perfettoPath: String?
    /// The scenario file the trace was run from, for the replay command; `nil` names `<scenario>.json`.
    var scenarioPath: String?

    /// Creates report options; at least one output should be given.
    init(
        tracePath: String, outputPath: String? = nil, markdownPath: String? = nil, perfettoPath: String? = nil,
        scenarioPath: String? = nil
    ) {
        self.tracePath = tracePath
        self.outputPath = outputPath
        self.markdownPath = markdownPath
        self.perfettoPath = perfettoPath
        self.scenarioPath = scenarioPath
    }
}
