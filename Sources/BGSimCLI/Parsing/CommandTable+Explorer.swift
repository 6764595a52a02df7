import Foundation
import SimulationExplorer
import SimulationKernel
import SimulationSupport

// The explorer's commands and options, declared like the others in the command table.

extension OptionSpec {
    /// `bgsim run --faults`: replays a fault plan.
    static let faults = OptionSpec(
        "--faults", kind: .value(name: "plan"),
        help: "Replay this fault plan (a file bgsim fuzz or bgsim explore wrote, or the plan's JSON itself, "
            + "starting with {): its faults, timeline shifts, parameters, forced choices, same-instant order and seed.")

    static let jobs = OptionSpec(
        "--jobs", short: "-j", kind: .value(name: "count"),
        help: "How many threads run simulations; results are the same for any number. Default: the number of cores.")

    static let campaignFormat = OptionSpec(
        "--format", kind: .value(name: "format"),
        help: "How to print the result.",
        choices: OutputFormat.allCases.map(\.rawValue), defaultValue: OutputFormat.text.rawValue)

    static let output = OptionSpec(
        "--output", short: "-o", kind: .value(name: "path"),
        help: "Also write the result as JSON to this file (what --merge reads).")

    static let junit = OptionSpec(
        "--junit", kind: .value(name: "path"),
        help: "Also write a JUnit XML report to this file, one test case per failure, for CI.")

    static let artifacts = OptionSpec(
        "--artifacts", kind: .value(name: "folder"),
        help: "Write each failure's shrunk plan (.plan.json) and the HTML report of its run to this folder.")

    static let campaignFailOn = OptionSpec(
        "--fail-on", kind: .value(name: "what"),
        help: "Which rules fail a run: app-bug (every app bug the scenario does not expect, at any severity), warning or "
            + "error (app bugs of that severity or worse), never (only properties, endings and run 0's expectations). "
            + "A system notice never fails a run.",
        choices: FailOn.allCases.map(\.rawValue), defaultValue: FailOn.appBug.rawValue)

    static let noShrink = OptionSpec(
        "--no-shrink", kind: .flag, help: "Report each failure's first plan as found, without shrinking it.")
}

