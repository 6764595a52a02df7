import SimulationKernel
import SimulationSupport

/// A command line `bgsim` cannot make sense of.
///
/// The message says what was wrong and, where it can, what to write instead.
/// `command` names the subcommand whose help the user should read, so the
/// executable can print the message followed by ``helpHint`` and exit with
/// ``exitCode``.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// The exit status for a usage error: `EX_USAGE` from BSD's `sysexits.h`.
    static let exitCode: Int32 = 64

    /// What was wrong, in one line, without a trailing period.
    var message: String
    /// The subcommand the arguments were for, or `nil` for the tool itself.
    var command: String?

    /// Creates a usage error with a message and the subcommand it concerns.
    init(message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }

    /// Where to look next, for example `Run "bgsim run --help" for usage.`
    var helpHint: String {
        "Run \"\(ToolSpec.bgsim.name) \(command.map { "\($0) " } ?? "")--help\" for usage."
    }
}

// The wording of every parsing error lives here, so that messages stay consistent.
extension UsageError {
    static func unknownCommand(_ name: String, among commands: [String]) -> UsageError {
        var hint = Suggestion.hint(for: name, among: commands)
        // A scenario path where a command belongs almost always means a forgotten `run`.
        if hint.isEmpty, name.hasSuffix(".json"), commands.contains("run") {
            hint = " (did you mean \"\(ToolSpec.bgsim.name) run \(name)\"?)"
        }
        return UsageError(message: "unknown command \"\(QuotableText.quotable(name))\"\(hint)")
    }

    static func unknownOption(_ name: String, among options: [String], for command: String?, tool: String) -> UsageError {
        UsageError(
            message: "unknown option \"\(QuotableText.quotable(name))\" for \"\(qualified(command, tool: tool))\""
                + Suggestion.hint(for: name, among: options),
            command: command)
    }

    static func missingValue(for option: String, command: String?) -> UsageError {
        UsageError(message: "\"\(option)\" needs a value", command: command)
    }

    static func negativeValue(_ value: String, for option: String, command: String?) -> UsageError {
        UsageError(
            message: "\"\(option)\" must not be negative, got \"\(QuotableText.quotable(value))\": negative values are not allowed",
            command: command)
    }

    static func unexpectedValue(for option: String, command: String?) -> UsageError {
        UsageError(message: "\"\(option)\" does not take a value", command: command)
    }

    static func repeated(_ option: String, command: String?) -> UsageError {
        UsageError(message: "\"\(option)\" given more than once; give it only once", command: command)
    }

    static func notAChoice(_ value: String, for option: String, choices: [String], command: String?) -> UsageError {
        UsageError(
            message: "\"\(option)\" must be one of \(choices.joined(separator: ", ")); got \"\(QuotableText.quotable(value))\""
                + Suggestion.hint(for: value, among: choices),
            command: command)
    }

    static func missingPositional(_ name: String, command: String?, tool: String) -> UsageError {
        UsageError(message: "missing <\(name)> for \"\(qualified(command, tool: tool))\"", command: command)
    }

    static func unexpectedArgument(_ argument: String, command: String?, tool: String) -> UsageError {
        UsageError(message: "unexpected argument \"\(QuotableText.quotable(argument))\" for \"\(qualified(command, tool: tool))\"", command: command)
    }

    static func invalidValue(_ option: String, expected: String, got value: String, command: String?) -> UsageError {
        UsageError(message: "\"\(option)\" must be \(expected), got \"\(QuotableText.quotable(value))\"", command: command)
    }

    static func invalidDuration(_ option: String, _ error: TimeText.ParseError, command: String?) -> UsageError {
        UsageError(message: "\"\(option)\": \(error)", command: command)
    }

    static func invalidRunLength(_ option: String, _ problem: String, command: String?) -> UsageError {
        UsageError(message: "\"\(option)\": \(problem)", command: command)
    }

    private static func qualified(_ command: String?, tool: String) -> String {
        command.map { "\(tool) \($0)" } ?? tool
    }
}
