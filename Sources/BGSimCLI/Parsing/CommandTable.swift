// The one place where bgsim's subcommands are declared. To add a subcommand:
// add its case to `Invocation`, declare its `CommandSpec` below, and list it
// in `ToolSpec.bgsim.commands`. Parsing, help and the tests follow the table.

import SimulationExplorer
import SimulationKernel
import SimulationModel
import SimulationSupport

extension ToolSpec {
    /// The `bgsim` command line.
    static let bgsim = ToolSpec(
        name: "bgsim",
        abstract: "A deterministic simulator of iOS background execution.",
        discussion: """
            Runs an app's background-work logic against a model of iOS on a virtual \
            clock: launches, suspension and termination, beginBackgroundTask budgets, \
            expiration handlers and the watchdog. The same scenario and seed always \
            give a byte-identical trace.
            """,
        shortcuts: [
            Shortcut(option: OptionSpec("--version", kind: .flag, help: "Show the version."), command: "version"),
            Shortcut(option: .help, command: "help"),
        ],
        commands: [.run, .validate, .report, .diff, .initialize, .schema, .rules, .fuzz, .explore, .bench, .help, .version],
        defaultArguments: ["help"]
    )
}

extension CommandSpec {
    static let run = CommandSpec(
        name: "run",
        abstract: "Run a scenario and print its timeline.",
        discussion: """
            Simulates the scenario on a virtual clock and prints when the app was \
            launched, suspended, expired or killed, and which platform rules it broke. \
            The same scenario, seed and bgsim version always give the same output. \
            A run passes when it ends normally and every expectation holds. A scenario \
            with no expect also fails on any error diagnostic; --fail-on warning|error \
            makes app bugs of that severity or worse fail any scenario, --fail-on \
            app-bug every app bug at any severity, and --fail-on never leaves only \
            expectations. A system notice (the system's doing, always info) fails a \
            run only through an expectation. bgsim rules gives each rule's category. With many files the exit code is the worst: \
            65 if one could not be read, else 1 if one failed, else 0. When \
            GITHUB_ACTIONS=true, failed runs are also printed as GitHub annotations. \
            An output given as - goes to standard output (one at most), and the usual \
            output then goes to standard error. With --format json, an unreadable \
            scenario is printed as a JSON object (error, file, path, line, column, exitCode).
            """,
        positionals: [
            PositionalSpec(
                "scenario", arity: .oneOrMore,
                help: "The scenario files (JSON) to run; - reads one from standard input. "
                    + "With more than one, each runs in turn and a summary line counts them."),
        ],
        options: [
            OptionSpec(
                "--seed", kind: .value(name: "seed"),
                help: "The seed for the run's random choices, a decimal integer from 0 to \(UInt64.max). "
                    + "Without it the scenario's own seed is used."),
            OptionSpec(
                "--until", kind: .value(name: "duration"),
                help: "Stop after this much virtual time, for example 90s, 10m, 1h30m or 250ms. "
                    + "Without it the run goes to the scenario's end."),
            OptionSpec(
                "--trace", kind: .value(name: "path"),
                help: "Also write the full trace to this file (- for standard output: the usual output then goes to standard error)."),
            OptionSpec(
                "--report", kind: .value(name: "path"),
                help: "Also write the timeline as one self-contained HTML page to this file."),
            OptionSpec(
                "--markdown", kind: .value(name: "path"),
                help: "Also write a Markdown summary (for a pull request) to this file."),
            OptionSpec(
                "--perfetto", kind: .value(name: "path"),
                help: "Also write the lanes as Chrome trace event JSON, for ui.perfetto.dev, to this file."),
            OptionSpec(
                "--format", kind: .value(name: "format"),
                help: "How to print the outcome.",
                choices: OutputFormat.allCases.map(\.rawValue), defaultValue: OutputFormat.text.rawValue),
            .faults,
            OptionSpec(
                "--fail-on", kind: .value(name: "what"),
                help: "Fail the run when an app bug of this severity or worse fires (app-bug: any app bug, whatever its "
                    + "severity; never: only expectations decide). "
                    + "Without it, a scenario with expect is judged by its expectations, and one with no expect fails "
                    + "on error diagnostics.",
                choices: FailOn.allCases.map(\.rawValue)),
            OptionSpec("--quiet", short: "-q", kind: .flag, help: "Print one line per scenario instead of its timeline, then the summary line."),
            OptionSpec("--junit", kind: .value(name: "path"), help: "Write JUnit XML to this file: one test case per scenario."),
            OptionSpec(
                "--sarif", kind: .value(name: "path"),
                help: "Write SARIF 2.1.0 to this file, for GitHub code scanning: one result per rule that fired, "
                    + "failed expectation or unreadable file, with the line and the trace events that led to it."),
            OptionSpec(
                "--seeds", kind: .value(name: "seeds"),
                help: "Run the scenario once per seed (1-100, 1,5,9 or 1-10,20) and print the distribution: "
                    + "launches per task, time to first launch, expired and terminated shares, rules, passes."),
        ],
        examples: [
            Example(
                commandLine: "bgsim run Scenarios/save-on-background.json",
                abstract: "Run a scenario with its own seed and print the timeline."),
            Example(
                commandLine: "bgsim run Scenarios/save-on-background.json --seed 42 --until 1h30m",
                abstract: "Replay seed 42 and stop after 90 minutes of virtual time."),
            Example(
                commandLine: "bgsim run Scenarios/save-on-background.json --format json --trace trace.jsonl",
                abstract: "Print the outcome as JSON and keep the full trace."),
            Example(
                commandLine: "bgsim run Scenarios/save-on-background.json --report run.html",
                abstract: "Also write the run as one HTML page (see also --markdown, --perfetto)."),
            Example(
                commandLine: "bgsim run Scenarios/save-on-background.json --faults plan.json",
                abstract: "Replay a fault plan that bgsim fuzz or bgsim explore wrote."),
            Example(
                commandLine: "bgsim run Scenarios/*.json --quiet --junit results.xml --sarif results.sarif",
                abstract: "Run every sample, one line each, with results for CI."),
            Example(
                commandLine: "bgsim run Scenarios/feed-refresh-week.json --seeds 1-100",
                abstract: "Run one scenario over 100 seeds and print the distribution."),
        ],
        build: { (arguments) throws(UsageError) in
            var options = RunOptions(
                scenarioPath: try arguments.required("scenario"),
                seed: try arguments.unsignedInteger("--seed"),
                until: try arguments.runLength("--until"),
                tracePath: arguments.value("--trace"),
                format: try arguments.choice("--format", as: OutputFormat.self) ?? .text,
                reportPath: arguments.value("--report"),
                markdownPath: arguments.value("--markdown"),
                perfettoPath: arguments.value("--perfetto"),
                faults: try arguments.faults())
            options.scenarioPaths = arguments.values(of: "scenario")
            options.failOn = try arguments.choice("--fail-on", as: FailOn.self)
            options.quiet = arguments.flag("--quiet")
            options.junitPath = arguments.value("--junit")
            options.sarifPath = arguments.value("--sarif")
            options.seeds = try arguments.seedList("--seeds")
            return .run(options)
        }
    )

