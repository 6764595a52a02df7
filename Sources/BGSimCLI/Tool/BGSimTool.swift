import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationReports

/// The `bgsim` command: parses the arguments and runs the command they name.
package enum BGSimTool {
    /// Runs `bgsim` with `arguments` (without the program name) and returns the exit code.
    ///
    /// - Parameters:
    ///   - colour: Whether text output may use ANSI colours; the executable asks ``TerminalColour``.
    ///   - width: How many columns text output may use; the executable asks `TerminalWidth`.
    ///   - environment: The environment variables that matter (`GITHUB_ACTIONS`); tests pass their own.
    package static func main(
        _ arguments: [String], console: Console, colour: Bool = false, width: Int = 80, environment: [String: String] = [:]
    ) -> Int32 {
        // The bench's child processes: not part of the interface, so not in the command table or help.
        if arguments.first == MemoryProbe.commandName {
            return MemoryProbe.main(Array(arguments.dropFirst()), console: console)
        }
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            console.error("bgsim: error: \(error.message)\n\(error.helpHint)\n")
            return ExitCode.usage
        }
        switch invocation {
        case .help(let command):
            console.out(ArgumentParser.usage(for: command) + "\n")
            return ExitCode.success
        case .version:
            console.out("bgsim \(BGSimVersion.current)\n")
            return ExitCode.success
        case .run(let options):
            return RunCommand(options: options, arguments: arguments, colour: colour, width: width, environment: environment).execute(console: console)
        case .validate(let options):
            return ValidateCommand(options: options).execute(console: console)
        case .rules(let options):
            return RulesCommand(options: options).execute(console: console)
        case .report(let options):
            return ReportCommand(options: options).execute(console: console)
        case .bench(let options):
            return BenchCommand(options: options).execute(console: console)
        case .fuzz(let options):
            return FuzzCommand(options: options).execute(console: console)
        case .explore(let options):
            return ExploreCommand(options: options).execute(console: console)
        case .diff(let first, let second):
            return DiffCommand(first: first, second: second).execute(console: console)
        case .schema:
            return SchemaCommand().execute(console: console)
        case .initialize(let name):
            return InitCommand(name: name).execute(console: console)
        }
    }

    /// How many columns text output to standard output may use: the terminal's, else `COLUMNS`, else 80 (`TerminalWidth`).
    package static func terminalWidth(environment: [String: String]) -> Int {
        TerminalWidth.current(environment: environment)
    }
}
