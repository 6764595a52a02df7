import Testing
@testable import BGSimCLI

/// A small tool of its own, so that the generic parts of the parser (flags,
/// short names, optional positionals) are tested even where bgsim's table
/// does not use them yet.
enum Probe {
    static let command = CommandSpec(
        name: "probe",
        abstract: "Probe the parser.",
        positionals: [
            PositionalSpec("input", help: "What to read."),
            PositionalSpec("output", arity: .optional, help: "Where to write."),
        ],
        options: [
            OptionSpec("--verbose", short: "-v", kind: .flag, help: "Say more."),
            OptionSpec("--level", short: "-l", kind: .value(name: "n"), help: "How deep to go."),
            OptionSpec(
                "--a-very-long-option-name", kind: .value(name: "value"),
                help: "An option whose label does not fit the column."),
        ],
        build: { (_) throws(UsageError) in .version }
    )

    static let tool = ToolSpec(
        name: "probe-tool",
        abstract: "A tool for tests.",
        discussion: "",
        shortcuts: [],
        commands: [command],
        defaultArguments: ["probe"]
    )
}

/// What scanning a probe command line must record.
struct ScanCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let options: [ParsedArguments.OptionValue]
    let input: [String]
    let output: [String]

    var testDescription: String { (["probe"] + arguments).joined(separator: " ") }
}

@Suite("ArgumentParser.scan")
struct ParsedArgumentsTests {
    static let scanCases: [ScanCase] = [
        ScanCase(arguments: ["in"], options: [], input: ["in"], output: []),
        ScanCase(arguments: ["in", "out"], options: [], input: ["in"], output: ["out"]),
        // A flag never takes the next argument as its value.
        ScanCase(arguments: ["--verbose", "in"], options: [.init(name: "--verbose", value: nil)], input: ["in"], output: []),
        // Short names are recorded under the long name.
        ScanCase(arguments: ["-v", "in"], options: [.init(name: "--verbose", value: nil)], input: ["in"], output: []),
        ScanCase(arguments: ["-l", "3", "in"], options: [.init(name: "--level", value: "3")], input: ["in"], output: []),
        // Options keep the order they were given in.
        ScanCase(
            arguments: ["in", "--level=2", "-v", "out"],
            options: [.init(name: "--level", value: "2"), .init(name: "--verbose", value: nil)],
            input: ["in"], output: ["out"]),
        ScanCase(arguments: ["--", "-v", "--level"], options: [], input: ["-v"], output: ["--level"]),
    ]

    @Test("records options and positionals", arguments: scanCases)
    func scan(_ test: ScanCase) throws {
        let parsed = try ArgumentParser.scan(test.arguments, for: Probe.command, tool: Probe.tool)
        #expect(parsed.options == test.options)
        #expect(parsed.values(of: "input") == test.input)
        #expect(parsed.values(of: "output") == test.output)
        #expect(parsed.flag("--verbose") == test.options.contains { $0.name == "--verbose" })
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(["--verbose=1", "in"], #""--verbose" does not take a value"#, command: "probe"),
        ErrorCase(["-v", "-v", "in"], #""--verbose" given more than once; give it only once"#, command: "probe"),
        ErrorCase(["-v", "--verbose", "in"], #""--verbose" given more than once; give it only once"#, command: "probe"),
        ErrorCase(["-l", "1", "--level=2", "in"], #""--level" given more than once; give it only once"#, command: "probe"),
        ErrorCase(["-l"], #""--level" needs a value"#, command: "probe"),
        // Short options take no inline value.
        ErrorCase(["-l=3", "in"], #"unknown option "-l=3" for "probe-tool probe""#, command: "probe"),
        ErrorCase(["--verbos", "in"], #"unknown option "--verbos" for "probe-tool probe" (did you mean "--verbose"?)"#, command: "probe"),
        ErrorCase([], #"missing <input> for "probe-tool probe""#, command: "probe"),
        ErrorCase(["in", "out", "more"], #"unexpected argument "more" for "probe-tool probe""#, command: "probe"),
    ]

    @Test("refuses what the spec does not allow", arguments: errorCases)
    func refused(_ test: ErrorCase) {
        #expect(throws: UsageError(message: test.message, command: test.command)) {
            try ArgumentParser.scan(test.arguments, for: Probe.command, tool: Probe.tool)
        }
    }

    @Test("no arguments means the tool's default arguments")
    func defaultArguments() {
        // The probe tool's default is its only command, which needs an input.
        #expect(throws: UsageError(message: #"missing <input> for "probe-tool probe""#, command: "probe")) {
            try ArgumentParser.parse([], tool: Probe.tool)
        }
        #expect(throws: Never.self) { try ArgumentParser.parse(["probe", "in"], tool: Probe.tool) }
    }

    /// Arguments for the typed accessors, as the scanner would hand them over.
    private func parsed(_ options: [ParsedArguments.OptionValue]) -> ParsedArguments {
        ParsedArguments(tool: "bgsim", command: "run", commandNames: ["run"], options: options, positionals: [])
    }

    @Test("typed accessors return nil for absent options")
    func absentOptions() throws {
        let empty = parsed([])
        #expect(try empty.unsignedInteger("--seed") == nil)
        #expect(try empty.duration("--until") == nil)
        #expect(try empty.choice("--format", as: OutputFormat.self) == nil)
        #expect(try empty.commandName("subcommand") == nil)
        #expect(empty.value("--trace") == nil)
        #expect(!empty.flag("--verbose"))
    }

    @Test("accessors check again what a mistaken table would let through")
    func accessorsDoNotTrustTheTable() {
        // A choice option declared without its choices must still be refused, not crash.
        #expect(throws: UsageError(message: #""--format" must be one of text, json; got "yaml""#, command: "run")) {
            try parsed([.init(name: "--format", value: "yaml")]).choice("--format", as: OutputFormat.self)
        }
        // A required positional the table forgot to declare is a usage error, not a trap.
        #expect(throws: UsageError(message: #"missing <scenario> for "bgsim run""#, command: "run")) {
            try parsed([]).required("scenario")
        }
    }
}
