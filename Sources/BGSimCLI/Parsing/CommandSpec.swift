/// One subcommand of `bgsim`: its name, help, arguments and how its parsed
/// arguments become an ``Invocation``.
///
/// Commands are declared in one table (`ToolSpec.bgsim`, in
/// CommandTable.swift); the parser and the help formatter both read it, so
/// help cannot describe an option the parser does not accept.
struct CommandSpec: Sendable {
    /// A command line shown under EXAMPLES, with a sentence saying what it does.
    struct Example: Sendable {
        /// The full command line, starting with the tool's name; tests parse every one.
        let commandLine: String
        let abstract: String
    }

    /// Turns checked arguments into an invocation; throws for values the table cannot check, such as numbers.
    typealias Builder = @Sendable (ParsedArguments) throws(UsageError) -> Invocation

    let name: String
    /// One line for the tool's overview and the top of the command's help.
    let abstract: String
    /// Paragraphs shown after the abstract in the command's own help; may be empty.
    let discussion: String
    let positionals: [PositionalSpec]
    /// The command's own options; `--help` is added by ``allOptions``.
    let options: [OptionSpec]
    let examples: [Example]
    let build: Builder

    init(
        name: String,
        abstract: String,
        discussion: String = "",
        positionals: [PositionalSpec] = [],
        options: [OptionSpec] = [],
        examples: [Example] = [],
        build: @escaping Builder
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
        self.examples = examples
        self.build = build
    }

    /// The command's options followed by `--help`, in the order help lists them.
    var allOptions: [OptionSpec] { options + [.help] }

    /// The option a spelling (`--seed`, `-h`) selects, if any.
    func option(spelled spelling: String) -> OptionSpec? {
        allOptions.first { $0.spellings.contains(spelling) }
    }
}
