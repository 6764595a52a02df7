import SimulationKernel

/// The arguments of one subcommand after the parser has checked them against
/// its ``CommandSpec``: known options, values present, choices respected,
/// positionals counted.
///
/// A command's builder reads it to make an ``Invocation``; the typed
/// accessors turn the remaining text into numbers and durations, with errors
/// that name the option.
struct ParsedArguments: Sendable {
    /// One option as given, under its long name; `value` is `nil` for flags.
    struct OptionValue: Equatable, Sendable {
        let name: String
        let value: String?
    }

    /// The arguments one positional received, in order.
    struct PositionalValues: Equatable, Sendable {
        let name: String
        let values: [String]
    }

    let tool: String
    let command: String
    /// Every subcommand name, so that arguments naming a command (`help run`) can be checked.
    let commandNames: [String]
    /// In the order given; arrays rather than dictionaries keep everything ordered and deterministic.
    let options: [OptionValue]
    let positionals: [PositionalValues]

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool {
        options.contains { $0.name == name }
    }

    /// The text value of an option, or `nil` when it was not given.
    func value(_ name: String) -> String? {
        options.first { $0.name == name }?.value
    }

    /// All arguments a positional received.
    func values(of positional: String) -> [String] {
        positionals.first { $0.name == positional }?.values ?? []
    }

    /// The argument of a required positional.
    ///
    /// The parser has already checked that it is present; throwing rather than
    /// trapping keeps a mistake in the table a usage error, not a crash.
    func required(_ positional: String) throws(UsageError) -> String {
        guard let value = values(of: positional).first else {
            throw .missingPositional(positional, command: command, tool: tool)
        }
        return value
    }

    /// An option's value as a decimal `UInt64`, or `nil` when it was not given.
    ///
    /// Only ASCII digits are accepted: Swift's own parsing would also take a
    /// sign, and `-0` or `+7` are more likely mistakes than intentions.
    func unsignedInteger(_ name: String) throws(UsageError) -> UInt64? {
        guard let text = value(name) else { return nil }
        if ArgumentParser.looksNegative(text) { throw .negativeValue(text, for: name, command: command) }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else {
            throw .invalidValue(name, expected: "a non-negative integer", got: text, command: command)
        }
        guard let number = UInt64(text) else {
            throw .invalidValue(name, expected: "at most \(UInt64.max)", got: text, command: command)
        }
        return number
    }

    /// An option's value as a duration in nanoseconds (`90s`, `1h30m`, `250ms`), or `nil` when it was not given.
    func duration(_ name: String) throws(UsageError) -> VirtualDuration? {
        guard let text = value(name) else { return nil }
        do {
            return try TimeText.duration(text)
        } catch {
            throw .invalidDuration(name, error, command: command)
        }
    }

    /// An option's value as the length of a run, or `nil` when it was not given.
    ///
    /// A duration after the start and at most ten years, capped as a
    /// scenario's `stopAt` is (``RunLimits/problem(withRunLength:writtenAs:)``).
    func runLength(_ name: String) throws(UsageError) -> Duration? {
        guard let length = try duration(name) else { return nil }
        if length == .zero { throw .invalidRunLength(name, "a run must end after the start; write for example \"90s\"", command: command) }
        if let problem = RunLimits.problem(withRunLength: length, writtenAs: value(name) ?? "") {
            throw .invalidRunLength(name, problem, command: command)
        }
        return length.duration
    }

    /// An option's value as one of an enumeration's cases, or `nil` when it was not given.
    ///
    /// The parser has already checked the value against the option's choices;
    /// declare those as `T.allCases.map(\.rawValue)` so both agree.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws(UsageError) -> T?
    where T.RawValue == String {
        guard let text = value(name) else { return nil }
        guard let choice = T(rawValue: text) else {
            throw .notAChoice(text, for: name, choices: T.allCases.map(\.rawValue), command: command)
        }
        return choice
    }

    /// A positional's argument that must name a subcommand, or `nil` when it was not given.
    func commandName(_ positional: String) throws(UsageError) -> String? {
        guard let name = values(of: positional).first else { return nil }
        guard commandNames.contains(name) else { throw .unknownCommand(name, among: commandNames) }
        return name
    }
}
