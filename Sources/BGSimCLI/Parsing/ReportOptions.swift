/// The options of `bgsim report`.
public struct ReportOptions: Equatable, Sendable {
    /// The trace file (JSON Lines) to draw, as given on the command line.
    public var tracePath: String
    /// A file to write the HTML report to.
    public var outputPath: String?
    /// A file to write the Markdown summary to.
    public var markdownPath: String?
    /// A file to write the Perfetto (Chrome trace event) JSON to.
    public var perfettoPath: String?
    /// The scenario file the trace was run from, for the replay command; `nil` names `<scenario>.json`.
    public var scenarioPath: String?

    /// Creates report options; at least one output should be given.
    public init(
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
