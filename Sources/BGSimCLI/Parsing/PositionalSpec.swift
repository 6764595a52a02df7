/// One positional argument a command accepts, as declared in the command table.
struct PositionalSpec: Sendable {
    /// How many arguments the positional takes.
    ///
    /// Only the last positional of a command may be optional or repeated,
    /// otherwise the parser could not tell which argument is which.
    enum Arity: Equatable, Sendable {
        case required
        case optional
        case oneOrMore
    }

    /// The name shown in help as `<name>` and in "missing <name>" errors.
    let name: String
    let arity: Arity
    /// One sentence or two for help; wrapped by the help formatter.
    let help: String

    init(_ name: String, arity: Arity = .required, help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }

    /// How the usage line shows the positional: `<scenario>`, `[<command>]` or `<scenario> ...`.
    var synopsis: String {
        switch arity {
        case .required: return "<\(name)>"
        case .optional: return "[<\(name)>]"
        case .oneOrMore: return "<\(name)> ..."
        }
    }
}
