/// Renders help text from the command table, in the layout of
/// swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then
/// SUBCOMMANDS or EXAMPLES.
///
/// Everything shown comes from the table, so help cannot mention an option
/// the parser rejects or leave out one it accepts.
struct HelpFormatter {
    let tool: ToolSpec
    /// Lines are wrapped to fit a standard terminal.
    var width = 80
    /// Where descriptions start, as in swift-argument-parser: two spaces of indent and a 24-column label.
    var descriptionColumn = 26

    /// `bgsim --help`.
    func overview() -> String {
        var sections = [header(abstract: tool.abstract, discussion: tool.discussion)]
        sections.append(usageLine(["\(tool.name) <subcommand>"]))
        sections.append(section("OPTIONS", tool.shortcuts.map { ($0.option.label, describe($0.option)) }))
        var subcommands = section("SUBCOMMANDS", tool.commands.map { ($0.name, $0.abstract) })
        subcommands += "\n\n" + "  See '\(tool.name) help <subcommand>' for detailed help."
        sections.append(subcommands)
        return sections.joined(separator: "\n\n")
    }

    /// `bgsim <command> --help`.
    func help(for command: CommandSpec) -> String {
        var sections = [header(abstract: command.abstract, discussion: command.discussion)]
        let synopsis = command.positionals.map(\.synopsis) + command.options.map(\.synopsis)
        sections.append(usageLine(["\(tool.name) \(command.name)"] + synopsis))
        if !command.positionals.isEmpty {
            sections.append(section("ARGUMENTS", command.positionals.map { ("<\($0.name)>", $0.help) }))
        }
        sections.append(section("OPTIONS", command.allOptions.map { ($0.label, describe($0)) }))
        if !command.examples.isEmpty {
            // Each example is a shell comment and a command line, so both can be pasted into a terminal.
            let examples = command.examples.map { example in
                (wrap(example.abstract, indent: "  # ", continuation: "  # ") + ["  " + example.commandLine])
                    .joined(separator: "\n")
            }
            sections.append("EXAMPLES:\n" + examples.joined(separator: "\n\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    private func header(abstract: String, discussion: String) -> String {
        let overview = wrap("OVERVIEW: " + abstract, indent: "", continuation: "").joined(separator: "\n")
        guard !discussion.isEmpty else { return overview }
        return overview + "\n\n" + wrap(discussion, indent: "", continuation: "").joined(separator: "\n")
    }

    /// The usage line, wrapped between whole tokens so that `[--seed <seed>]` never splits.
    private func usageLine(_ tokens: [String]) -> String {
        let prefix = "USAGE: "
        var lines: [String] = []
        var line = prefix
        for token in tokens {
            if line.count > prefix.count, line.count + 1 + token.count > width {
                lines.append(line)
                line = String(repeating: " ", count: prefix.count) + token
            } else {
                line += (line.count > prefix.count ? " " : "") + token
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// A titled list of labels with wrapped descriptions in a column.
    private func section(_ title: String, _ rows: [(label: String, text: String)]) -> String {
        var lines = [title + ":"]
        let column = String(repeating: " ", count: descriptionColumn)
        for row in rows {
            let label = "  " + row.label
            if label.count + 2 <= descriptionColumn {
                let first = label + String(repeating: " ", count: descriptionColumn - label.count)
                lines += wrap(row.text, indent: first, continuation: column)
            } else {
                // A label too long for the column gets the description on the lines below.
                lines.append(label)
                lines += wrap(row.text, indent: column, continuation: column)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An option's help followed by its allowed values and default, as swift-argument-parser shows them.
    private func describe(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.choices.isEmpty { notes.append("values: " + option.choices.joined(separator: ", ")) }
        if let defaultValue = option.defaultValue { notes.append("default: " + defaultValue) }
        guard !notes.isEmpty else { return option.help }
        return option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// Greedy word wrap; a word longer than a line stays whole rather than being cut.
    private func wrap(_ text: String, indent: String, continuation: String) -> [String] {
        var lines: [String] = []
        var line = indent
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = continuation + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}