    static let report = CommandSpec(
        name: "report",
        abstract: "Draw a trace file as HTML, Markdown or Perfetto JSON.",
        discussion: """
            Reads a trace written by "bgsim run --trace" and writes the same reports \
            "bgsim run" writes with --report, --markdown and --perfetto. A trace does not \
            record the scenario's description or expectations, so those parts are left out.
            """,
        positionals: [
            PositionalSpec("trace", help: "The trace file (JSON Lines) to draw; - reads it from standard input."),
        ],
        options: [
            OptionSpec(
                "--output", short: "-o", kind: .value(name: "path"),
                help: "Write the timeline as one self-contained HTML page to this file (- for standard output)."),
            OptionSpec(
                "--markdown", kind: .value(name: "path"),
                help: "Write a Markdown summary (for a pull request) to this file (- for standard output)."),
            OptionSpec(
                "--perfetto", kind: .value(name: "path"),
                help: "Write the lanes as Chrome trace event JSON, for ui.perfetto.dev, to this file (- for standard output)."),
            OptionSpec(
                "--scenario", kind: .value(name: "path"),
                help: "The scenario file the trace came from, for the replay command. "
                    + "Without it the replay command uses the scenario's name plus .json."),
        ],
        examples: [
            Example(commandLine: "bgsim report trace.jsonl -o run.html", abstract: "Draw a trace as an HTML page."),
            Example(
                commandLine: "bgsim report trace.jsonl --perfetto run.perfetto.json --markdown run.md",
                abstract: "Write a trace for ui.perfetto.dev and a Markdown summary."),
        ],
        build: { (arguments) throws(UsageError) in
            let options = ReportOptions(
                tracePath: try arguments.required("trace"),
                outputPath: arguments.value("--output"),
                markdownPath: arguments.value("--markdown"),
                perfettoPath: arguments.value("--perfetto"),
                scenarioPath: arguments.value("--scenario"))
            guard options.outputPath != nil || options.markdownPath != nil || options.perfettoPath != nil else {
                throw UsageError(
                    message: "\"bgsim report\" needs an output: --output (-o), --markdown or --perfetto", command: "report")
            }
            return .report(options)
        }
    )

