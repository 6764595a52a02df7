import BackgroundSimulation

/// The `bgsim` command: parses the arguments and runs the command they name.
public enum BGSimTool {
    /// Runs `bgsim` with `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], console: Console) -> Int32 {
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
            return RunCommand(options: options, arguments: arguments).execute(console: console)
        case .validate(let options):
            return ValidateCommand(options: options).execute(console: console)
        case .rules(let format):
            return RulesCommand(format: format).execute(console: console)
        }
    }
}
