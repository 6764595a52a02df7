/// Parses `bgsim`'s command line into an ``Invocation``.
///
/// The grammar is the common one of Swift command-line tools:
///
/// - `bgsim <subcommand> [<argument> | <option>] ...`, options and
///   positionals in any order;
/// - `--name value` and `--name=value` are the same; a following argument
///   that starts with `-` is never taken as a value, so `--seed --until 1m`
///   reports the missing seed instead of running with seed "--until";
/// - `--` ends the options: everything after it is positional;
/// - each option may be given once: a second `--seed` is an error rather
///   than a silent override, since the run would not be the one the user
///   thinks they asked for;
/// - `-h` or `--help` anywhere before `--` asks for the subcommand's help and
///   wins over every other problem on the line;
/// - no arguments, `-h`, `--help` and `help` show the tool's help;
///   `--version` and `version` ask for the version.
///
/// ```swift
/// let invocation = try ArgumentParser.parse(["run", "x.json", "--seed=7"])
/// // .run(RunOptions(scenarioPath: "x.json", seed: 7))
/// ```
enum ArgumentParser {
    /// Parses the arguments that follow the executable's name.
    ///
    /// - Parameter arguments: `CommandLine.arguments.dropFirst()`, as an array.
    /// - Throws: A ``UsageError`` describing the first problem found, in order.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        try parse(arguments, tool: .bgsim)
    }

    /// Parses against any tool table; tests use small tables of their own.
    static func parse(_ arguments: [String], tool: ToolSpec) throws(UsageError) -> Invocation {
        guard let first = arguments.first else {
            // An empty default would recurse forever; the tool's help is the conventional answer anyway.
            if tool.defaultArguments.isEmpty { return .help(command: nil) }
            return try parse(tool.defaultArguments, tool: tool)
        }
        var rest = Array(arguments.dropFirst())
        let commandName: String
        if let shortcut = tool.shortcut(spelled: optionName(first)) {
            if inlineValue(first) != nil { throw .unexpectedValue(for: shortcut.option.name, command: nil) }
            commandName = shortcut.command
        } else if first == "--" {
            // `bgsim -- <command>`: the separator only promises that nothing before it was an option.
            guard let next = rest.first else { return try parse(tool.defaultArguments, tool: tool) }
            commandName = next
            rest.removeFirst()
        } else if isOption(first) {
            throw .unknownOption(optionName(first), among: tool.shortcuts.map(\.option.name), for: nil, tool: tool.name)
        } else {
            commandName = first
        }
        guard let command = tool.command(named: commandName) else {
            throw .unknownCommand(commandName, among: tool.commands.map(\.name))
        }
        return try parse(rest, for: command, tool: tool)
    }

    /// Parses a subcommand's own arguments.
    static func parse(_ arguments: [String], for command: CommandSpec, tool: ToolSpec) throws(UsageError) -> Invocation {
        // Help first: a user asking how to write the line should not be told what is wrong with it.
        let beforeSeparator = arguments.prefix { $0 != "--" }
        if beforeSeparator.contains(where: OptionSpec.help.spellings.contains) {
            return .help(command: command.name)
        }
        let parsed = try scan(arguments, for: command, tool: tool)
        return try command.build(parsed)
    }

    /// Checks a subcommand's arguments against its spec, without interpreting values.
    static func scan(_ arguments: [String], for command: CommandSpec, tool: ToolSpec) throws(UsageError) -> ParsedArguments {
        var options: [ParsedArguments.OptionValue] = []
        var loose: [String] = []
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !isOption(argument) {
                loose.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let name = optionName(argument)
            guard let option = command.option(spelled: name) else {
                // Suggest long names only: a one-letter alias is one edit away from any short typo.
                throw .unknownOption(
                    name, among: command.allOptions.map(\.name), for: command.name, tool: tool.name)
            }
            guard !options.contains(where: { $0.name == option.name }) else {
                throw .repeated(option.name, command: command.name)
            }
            let inline = inlineValue(argument)
            switch option.kind {
            case .flag:
                if inline != nil { throw .unexpectedValue(for: option.name, command: command.name) }
                options.append(.init(name: option.name, value: nil))
            case .value:
                var value = inline
                if value == nil, index < arguments.endIndex, !isOption(arguments[index]) {
                    value = arguments[index]
                    index += 1
                }
                // `--seed -1` would otherwise say the value is missing: it is there, and it is negative.
                if value == nil, index < arguments.endIndex, looksNegative(arguments[index]) {
                    throw .negativeValue(arguments[index], for: option.name, command: command.name)
                }
                // `--trace=` is as empty as a missing value, and would otherwise surface later as an odd file error.
                guard let value, !value.isEmpty else { throw .missingValue(for: option.name, command: command.name) }
                if !option.choices.isEmpty, !option.choices.contains(value) {
                    throw .notAChoice(value, for: option.name, choices: option.choices, command: command.name)
                }
                options.append(.init(name: option.name, value: value))
            }
        }
        let positionals = try assign(loose, to: command, tool: tool)
        return ParsedArguments(
            tool: tool.name,
            command: command.name,
            commandNames: tool.commands.map(\.name),
            options: options,
            positionals: positionals)
    }

    /// Hands the positional arguments to the command's positionals, in order.
    private static func assign(
        _ arguments: [String], to command: CommandSpec, tool: ToolSpec
    ) throws(UsageError) -> [ParsedArguments.PositionalValues] {
        var remaining = arguments[...]
        var assigned: [ParsedArguments.PositionalValues] = []
        for positional in command.positionals {
            let taken: [String]
            switch positional.arity {
            case .required:
                guard let first = remaining.first else {
                    throw .missingPositional(positional.name, command: command.name, tool: tool.name)
                }
                taken = [first]
            case .optional:
                taken = remaining.first.map { [$0] } ?? []
            case .oneOrMore:
                guard !remaining.isEmpty else {
                    throw .missingPositional(positional.name, command: command.name, tool: tool.name)
                }
                taken = Array(remaining)
            }
            remaining = remaining.dropFirst(taken.count)
            assigned.append(.init(name: positional.name, values: taken))
        }
        if let extra = remaining.first {
            throw .unexpectedArgument(extra, command: command.name, tool: tool.name)
        }
        return assigned
    }

    /// Whether an argument is an option (or `--`); a lone `-` conventionally means standard input, a value.
    private static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-"
    }

    /// Whether an argument reads as a negative number or duration (`-1`, `-1s`, `-.5s`) rather than an option.
    static func looksNegative(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let next = argument.dropFirst().first else { return false }
        return next.isASCII && (next.isNumber || next == ".")
    }

    /// `--seed` from `--seed=7`; short options never carry an inline value.
    private static func optionName(_ argument: String) -> String {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return argument }
        return String(argument[..<equals])
    }

    /// `7` from `--seed=7`, `""` from `--seed=`, `nil` from `--seed`.
    private static func inlineValue(_ argument: String) -> String? {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return nil }
        return String(argument[argument.index(after: equals)...])
    }
}
