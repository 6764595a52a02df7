/// The options of `bgsim bench`.
struct BenchOptions: Equatable, Sendable {
    /// How to print the figures.
    var format: OutputFormat
    /// Whether to run the short smoke version, for CI: seconds, not minutes, and no timing verdicts.
    var quick: Bool
    /// The folder whose `*.json` scenarios the whole-model section runs.
    var scenarioFolder: String
    /// The one section to run (`--section`); nil runs them all.
    var section: BenchSection?

    /// Creates bench options; everything has the command line's default.
    init(format: OutputFormat = .text, quick: Bool = false, scenarioFolder: String = "Scenarios", section: BenchSection? = nil) {
        self.format = format
        self.quick = quick
        self.scenarioFolder = scenarioFolder
        self.section = section
    }

    /// Whether the suite runs `section`.
    func runs(_ section: BenchSection) -> Bool { self.section == nil || self.section == section }
}

/// A section of `bgsim bench`, as `--section` names it.
enum BenchSection: String, CaseIterable, Equatable, Sendable {
    case hold, executor, scenarios, acceleration, memory, fuzz
}
