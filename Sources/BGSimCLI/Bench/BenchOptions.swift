/// The options of `bgsim bench`.
public struct BenchOptions: Equatable, Sendable {
    /// How to print the figures.
    public var format: OutputFormat
    /// Whether to run the short smoke version, for CI: seconds, not minutes, and no timing verdicts.
    public var quick: Bool
    /// The folder whose `*.json` scenarios the whole-model section runs.
    public var scenarioFolder: String

    /// Creates bench options; everything has the command line's default.
    public init(format: OutputFormat = .text, quick: Bool = false, scenarioFolder: String = "Scenarios") {
        self.format = format
        self.quick = quick
        self.scenarioFolder = scenarioFolder
    }
}
