// The one place where bgsim's subcommands are declared. To add a subcommand:
// add its case to `Invocation`, declare its `CommandSpec` below, and list it
// in `ToolSpec.bgsim.commands`. Parsing, help and the tests follow the table.

import SimulationKernel
import SimulationModel

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
        commands: [.run, .validate, .report, .rules, .fuzz, .explore, .bench, .help, .version],
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
            The same scenario, seed and bgsim version always give the same output.
            """,
        positionals: [
            PositionalSpec("scenario", help: "The scenario file (JSON) to run."),
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
                help: "Also write the full trace to this file."),
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
        ],
        build: { (arguments) throws(UsageError) in
            .run(RunOptions(
                scenarioPath: try arguments.required("scenario"),
                seed: try arguments.unsignedInteger("--seed"),
                until: try arguments.runLength("--until"),
                tracePath: arguments.value("--trace"),
                format: try arguments.choice("--format", as: OutputFormat.self) ?? .text,
                reportPath: arguments.value("--report"),
                markdownPath: arguments.value("--markdown"),
                perfettoPath: arguments.value("--perfetto"),
                faults: try arguments.faults()))
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
            PositionalSpec("trace", help: "The trace file (JSON Lines) to draw."),
        ],
        options: [
            OptionSpec(
                "--output", short: "-o", kind: .value(name: "path"),
                help: "Write the timeline as one self-contained HTML page to this file."),
            OptionSpec(
                "--markdown", kind: .value(name: "path"),
                help: "Write a Markdown summary (for a pull request) to this file."),
            OptionSpec(
                "--perfetto", kind: .value(name: "path"),
                help: "Write the lanes as Chrome trace event JSON, for ui.perfetto.dev, to this file."),
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
            PositionalSpec("scenario", arity: .oneOrMore, help: "The scenario files (JSON) to check."),
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
            .validate(ValidateOptions(scenarioPaths: arguments.values(of: "scenario")))
        }
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
