import Testing
@testable import BGSimCLI

/// A command line and the invocation it must parse to.
struct ParseCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let expected: Invocation

    init(_ arguments: [String], _ expected: Invocation) {
        self.arguments = arguments
        self.expected = expected
    }

    var testDescription: String { (["bgsim"] + arguments).joined(separator: " ") }
}

/// A command line and the usage error it must be refused with.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    /// The subcommand whose help the error points to.
    let command: String?

    init(_ arguments: [String], _ message: String, command: String?) {
        self.arguments = arguments
        self.message = message
        self.command = command
    }

    var testDescription: String { (["bgsim"] + arguments).joined(separator: " ") }
}

private func run(
    _ path: String, seed: UInt64? = nil, until: Duration? = nil, trace: String? = nil, format: OutputFormat = .text
) -> Invocation {
    .run(RunOptions(scenarioPath: path, seed: seed, until: until, tracePath: trace, format: format))
}


@Suite("ArgumentParser.parse")
struct ArgumentParserTests {
    static let helpAndVersionCases: [ParseCase] = [
        ParseCase([], .help(command: nil)),
        ParseCase(["help"], .help(command: nil)),
        ParseCase(["--help"], .help(command: nil)),
        ParseCase(["-h"], .help(command: nil)),
        ParseCase(["--"], .help(command: nil)),
        ParseCase(["help", "run"], .help(command: "run")),
        ParseCase(["help", "validate"], .help(command: "validate")),
        ParseCase(["help", "help"], .help(command: "help")),
        ParseCase(["help", "version"], .help(command: "version")),
        ParseCase(["--help", "run"], .help(command: "run")),
        ParseCase(["-h", "validate"], .help(command: "validate")),
        ParseCase(["run", "--help"], .help(command: "run")),
        ParseCase(["run", "-h"], .help(command: "run")),
        ParseCase(["run", "a.json", "--seed", "7", "--help"], .help(command: "run")),
        // Help wins over whatever else is wrong on the line.
        ParseCase(["run", "--sed", "x", "b.json", "c.json", "-h"], .help(command: "run")),
        ParseCase(["run", "--seed", "abc", "--help"], .help(command: "run")),
        ParseCase(["validate", "--help"], .help(command: "validate")),
        ParseCase(["validate", "-h"], .help(command: "validate")),
        ParseCase(["help", "--help"], .help(command: "help")),
        ParseCase(["help", "-h"], .help(command: "help")),
        ParseCase(["version", "--help"], .help(command: "version")),
        ParseCase(["--version", "-h"], .help(command: "version")),
        ParseCase(["--version"], .version),
        ParseCase(["version"], .version),
        ParseCase(["--", "version"], .version),
    ]

    static let runCases: [ParseCase] = [
        ParseCase(["run", "a.json"], run("a.json")),
        ParseCase(["--", "run", "a.json"], run("a.json")),
        // --seed
        ParseCase(["run", "a.json", "--seed", "7"], run("a.json", seed: 7)),
        ParseCase(["run", "a.json", "--seed=7"], run("a.json", seed: 7)),
        ParseCase(["run", "a.json", "--seed", "0"], run("a.json", seed: 0)),
        ParseCase(["run", "a.json", "--seed", "007"], run("a.json", seed: 7)),
        ParseCase(["run", "a.json", "--seed=18446744073709551615"], run("a.json", seed: .max)),
        // --until, every example of the brief, through TimeText
        ParseCase(["run", "a.json", "--until", "10m"], run("a.json", until: .seconds(600))),
        ParseCase(["run", "a.json", "--until", "90s"], run("a.json", until: .seconds(90))),
        ParseCase(["run", "a.json", "--until=1h30m"], run("a.json", until: .seconds(5_400))),
        ParseCase(["run", "a.json", "--until=250ms"], run("a.json", until: .milliseconds(250))),
        ParseCase(["run", "a.json", "--until", "1.5s"], run("a.json", until: .milliseconds(1_500))),
        ParseCase(["run", "a.json", "--until", "3660d"], run("a.json", until: .seconds(3660 * 86_400))),
        // --trace
        ParseCase(["run", "a.json", "--trace", "t.jsonl"], run("a.json", trace: "t.jsonl")),
        ParseCase(["run", "a.json", "--trace=t.jsonl"], run("a.json", trace: "t.jsonl")),
        ParseCase(["run", "a.json", "--trace=x=y.jsonl"], run("a.json", trace: "x=y.jsonl")),
        ParseCase(["run", "a.json", "--trace", "-"], run("a.json", trace: "-")),
        // --format
        ParseCase(["run", "a.json", "--format", "json"], run("a.json", format: .json)),
        ParseCase(["run", "a.json", "--format=json"], run("a.json", format: .json)),
        ParseCase(["run", "a.json", "--format", "text"], run("a.json", format: .text)),
        ParseCase(["run", "a.json", "--format=text"], run("a.json", format: .text)),
        // Everything at once, in any order, positional anywhere.
        ParseCase(
            ["run", "a.json", "--seed", "42", "--until", "1h", "--trace", "t.jsonl", "--format", "json"],
            run("a.json", seed: 42, until: .seconds(3_600), trace: "t.jsonl", format: .json)),
        ParseCase(
            ["run", "--format=json", "--trace=t.jsonl", "--until=1h", "--seed=42", "a.json"],
            run("a.json", seed: 42, until: .seconds(3_600), trace: "t.jsonl", format: .json)),
        ParseCase(
            ["run", "--seed", "1", "a.json", "--until", "5m"],
            run("a.json", seed: 1, until: .seconds(300))),
        // `--` ends options; `-` is a value, not an option.
        ParseCase(["run", "--", "--odd.json"], run("--odd.json")),
        ParseCase(["run", "--seed", "3", "--", "-h"], run("-h", seed: 3)),
        ParseCase(["run", "-"], run("-")),
        ParseCase(["run", "a.json", "--"], run("a.json")),
    ]