extension CommandSpec {
    static let fuzz = CommandSpec(
        name: "fuzz",
        abstract: "Fuzz scenarios with injected faults; shrink failures.",
        discussion: """
            Run 0 is the scenario as written; every other run follows a plan drawn from the campaign seed and \
            its index: each enables a random subset of fault kinds (swarm testing) with random counts, placed at \
            the step boundaries of the unperturbed run or anywhere: expirations, the person cancelling a continued \
            task, swiping the app away or returning to it, memory pressure, network loss and return, the charger \
            unplugged, Low Power Mode, slow launches, another order of same-instant events, another seed, the \
            timeline moved within --jitter, and undocumented (assumed) profile parameters varied within plausible \
            ranges. A run fails when an app bug fires that the scenario does not expect (at any severity; \
            --fail-on narrows it; a system notice never fails a run), when a property of every \
            correct app breaks (every task ends once, setTaskCompleted at most once, no success after expiry, no \
            work lost, no watchdog kill), or when it stalls. Each distinct failure is shrunk to the smallest plan \
            that still fails the same way and printed with a one-line replay command. Exit status 1 when a \
            failure was found. See docs/fuzzing.md.
            """,
        positionals: [
            PositionalSpec("scenario", arity: .oneOrMore, help: "The scenario files (JSON) to fuzz; with --merge, the result files of the shards."),
        ],
        options: [
            OptionSpec("--runs", short: "-n", kind: .value(name: "count"), help: "How many runs per scenario, run 0 included.", defaultValue: "1000"),
            OptionSpec("--seed", kind: .value(name: "seed"), help: "The campaign seed: every run's plan follows from it and the run's index.", defaultValue: "1"),
            .jobs,
            OptionSpec(
                "--time-budget", kind: .value(name: "duration"),
                help: "Stop after about this much wall-clock time per scenario (for example 30s or 5m); the result is then that "
                    + "of the runs done, which depends on the machine's speed."),
            OptionSpec(
                "--shard", kind: .value(name: "K/N"),
                help: "Do only shard K of N (the runs whose index is K-1 modulo N) and write its result with --output, for --merge."),
            OptionSpec("--merge", kind: .flag, help: "Combine the result files of shards (given as arguments) into the result of the whole campaign."),
            OptionSpec(
                "--kinds", kind: .value(name: "list"),
                help: "The fault kinds runs may use, separated by commas: "
                    + FaultKind.allCases.map(\.rawValue).joined(separator: ", ") + ". Default: all."),
            OptionSpec("--jitter", kind: .value(name: "duration"), help: "How far the scenario's own timeline entries may move either way.", defaultValue: "1s"),
            OptionSpec("--max-faults", kind: .value(name: "count"), help: "The most timeline faults one run injects.", defaultValue: "3"),
            .campaignFailOn, .noShrink, .campaignFormat, .output, .junit, .artifacts,
        ],
        examples: [
            Example(commandLine: "bgsim fuzz Scenarios/refresh-expires-while-saving.json", abstract: "Fuzz a scenario with 1,000 runs."),
            Example(
                commandLine: "bgsim fuzz Scenarios/*.json --runs 20000 -j 8 --junit fuzz.xml",
                abstract: "Fuzz every sample scenario and write a JUnit report for CI."),
            Example(
                commandLine: "bgsim fuzz app.json --runs 100000 --shard 2/4 -o shard-2.json",
                abstract: "Do the second quarter of a campaign (one job of a CI matrix)."),
            Example(
                commandLine: "bgsim fuzz --merge shard-1.json shard-2.json shard-3.json shard-4.json",
                abstract: "Combine the shards: the same result as the whole campaign on one machine."),
        ],
        build: { (arguments) throws(UsageError) in
            let merge = arguments.flag("--merge")
            var settings = CampaignSettings()
            settings.runs = try arguments.count("--runs", atLeast: 1) ?? settings.runs
            settings.seed = try arguments.unsignedInteger("--seed") ?? settings.seed
            settings.timelineJitter = try arguments.duration("--jitter") ?? settings.timelineJitter
            settings.maximumFaults = try arguments.count("--max-faults", atLeast: 0) ?? settings.maximumFaults
            settings.shrinks = !arguments.flag("--no-shrink")
            if let list = arguments.value("--kinds") { settings.kinds = try arguments.kinds(list) }
            var shard: Shard?
            if let text = arguments.value("--shard") {
                guard let parsed = Shard(text: text) else {
                    throw .invalidValue("--shard", expected: "K/N with 1 <= K <= N, such as 2/4", got: text, command: "fuzz")
                }
                shard = parsed
            }
            let options = FuzzOptions(
                paths: arguments.values(of: "scenario"), merge: merge, settings: settings,
                failOn: try arguments.choice("--fail-on", as: FailOn.self) ?? .appBug, jobs: try arguments.jobs(),
                timeBudget: try arguments.duration("--time-budget")?.duration, shard: shard,
                format: try arguments.choice("--format", as: OutputFormat.self) ?? .text, outputPath: arguments.value("--output"),
                junitPath: arguments.value("--junit"), artifactsFolder: arguments.value("--artifacts"))
            if merge {
                let campaignOnly = [
                    "--runs", "--seed", "--time-budget", "--shard", "--kinds", "--jitter", "--max-faults", "--no-shrink", "--fail-on",
                ]
                if let given = campaignOnly.first(where: { arguments.value($0) != nil || arguments.flag($0) }) {
                    throw UsageError(message: "\"\(given)\" does not go with --merge: the shards' results carry their settings", command: "fuzz")
                }
            }
            if shard != nil, options.outputPath == nil {
                throw UsageError(message: "\"--shard\" needs \"--output\": a shard's result is only useful written to a file for --merge", command: "fuzz")
            }
            return .fuzz(options)
        }
    )

