import Testing
@testable import BGSimCLI

/// Help text must follow the command table: these tests read the table, so
/// adding a command or an option checks its help without a new test.
@Suite("ArgumentParser.usage")
struct UsageTests {
    static let commandNames = ToolSpec.bgsim.commands.map(\.name)

    /// Help with every run of spaces and newlines made one space, so wrapped text can be searched.
    private func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func spec(_ name: String) throws -> CommandSpec {
        try #require(ToolSpec.bgsim.command(named: name))
    }

    @Test("a command's help shows its usage, arguments, every option and every example", arguments: commandNames)
    func commandHelp(_ name: String) throws {
        let command = try spec(name)
        let help = ArgumentParser.usage(for: name)
        let flat = flattened(help)
        #expect(help.hasPrefix("OVERVIEW: \(command.abstract)"))
        #expect(help.contains("\nUSAGE: bgsim \(name)"))
        #expect(help.contains("\nOPTIONS:\n"))
        #expect(help.contains("\nARGUMENTS:\n") == !command.positionals.isEmpty)
        #expect(help.contains("\nEXAMPLES:\n") == !command.examples.isEmpty)
        if !command.discussion.isEmpty {
            // Foundation's `contains` finds nothing in an empty string, so only a real discussion is looked for.
            #expect(flat.contains(flattened(command.discussion)))
        }
        for positional in command.positionals {
            #expect(help.contains("  <\(positional.name)>"), "<\(positional.name)> is not described")
            #expect(help.contains(positional.synopsis), "<\(positional.name)> is not in the usage line")
            #expect(flat.contains(flattened(positional.help)))
        }
        for option in command.allOptions {
            #expect(help.contains("  \(option.label)"), "\(option.label) is not described")
            #expect(flat.contains(flattened(option.help)), "the help of \(option.name) is missing")
            for choice in option.choices {
                #expect(flat.contains(choice), "\(option.name) does not list \(choice)")
            }
            if let defaultValue = option.defaultValue {
                #expect(flat.contains("default: \(defaultValue)"), "\(option.name) does not show its default")
            }
        }
        for option in command.options {
            #expect(help.contains(option.synopsis), "\(option.name) is not in the usage line")
        }
        for example in command.examples {
            #expect(help.contains("\n  \(example.commandLine)"))
            #expect(help.contains("# \(example.abstract)"))
        }
    }

    @Test("the overview lists every subcommand and the tool's own options")
    func overview() {
        let help = ArgumentParser.usage(for: nil)
        #expect(help.hasPrefix("OVERVIEW: \(ToolSpec.bgsim.abstract)"))
        #expect(help.contains("\nUSAGE: bgsim <subcommand>\n"))
        for command in ToolSpec.bgsim.commands {
            let line = help.split(separator: "\n").first { $0.hasPrefix("  \(command.name) ") }
            #expect(line.map { $0.hasSuffix(command.abstract) } == true, "\(command.name) is not listed with its abstract")
        }
        for shortcut in ToolSpec.bgsim.shortcuts {
            #expect(help.contains("  \(shortcut.option.label) "), "\(shortcut.option.label) is not listed")
        }
        #expect(help.contains("See 'bgsim help <subcommand>' for detailed help."))
    }

    @Test("an unknown name gets the overview, which lists the names that exist")
    func unknownCommandHelp() {
        #expect(ArgumentParser.usage(for: "nope") == ArgumentParser.usage(for: nil))
        #expect(ArgumentParser.usage(for: "run") != ArgumentParser.usage(for: nil))
    }

    @Test("help fits in 80 columns and has no trailing spaces", arguments: [nil] + commandNames.map(Optional.some))
    func layout(_ name: String?) {
        let help = ArgumentParser.usage(for: name)
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "too wide: \(line)")
            #expect(line.last != " ", "trailing space: \(line)")
        }
        #expect(!help.hasSuffix("\n"))
    }

    @Test("the layout of a small help text, exactly")
    func versionHelp() {
        #expect(ArgumentParser.usage(for: "version") == """
            OVERVIEW: Show the version of bgsim.

            USAGE: bgsim version

            OPTIONS:
              -h, --help              Show help information.
            """)
    }

    @Test("a label too wide for the column puts its description below, and long usage lines wrap between tokens")
    func longLabels() {
        let help = ArgumentParser.usage(for: "probe", tool: Probe.tool)
        #expect(help.contains("""
              --a-very-long-option-name <value>
                                      An option whose label does not fit the column.
            """))
        #expect(help.contains("""
            USAGE: probe-tool probe <input> [<output>] [--verbose] [--level <n>]
                   [--a-very-long-option-name <value>]
            """))
        #expect(help.contains("  -v, --verbose           Say more."))
    }

    /// The subcommand an invocation belongs to; a new case must be added here, which is the point.
    private func commandName(of invocation: Invocation) -> String {
        switch invocation {
        case .run: "run"
        case .validate: "validate"
        case .rules: "rules"
        case .report: "report"
        case .bench: "bench"
        case .fuzz: "fuzz"
        case .explore: "explore"
        case .diff: "diff"
        case .initialize: "init"
        case .schema: "schema"
        case .help: "help"
        case .version: "version"
        }
    }

    @Test("every example in the help parses to its own command", arguments: commandNames)
    func examplesParse(_ name: String) throws {
        for example in try spec(name).examples {
            let words = example.commandLine.split(separator: " ").map(String.init)
            #expect(words.first == "bgsim")
            let invocation = try ArgumentParser.parse(Array(words.dropFirst()))
            #expect(commandName(of: invocation) == name, "\(example.commandLine) parsed as \(invocation)")
        }
    }

    @Test("every declared option is accepted by the parser, in both forms", arguments: commandNames)
    func declaredOptionsParse(_ name: String) throws {
        let command = try spec(name)
        let positionals = command.positionals.filter { $0.arity != .optional }.map { _ in "x.json" }
        for option in command.options {
            var forms: [[String]] = []
            switch option.kind {
            case .flag:
                forms = [[option.name]]
            case .value:
                let value = option.choices.first ?? "1s"
                forms = [[option.name, value], ["\(option.name)=\(value)"]]
            }
            for form in forms {
                do {
                    _ = try ArgumentParser.parse([name] + positionals + form)
                } catch {
                    // The sample value may be wrong for the option; the option itself must be known.
                    #expect(!error.message.hasPrefix("unknown option"), "\(form) refused: \(error)")
                }
            }
        }
    }

    @Test("the table is well formed", arguments: commandNames)
    func tableIsWellFormed(_ name: String) throws {
        let command = try spec(name)
        #expect(Self.commandNames.filter { $0 == name }.count == 1, "\(name) is declared twice")
        let spellings = command.allOptions.flatMap(\.spellings)
        #expect(Set(spellings).count == spellings.count, "an option of \(name) is declared twice")
        for option in command.allOptions {
            #expect(option.name.hasPrefix("--") && option.name.count > 3)
            if let short = option.shortName { #expect(short.count == 2 && short.hasPrefix("-")) }
            if let defaultValue = option.defaultValue, !option.choices.isEmpty {
                #expect(option.choices.contains(defaultValue))
            }
            if !option.choices.isEmpty { #expect(option.kind != .flag) }
        }
        // Only the last positional may be optional or repeated, or arguments could not be told apart.
        for positional in command.positionals.dropLast() {
            #expect(positional.arity == .required, "<\(positional.name)> of \(name) must come last")
        }
        // The overview lists each command on one line.
        #expect(26 + command.abstract.count <= 80, "the abstract of \(name) is longer than a line")
    }
}