    static let validate = CommandSpec(
        name: "validate",
        abstract: "Check scenario files without running them.",
        discussion: """
            Reads each scenario and reports every problem it finds, with the file, \
            the place in it and what to write instead.
            """,
        positionals: [
            PositionalSpec("scenario", arity: .oneOrMore, help: "The scenario files (JSON) to check; - reads one from standard input."),
        ],
        options: [
            OptionSpec(
                "--format", kind: .value(name: "format"),
                help: "How to print the outcome: text (file:line:column: error: message (at path), as compilers do) or json.",
                choices: OutputFormat.allCases.map(\.rawValue), defaultValue: OutputFormat.text.rawValue),
        ],
        examples: [
            Example(
                commandLine: "bgsim validate Scenarios/save-on-background.json",
                abstract: "Check one scenario."),
            Example(
                commandLine: "bgsim validate Scenarios/*.json",
                abstract: "Check every sample scenario (the shell expands the pattern)."),
        ],
        build: { (arguments) throws(UsageError) in
            var options = ValidateOptions(scenarioPaths: arguments.values(of: "scenario"))
            options.format = try arguments.choice("--format", as: OutputFormat.self) ?? .text
            return .validate(options)
        }
    )

    static let diff = CommandSpec(
        name: "diff",
        abstract: "Say where two traces first differ, and what changed.",
        discussion: """
            Reads two traces written by "bgsim run --trace" and compares them event by \
            event. Prints the first event that differs: its line and seq, its time and \
            kind in each, and the fields added, removed or changed. Exit 0 when the \
            traces are the same, 1 when they differ, 65 when one cannot be read.
            """,
        positionals: [
            PositionalSpec("first", help: "The first trace file (JSON Lines); - reads it from standard input."),
            PositionalSpec("second", help: "The second trace file (JSON Lines)."),
        ],
        examples: [
            Example(commandLine: "bgsim diff before.jsonl after.jsonl", abstract: "Find where a change of the app changed the run."),
        ],
        build: { (arguments) throws(UsageError) in
            .diff(first: try arguments.required("first"), second: try arguments.required("second"))
        }
    )

    static let initialize = CommandSpec(
        name: "init",
        abstract: "Write a starter scenario to edit.",
        discussion: """
            Writes NAME.json (default: my-scenario.json) in the current folder: a small \
            complete scenario (an app that registers a refresh task, saves when it goes \
            to the background, and a week of use repeated with "repeat") that passes \
            "bgsim validate" and "bgsim run". Refuses to replace an existing file.
            """,
        positionals: [
            PositionalSpec("name", arity: .optional, help: "The scenario's name, also the file's name without .json."),
        ],
        examples: [
            Example(commandLine: "bgsim init sync-on-background", abstract: "Write sync-on-background.json."),
        ],
        build: { (arguments) throws(UsageError) in
            .initialize(name: arguments.values(of: "name").first)
        }
    )

