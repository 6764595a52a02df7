/// One option a command accepts, as declared in the command table.
///
/// The same declaration drives parsing (names, whether a value follows,
/// allowed values) and help (value name, description, values, default).
struct OptionSpec: Sendable {
    /// Whether the option stands alone or carries a value.
    enum Kind: Equatable, Sendable {
        /// Present or absent, such as `--help`.
        case flag
        /// Followed by a value, as `--seed 7` or `--seed=7`; the name is shown in help as `<name>`.
        case value(name: String)
    }

    /// The long name with its dashes, such as `--seed`.
    let name: String
    /// An optional one-letter alias with its dash, such as `-h`.
    let shortName: String?
    let kind: Kind
    /// One sentence or two for help; wrapped by the help formatter.
    let help: String
    /// The only values accepted, in the order help lists them; empty accepts any value.
    let choices: [String]
    /// The value used when the option is absent, shown in help; `nil` when absence means something else.
    let defaultValue: String?

    init(
        _ name: String,
        short shortName: String? = nil,
        kind: Kind,
        help: String,
        choices: [String] = [],
        defaultValue: String? = nil
    ) {
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.help = help
        self.choices = choices
        self.defaultValue = defaultValue
    }

    /// The help option every command accepts; the parser answers it before anything else.
    static let help = OptionSpec("--help", short: "-h", kind: .flag, help: "Show help information.")

    /// Every spelling that selects this option.
    var spellings: [String] { [name] + (shortName.map { [$0] } ?? []) }

    /// How help and usage lines show the option: `--seed <seed>` or `-h, --help`.
    var label: String {
        let names = (shortName.map { "\($0), " } ?? "") + name
        switch kind {
        case .flag: return names
        case .value(let valueName): return "\(names) <\(valueName)>"
        }
    }

    /// How the usage line shows the option: `[--seed <seed>]`.
    var synopsis: String {
        switch kind {
        case .flag: return "[\(name)]"
        case .value(let valueName): return "[\(name) <\(valueName)>]"
        }
    }
}
