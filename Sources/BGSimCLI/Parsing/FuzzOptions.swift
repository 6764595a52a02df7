import SimulationExplorer

/// The options of `bgsim fuzz`.
struct FuzzOptions: Equatable, Sendable {
    /// The scenario files to fuzz, or with ``merge`` the shard result files to combine.
    var paths: [String]
    /// Whether `paths` are shard results to merge rather than scenarios.
    var merge: Bool
    /// How runs vary.
    var settings: CampaignSettings
    /// Which app bugs the scenario does not expect fail a run.
    var failOn: FailOn
    /// How many threads run simulations.
    var jobs: Int
    /// The wall-clock time after which the campaign stops early; nil runs every run.
    var timeBudget: Duration?
    /// The part of the runs to do.
    var shard: Shard?
    /// How to print the result.
    var format: OutputFormat
    /// Where to write the result as JSON (what `--merge` reads).
    var outputPath: String?
    /// Where to write a JUnit XML report.
    var junitPath: String?
    /// Where to write each failure's shrunk plan and HTML report.
    var artifactsFolder: String?

    /// Creates fuzz options; everything but the paths has the command line's default.
    init(
        paths: [String], merge: Bool = false, settings: CampaignSettings = CampaignSettings(), failOn: FailOn = .appBug, jobs: Int = 1,
        timeBudget: Duration? = nil, shard: Shard? = nil, format: OutputFormat = .text, outputPath: String? = nil,
        junitPath: String? = nil, artifactsFolder: String? = nil
    ) {
        self.paths = paths
        self.merge = merge
        self.settings = settings
        self.failOn = failOn
        self.jobs = jobs
        self.timeBudget = timeBudget
        self.shard = shard
        self.format = format
        self.outputPath = outputPath
        self.junitPath = junitPath
        self.artifactsFolder = artifactsFolder
    }
}

/// The options of `bgsim explore`.
struct ExploreOptions: Equatable, Sendable {
    /// The scenario files to explore.
    var paths: [String]
    /// The most schedules to try per scenario.
    var maximumSchedules: Int
    /// Which app bugs the scenario does not expect fail a run.
    var failOn: FailOn
    /// How many threads run simulations.
    var jobs: Int
    /// Whether failures are shrunk.
    var shrinks: Bool
    /// How to print the result.
    var format: OutputFormat
    /// Where to write the result as JSON.
    var outputPath: String?
    /// Where to write a JUnit XML report.
    var junitPath: String?
    /// Where to write each failure's shrunk plan and HTML report.
    var artifactsFolder: String?

    /// Creates explore options; everything but the paths has the command line's default.
    init(
        paths: [String], maximumSchedules: Int = 2_000, failOn: FailOn = .appBug, jobs: Int = 1, shrinks: Bool = true,
        format: OutputFormat = .text,
        outputPath: String? = nil, junitPath: String? = nil, artifactsFolder: String? = nil
    ) {
        self.paths = paths
        self.maximumSchedules = maximumSchedules
        self.failOn = failOn
        self.jobs = jobs
        self.shrinks = shrinks
        self.format = format
        self.outputPath = outputPath
        self.junitPath = junitPath
        self.artifactsFolder = artifactsFolder
    }
}
