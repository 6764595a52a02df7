/// How a command prints its result.
///
/// The raw values are what `--format` accepts, so the help text and the
/// parser's error messages list them from `allCases` and cannot drift.
enum OutputFormat: String, CaseIterable, Equatable, Sendable {
    /// Aligned text for people reading a terminal.
    case text
    /// JSON for tools and scripts.
    case json
}
