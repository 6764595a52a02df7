extension ArgumentParser {
    /// The help text for the tool, or for one subcommand.
    ///
    /// `usage(for: nil)` is what `bgsim --help` prints: an overview with every
    /// subcommand and its one-line abstract. `usage(for: "run")` is what
    /// `bgsim run --help` prints: the usage line, arguments, options with
    /// their value names, and examples. A name that is not a subcommand gets
    /// the overview, which lists the names that are.
    ///
    /// The text has no trailing newline, ready for `print`.
    static func usage(for command: String?) -> String {
        usage(for: command, tool: .bgsim)
    }

    static func usage(for command: String?, tool: ToolSpec) -> String {
        let formatter = HelpFormatter(tool: tool)
        guard let command, let spec = tool.command(named: command) else { return formatter.overview() }
        return formatter.help(for: spec)
    }
}
