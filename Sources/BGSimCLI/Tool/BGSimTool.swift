import PlatformLookalikes
import ScenarioFormat
import SimulationModel

/// The `bgsim` command: parses the arguments and runs the command they name.
public enum BGSimTool {
    /// Runs `bgsim` with `arguments` (without the program name) and returns the exit code.
    ///
    /// - Parameter colour: Whether text output may use ANSI colours; the executable asks ``TerminalColour``.
    public static func main(_ arguments: [String], console: Console, colour: Bool = false) -> Int32 {
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
            return RunCommand(options: options, arguments: arguments, colour: colour).execute(console: console)
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
        }
    }
}
