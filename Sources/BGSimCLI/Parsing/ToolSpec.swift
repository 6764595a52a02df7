/// The whole command-line interface: the tool's name, help and subcommands.
///
/// The tool itself accepts a few options of its own (`--help`, `--version`);
/// each is a shortcut for a subcommand, so `bgsim --version` and
/// `bgsim version` parse the same way.
struct ToolSpec: Sendable {
    /// A top-level option that stands for a subcommand.
    struct Shortcut: Sendable {
        let option: OptionSpec
        /// The subcommand the option stands for; the rest of the arguments go to it.
        let command: String
    }

    let name: String
    let abstract: String
    let discussion: String
    let shortcuts: [Shortcut]
    /// The subcommands, in the order the overview lists them.
    let commands: [CommandSpec]
    /// What running the tool with no arguments means, as arguments: help, by convention.
    let defaultArguments: [String]

    /// The subcommand with this exact name, if any.
    func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The shortcut a spelling (`--version`, `-h`) selects, if any.
    func shortcut(spelled spelling: String) -> Shortcut? {
        shortcuts.first { $0.option.spellings.contains(spelling) }
    }
}