    static let explore = CommandSpec(
        name: "explore",
        abstract: "Try every expiration point and same-instant order.",
        discussion: """
            Systematic where fuzz samples: runs the scenario as written, then the expiration of each BGTask at \
            every step boundary of its handler (just before the step's code resumes, and a nanosecond after), the \
            same for background time, then every order of the events due at one instant, breadth first, until \
            the space is exhausted or --max-schedules runs were tried. Says how many schedules were tried and \
            whether the space was exhausted. Failures are judged (--fail-on as by bgsim fuzz), grouped and shrunk as by bgsim fuzz. Exit \
            status 1 when a failure was found.
            """,
        positionals: [
            PositionalSpec("scenario", arity: .oneOrMore, help: "The scenario files (JSON) to explore."),
        ],
        options: [
            OptionSpec("--max-schedules", kind: .value(name: "count"), help: "The most schedules (runs) to try per scenario.", defaultValue: "2000"),
            .campaignFailOn, .jobs, .noShrink, .campaignFormat, .output, .junit, .artifacts,
        ],
        examples: [
            Example(commandLine: "bgsim explore Scenarios/continued-progress-at-the-limit.json", abstract: "Explore a small scenario."),
            Example(
                commandLine: "bgsim explore Scenarios/save-on-background.json --max-schedules 500",
                abstract: "Explore with a smaller bound."),
        ],
        build: { (arguments) throws(UsageError) in
            .explore(ExploreOptions(
                paths: arguments.values(of: "scenario"),
                maximumSchedules: try arguments.count("--max-schedules", atLeast: 1) ?? 2_000,
                failOn: try arguments.choice("--fail-on", as: FailOn.self) ?? .appBug, jobs: try arguments.jobs(), shrinks: !arguments.flag("--no-shrink"),
                format: try arguments.choice("--format", as: OutputFormat.self) ?? .text, outputPath: arguments.value("--output"),
                junitPath: arguments.value("--junit"), artifactsFolder: arguments.value("--artifacts")))
        }
    )
}

extension ParsedArguments {
    /// A whole number option of at least `minimum`, at most ten million; nil when it was not given.
    func count(_ name: String, atLeast minimum: Int) throws(UsageError) -> Int? {
        guard let number = try unsignedInteger(name) else { return nil }
        guard number >= UInt64(minimum), number <= 10_000_000 else {
            throw .invalidValue(name, expected: "a whole number from \(minimum) to 10000000", got: String(number), command: command)
        }
        return Int(number)
    }

    /// `--jobs`, or the number of cores.
    func jobs() throws(UsageError) -> Int {
        guard let jobs = try count("--jobs", atLeast: 1) else { return ProcessInfo.processInfo.activeProcessorCount }
        guard jobs <= 1024 else { throw .invalidValue("--jobs", expected: "at most 1024", got: String(jobs), command: command) }
        return jobs
    }

    /// `--faults`, as given.
    func faults() throws(UsageError) -> String? {
        guard let text = value("--faults") else { return nil }
        if value("--seed") != nil {
            throw UsageError(message: "\"--seed\" does not go with \"--faults\": the plan sets the run's seed", command: command)
        }
        return text
    }

    /// A comma-separated list of fault kinds.
    func kinds(_ list: String) throws(UsageError) -> [FaultKind] {
        var kinds: [FaultKind] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingCharacters(in: .whitespaces) }) {
            guard let kind = FaultKind(rawValue: name) else {
                throw UsageError(
                    message: "\"--kinds\": unknown fault kind \"\(name)\"\(Suggestion.hint(for: name, among: FaultKind.allCases.map(\.rawValue)))",
                    command: command)
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds.sorted()
    }
}
