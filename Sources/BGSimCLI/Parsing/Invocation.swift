/// What a `bgsim` command line asks for, once parsed.
///
/// `ArgumentParser.parse(_:)` produces one; the executable switches over it.
/// Help and version are ordinary invocations rather than errors so that the
/// tool can print them to standard output and exit with status 0.
enum Invocation: Equatable, Sendable {
    /// `bgsim run <scenario> ...`: run one scenario and print its outcome.
    case run(RunOptions)
    /// `bgsim validate <scenario> ...`: check scenario files without running them.
    case validate(ValidateOptions)
    /// `bgsim rules [<rule>]`: print the catalog of diagnostic rules, or explain one.
    case rules(RulesOptions)
    /// `bgsim report <trace> ...`: draw a trace file as an HTML page, Markdown or a Perfetto trace.
    case report(ReportOptions)
    /// `bgsim bench`: measure the simulator's speed and memory.
    case bench(BenchOptions)
    /// `bgsim fuzz <scenario> ...`: run a fuzz campaign, or merge shard results.
    case fuzz(FuzzOptions)
    /// `bgsim explore <scenario> ...`: explore expiration points and same-instant orders systematically.
    case explore(ExploreOptions)
    /// `bgsim diff <a> <b>`: where two traces first differ, and what changed.
    case diff(first: String, second: String)
    /// `bgsim init [<name>]`: write a starter scenario.
    case initialize(name: String?)
    /// `bgsim schema`: the JSON Schema of the scenario format.
    case schema
    /// Help for the tool (`command` is `nil`) or for one subcommand, by name.
    case help(command: String?)
    /// `bgsim --version` or `bgsim version`.
    case version
}
