/// The options of `bgsim rules`.
struct RulesOptions: Equatable, Sendable {
    /// How `bgsim rules` prints.
    enum Format: String, CaseIterable, Equatable, Sendable {
        /// Aligned text for people reading a terminal.
        case text
        /// JSON for tools and scripts.
        case json
        /// Markdown: the catalog and the coverage table, as docs/rules.md holds them.
        case markdown
    }

    /// How to print.
    var format: Format
    /// The identifier of the one rule to explain (`BGS018`), or nil for the whole catalog.
    var rule: String?

    /// Creates rules options.
    init(format: Format = .text, rule: String? = nil) {
        self.format = format
        self.rule = rule
    }
}