    static let validateCases: [ParseCase] = [
        ParseCase(["validate", "a.json"], .validate(ValidateOptions(scenarioPaths: ["a.json"]))),
        ParseCase(
            ["validate", "a.json", "b.json", "c.json"],
            .validate(ValidateOptions(scenarioPaths: ["a.json", "b.json", "c.json"]))),
        ParseCase(
            ["validate", "a.json", "--", "--b.json", "-h"],
            .validate(ValidateOptions(scenarioPaths: ["a.json", "--b.json", "-h"]))),
    ]

    @Test("help and version in every spelling", arguments: helpAndVersionCases)
    func helpAndVersion(_ test: ParseCase) throws {
        #expect(try ArgumentParser.parse(test.arguments) == test.expected)
    }

    @Test("run options", arguments: runCases)
    func runOptions(_ test: ParseCase) throws {
        #expect(try ArgumentParser.parse(test.arguments) == test.expected)
    }

    @Test("validate options", arguments: validateCases)
    func validateOptions(_ test: ParseCase) throws {
        #expect(try ArgumentParser.parse(test.arguments) == test.expected)
    }

    static let errorCases: [ErrorCase] = [
        // Unknown commands, with and without a suggestion.
        ErrorCase(["rn"], #"unknown command "rn" (did you mean "run"?)"#, command: nil),
        ErrorCase(["valdate", "a.json"], #"unknown command "valdate" (did you mean "validate"?)"#, command: nil),
        ErrorCase(["frobnicate"], #"unknown command "frobnicate""#, command: nil),
        ErrorCase(["a.json"], #"unknown command "a.json" (did you mean "bgsim run a.json"?)"#, command: nil),
        ErrorCase(["help", "rn"], #"unknown command "rn" (did you mean "run"?)"#, command: nil),
        ErrorCase(["--", "--help"], #"unknown command "--help" (did you mean "help"?)"#, command: nil),
        // The tool's own options.
        ErrorCase(["--verison"], #"unknown option "--verison" for "bgsim" (did you mean "--version"?)"#, command: nil),
        ErrorCase(["--hlep"], #"unknown option "--hlep" for "bgsim" (did you mean "--help"?)"#, command: nil),
        ErrorCase(["-v"], #"unknown option "-v" for "bgsim""#, command: nil),
        ErrorCase(["--version=2"], #""--version" does not take a value"#, command: nil),
        ErrorCase(["--help=yes"], #""--help" does not take a value"#, command: nil),
        ErrorCase(["--version", "extra"], #"unexpected argument "extra" for "bgsim version""#, command: "version"),
        ErrorCase(["version", "1.0"], #"unexpected argument "1.0" for "bgsim version""#, command: "version"),
        ErrorCase(["help", "run", "validate"], #"unexpected argument "validate" for "bgsim help""#, command: "help"),
        // Unknown options of a command, with suggestions among its long names only.
        ErrorCase(["run", "a.json", "--sed", "1"], #"unknown option "--sed" for "bgsim run" (did you mean "--seed"?)"#, command: "run"),
        ErrorCase(["run", "a.json", "--sed=1"], #"unknown option "--sed" for "bgsim run" (did you mean "--seed"?)"#, command: "run"),
        ErrorCase(["run", "a.json", "-seed", "1"], #"unknown option "-seed" for "bgsim run" (did you mean "--seed"?)"#, command: "run"),
        ErrorCase(["run", "a.json", "--formt", "json"], #"unknown option "--formt" for "bgsim run" (did you mean "--format"?)"#, command: "run"),
        ErrorCase(["run", "a.json", "--untill=1m"], #"unknown option "--untill" for "bgsim run" (did you mean "--until"?)"#, command: "run"),
        ErrorCase(["run", "a.json", "--tarce", "t"], #"unknown option "--tarce" for "bgsim run" (did you mean "--trace"?)"#, command: "run"),
        ErrorCase(["run", "a.json", "--quite"], #"unknown option "--quite" for "bgsim run" (did you mean "--quiet"?)"#, command: "run"),
        ErrorCase(["run", "a.json", "-s", "1"], #"unknown option "-s" for "bgsim run""#, command: "run"),
        ErrorCase(["run", "--help=yes"], #""--help" does not take a value"#, command: "run"),
        ErrorCase(["validate", "--seed", "1", "a.json"], #"unknown option "--seed" for "bgsim validate""#, command: "validate"),
        ErrorCase(["validate", "a.json", "--formatt"], #"unknown option "--formatt" for "bgsim validate" (did you mean "--format"?)"#, command: "validate"),
        // Missing and extra positionals.
        ErrorCase(["run"], #"missing <scenario> for "bgsim run""#, command: "run"),
        ErrorCase(["run", "--seed", "7"], #"missing <scenario> for "bgsim run""#, command: "run"),
        ErrorCase(["run", "--"], #"missing <scenario> for "bgsim run""#, command: "run"),
        ErrorCase(["validate"], #"missing <scenario> for "bgsim validate""#, command: "validate"),
        ErrorCase(["validate", "--"], #"missing <scenario> for "bgsim validate""#, command: "validate"),
        ErrorCase(["diff", "a.jsonl", "b.jsonl", "c.jsonl"], #"unexpected argument "c.jsonl" for "bgsim diff""#, command: "diff"),
        ErrorCase(["diff", "a.jsonl"], #"missing <second> for "bgsim diff""#, command: "diff"),
        ErrorCase(["init", "a", "b"], #"unexpected argument "b" for "bgsim init""#, command: "init"),
        ErrorCase(["run", "a.json", "--fail-on", "info"], #""--fail-on" must be one of app-bug, warning, error, never; got "info""#, command: "run"),
        ErrorCase(
            ["run", "a.json", "--fail-on", "app_bug"],
            #""--fail-on" must be one of app-bug, warning, error, never; got "app_bug" (did you mean "app-bug"?)"#, command: "run"),
        ErrorCase(
            ["fuzz", "a.json", "--fail-on", "warnings"],
            #""--fail-on" must be one of app-bug, warning, error, never; got "warnings" (did you mean "warning"?)"#, command: "fuzz"),
        ErrorCase(
            ["explore", "a.json", "--fail-on=appbug"],
            #""--fail-on" must be one of app-bug, warning, error, never; got "appbug" (did you mean "app-bug"?)"#, command: "explore"),
        ErrorCase(["fuzz", "a.json", "--fail-on"], #""--fail-on" needs a value"#, command: "fuzz"),
        // Missing values, including one eaten by the next option and an empty `=`.
        ErrorCase(["run", "a.json", "--seed"], #""--seed" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--seed="], #""--seed" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--seed", ""], #""--seed" needs a value"#, command: "run"),
        ErrorCase(["run", "--seed", "--until", "1m", "a.json"], #""--seed" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--seed", "--", "7"], #""--seed" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--until"], #""--until" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--until="], #""--until" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--trace"], #""--trace" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--trace="], #""--trace" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--format"], #""--format" needs a value"#, command: "run"),
        ErrorCase(["run", "a.json", "--format", "-x"], #""--format" needs a value"#, command: "run"),
        // Bad seeds: decimal digits only, and within UInt64.
        ErrorCase(["run", "a.json", "--seed", "abc"], #""--seed" must be a non-negative integer, got "abc""#, command: "run"),
        ErrorCase(["run", "a.json", "--seed=-1"], #""--seed" must not be negative, got "-1": negative values are not allowed"#, command: "run"),
        // Negative values are values, not options: they are named as what they are.
        ErrorCase(["run", "a.json", "--seed", "-1"], #""--seed" must not be negative, got "-1": negative values are not allowed"#, command: "run"),
        ErrorCase(["run", "a.json", "--until", "-1s"], #""--until" must not be negative, got "-1s": negative values are not allowed"#, command: "run"),
        ErrorCase(["run", "a.json", "--until", "-.5s"], #""--until" must not be negative, got "-.5s": negative values are not allowed"#, command: "run"),
        // --until is capped as a scenario's stopAt is, and must end after the start.
        ErrorCase(["run", "a.json", "--until", "0s"], #""--until": a run must end after the start; write for example "90s""#, command: "run"),
        ErrorCase(
            ["run", "a.json", "--until", "3661d"],
            #""--until": "3661d" is over ten years; no scenario needs that long (was a unit wrong?)"#, command: "run"),
        ErrorCase(
            ["run", "a.json", "--until", "9223372036854775807ns"],
            #""--until": "9223372036854775807ns" is over ten years; no scenario needs that long (was a unit wrong?)"#, command: "run"),
        ErrorCase(["run", "a.json", "--seed", "+7"], #""--seed" must be a non-negative integer, got "+7""#, command: "run"),
        ErrorCase(["run", "a.json", "--seed", "1.5"], #""--seed" must be a non-negative integer, got "1.5""#, command: "run"),
        ErrorCase(["run", "a.json", "--seed", "0x10"], #""--seed" must be a non-negative integer, got "0x10""#, command: "run"),
        ErrorCase(["run", "a.json", "--seed", "٣"], #""--seed" must be a non-negative integer, got "٣""#, command: "run"),
        ErrorCase(
            ["run", "a.json", "--seed", "18446744073709551616"],
            #""--seed" must be at most 18446744073709551615, got "18446744073709551616""#, command: "run"),
        // Bad durations: TimeText's own explanation, under the option's name.
        ErrorCase(
            ["run", "a.json", "--until", "abc"],
            #""--until": "abc" is not a duration (write for example "5s", "250ms", "2m", "1h30m")"#, command: "run"),
        ErrorCase(
            ["run", "a.json", "--until", "10"],
            #""--until": "10" is not a duration (write for example "5s", "250ms", "2m", "1h30m")"#, command: "run"),
        ErrorCase(
            ["run", "a.json", "--until", "10x"],
            #""--until": "10x" has an unknown unit (use ns, us, ms, s, m, h, d or w)"#, command: "run"),
        ErrorCase(
            ["run", "a.json", "--until=-5s"],
            #""--until": "-5s" is negative; durations and instants are never negative"#, command: "run"),
        ErrorCase(
            ["run", "a.json", "--until", "999999999999w"],
            #""--until": "999999999999w" is too large to represent"#, command: "run"),
        // Bad choices.
        ErrorCase(["run", "a.json", "--format", "yaml"], #""--format" must be one of text, json; got "yaml""#, command: "run"),
        ErrorCase(["run", "a.json", "--format=JSON"], #""--format" must be one of text, json; got "JSON" (did you mean "json"?)"#, command: "run"),
        // Each option once: a second value is refused rather than silently winning.
        ErrorCase(["run", "a.json", "--seed", "1", "--seed", "2"], #""--seed" given more than once; give it only once"#, command: "run"),
        ErrorCase(["run", "a.json", "--seed=1", "--seed=1"], #""--seed" given more than once; give it only once"#, command: "run"),
        ErrorCase(["run", "a.json", "--until", "1m", "--until=2m"], #""--until" given more than once; give it only once"#, command: "run"),
        ErrorCase(["run", "a.json", "--trace", "a", "--trace", "b"], #""--trace" given more than once; give it only once"#, command: "run"),
        ErrorCase(["run", "a.json", "--format", "json", "--format=text"], #""--format" given more than once; give it only once"#, command: "run"),
        // Problems are reported in the order they appear.
        ErrorCase(["run", "--seed", "x", "--sed", "1"], #"unknown option "--sed" for "bgsim run" (did you mean "--seed"?)"#, command: "run"),
        ErrorCase(["run", "--format", "yaml", "--seed", "x", "a.json"], #""--format" must be one of text, json; got "yaml""#, command: "run"),
    ]

    @Test("refused command lines", arguments: errorCases)
    func refused(_ test: ErrorCase) {
        #expect(throws: UsageError(message: test.message, command: test.command)) {
            try ArgumentParser.parse(test.arguments)
        }
    }

    @Test("a usage error exits with EX_USAGE and points to the right help")
    func usageErrorPresentation() {
        #expect(UsageError.exitCode == 64)
        let run = UsageError(message: "m", command: "run")
        #expect(run.description == "m")
        #expect(run.helpHint == #"Run "bgsim run --help" for usage."#)
        #expect(UsageError(message: "m").helpHint == #"Run "bgsim --help" for usage."#)
    }
}