    static let schema = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema of the scenario format.",
        discussion: """
            Prints a JSON Schema (draft 2020-12) of scenario files, made by reading small \
            scenarios with the reader itself, so that it lists exactly the keys, steps, \
            actions and names the reader accepts. docs/scenario.schema.json is its output; \
            point an editor at it to complete and check scenarios as they are written. \
            The schema checks shapes; "bgsim validate" also checks references and order.
            """,
        examples: [
            Example(commandLine: "bgsim schema", abstract: "Print the schema (docs/scenario.schema.json)."),
        ],
        build: { (_) throws(UsageError) in .schema }
    )

    static let rules = CommandSpec(
        name: "rules",
        abstract: "List the platform rules bgsim checks, or explain one.",
        discussion: """
            Prints every diagnostic rule with its stable identifier, severity, what it \
            checks, how to fix it, and where the platform documents it. With a rule's \
            identifier, explains that rule: also which checklist items and common \
            mistakes it catches, and the sample scenarios that show it. The Markdown \
            format adds the coverage table: docs/rules.md is its output.
            """,
        positionals: [
            PositionalSpec("rule", arity: .optional, help: "A rule's identifier, for example BGS018."),
        ],
        options: [
            OptionSpec(
                "--format", kind: .value(name: "format"),
                help: "How to print.",
                choices: RulesOptions.Format.allCases.map(\.rawValue), defaultValue: RulesOptions.Format.text.rawValue),
        ],
        examples: [
            Example(commandLine: "bgsim rules", abstract: "List the rules."),
            Example(commandLine: "bgsim rules BGS018", abstract: "Explain one rule."),
            Example(commandLine: "bgsim rules --format json", abstract: "List the rules as JSON, for tools."),
            Example(commandLine: "bgsim rules --format markdown", abstract: "Print docs/rules.md: the catalog and the coverage table."),
        ],
        build: { (arguments) throws(UsageError) in
            var rule = arguments.values(of: "rule").first
            if let given = rule {
                let ids = Rules.all.map(\.id)
                guard let id = ids.first(where: { $0 == given.uppercased() }) else {
                    throw UsageError(
                        message: "unknown rule \"\(given)\"\(Suggestion.hint(for: given.uppercased(), among: ids)); \"bgsim rules\" lists them",
                        command: "rules")
                }
                rule = id
            }
            return .rules(RulesOptions(format: try arguments.choice("--format", as: RulesOptions.Format.self) ?? .text, rule: rule))
        }
    )

    static let bench = CommandSpec(
        name: "bench",
        abstract: "Measure how fast bgsim simulates.",
        discussion: """
            Measures the event kernel (the hold model), async code on the deterministic \
            executor, whole runs of each sample scenario with the trace kept or \
            discarded, simulated time per wall second over a simulated year, peak \
            memory of ten-million-event runs (each in a child process), and fuzz \
            campaigns with one job and two. Build with \
            `swift build -c release` first: debug figures are not comparable. The exit \
            code never depends on timing. See docs/performance.md.
            """,
        options: [
            OptionSpec(
                "--format", kind: .value(name: "format"),
                help: "How to print the figures.",
                choices: OutputFormat.allCases.map(\.rawValue), defaultValue: OutputFormat.text.rawValue),
            OptionSpec(
                "--quick", kind: .flag,
                help: "Run a short smoke version (seconds, tiny sizes, targets not judged), for CI."),
            OptionSpec(
                "--scenarios", kind: .value(name: "folder"),
                help: "The folder whose *.json scenarios the whole-model section runs.",
                defaultValue: "Scenarios"),
            OptionSpec(
                "--section", kind: .value(name: "name"),
                help: "Run only this section; without it, every section.",
                choices: BenchSection.allCases.map(\.rawValue)),
        ],
        examples: [
            Example(commandLine: "bgsim bench", abstract: "Measure everything (about a minute and a half)."),
            Example(commandLine: "bgsim bench --quick --format json", abstract: "A smoke run, as JSON, for CI."),
            Example(commandLine: "bgsim bench --section fuzz", abstract: "Measure fuzz campaigns only, with one job and two."),
        ],
        build: { (arguments) throws(UsageError) in
            .bench(BenchOptions(
                format: try arguments.choice("--format", as: OutputFormat.self) ?? .text,
                quick: arguments.flag("--quick"),
                scenarioFolder: arguments.value("--scenarios") ?? "Scenarios",
                section: try arguments.choice("--section", as: BenchSection.self)))
        }
    )

    static let help = CommandSpec(
        name: "help",
        abstract: "Show help for bgsim or one of its subcommands.",
        positionals: [
            PositionalSpec(
                "subcommand", arity: .optional,
                help: "The subcommand to describe; without it, an overview of bgsim."),
        ],
        examples: [
            Example(commandLine: "bgsim help run", abstract: "Show the options of bgsim run."),
        ],
        build: { (arguments) throws(UsageError) in
            .help(command: try arguments.commandName("subcommand"))
        }
    )

    static let version = CommandSpec(
        name: "version",
        abstract: "Show the version of bgsim.",
        build: { (_) throws(UsageError) in .version }
    )
}
