import SimulationExplorer

/// The options of `bgsim run`.
struct RunOptions: Equatable, Sendable {
    /// The scenario files to run, as given on the command line; `-` is standard input.
    var scenarioPaths: [String]
    /// The first scenario file: the one a single run runs.
    var scenarioPath: String { scenarioPaths[0] }
    /// The seed for the run's random choices; `nil` keeps the scenario's own seed.
    var seed: UInt64?
    /// How long the run lasts; `nil` runs to the scenario's end.
    var until: Duration?
    /// A file to write the full trace to, in addition to the normal output.
    var tracePath: String?
    /// How to print the outcome.
    var format: OutputFormat
    /// A file to write the HTML report to.
    var reportPath: String?
    /// A file to write the Markdown summary to.
    var markdownPath: String?
    /// A file to write the Perfetto (Chrome trace event) JSON to.
    var perfettoPath: String?
    /// The fault plan to replay (`--faults`): a file, or the plan's JSON itself.
    var faults: String?
    /// Which diagnostics fail a run (`--fail-on`); `nil` lets the scenario decide (see ``RunVerdict``).
    var failOn: FailOn?
    /// One line per scenario instead of its timeline (`--quiet`).
    var quiet = false
    /// A file to write JUnit XML to, one test case per scenario.
    var junitPath: String?
    /// A file to write SARIF 2.1.0 to, one result per diagnostic or failed expectation.
    var sarifPath: String?
    /// The seeds to run one scenario over (`--seeds 1-100`); `nil` runs once.
    var seeds: [UInt64]?

    /// Creates run options; everything but the scenario has the command line's default.
    init(
        scenarioPath: String,
        seed: UInt64? = nil,
        until: Duration? = nil,
        tracePath: String? = nil,
        format: OutputFormat = .text,
        reportPath: String? = nil,
        markdownPath: String? = nil,
        perfettoPath: String? = nil,
        faults: String? = nil
    ) {
        self.scenarioPaths = [scenarioPath]
        self.seed = seed
        self.until = until
        self.tracePath = tracePath
        self.format = format
        self.reportPath = reportPath
        self.markdownPath = markdownPath
        self.perfettoPath = perfettoPath
        self.faults = faults
    }
}
