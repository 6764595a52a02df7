import SimulationExplorer

/// The options of `bgsim fuzz`.
public struct FuzzOptions: Equatable, Sendable {
    /// The scenario files to fuzz, or with ``merge`` the shard result files to combine.
    public var paths: [String]
    /// Whether `paths` are shard results to merge rather than scenarios.
    public var merge: Bool
    /// How runs vary.
    public var settings: CampaignSettings
    /// How many threads run simulations.
    public var jobs: Int
    /// The wall-clock time after which the campaign stops early; nil runs every run.
    public var timeBudget: Duration?
    /// The part of the runs to do.
    public var shard: Shard?
    /// How to print the result.
    public var format: OutputFormat
    /// Where to write the result as JSON (what `--merge` reads).
    public var outputPath: String?
    /// Where to write a JUnit XML report.
    public var junitPath: String?
    /// Where to write each failure's shrunk plan and HTML report.
    public var artifactsFolder: String?

    /// Creates fuzz options; everything but the paths has the command line's default.
    public init(
        paths: [String], merge: Bool = false, settings: CampaignSettings = CampaignSettings(), jobs: Int = 1,
        timeBudget: Duration? = nil, shard: Shard? = nil, format: OutputFormat = .text, outputPath: String? = nil,
        junitPath: String? = nil, artifactsFolder: String? = nil
    ) {
        self.paths = paths
        self.merge = merge
        self.settings = settings
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
public struct ExploreOptions: Equatable, Sendable {
    /// The scenario files to explore.
    public var paths: [String]
    /// The most schedules to try per scenario.
    public var maximumSchedules: Int
    /// How many threads run simulations.
    public var jobs: Int
    /// Whether failures are shrunk.
    public var shrinks: Bool
    /// How to print the result.
    public var format: OutputFormat
    /// Where to write the result as JSON.
    public var outputPath: String?
    /// Where to write a JUnit XML report.
    public var junitPath: String?
    /// Where to write each failure's shrunk plan and HTML report.
    public var artifactsFolder: String?

    /// Creates explore options; everything but the paths has the command line's default.
    public init(
        paths: [String], maximumSchedules: Int = 2_000, jobs: Int = 1, shrinks: Bool = true, format: OutputFormat = .text,
        outputPath: String? = nil, junitPath: String? = nil, artifactsFolder: String? = nil
    ) {
        self.paths = paths
        self.maximumSchedules = maximumSchedules
        self.jobs = jobs
        self.shrinks = shrinks
        self.format = format
        self.outputPath = outputPath
        self.junitPath = junitPath
        self.artifactsFolder = artifactsFolder
    }
}
