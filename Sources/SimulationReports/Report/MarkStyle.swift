/// How reports show a lane mark (an instant on a lane): words, colour, terminal glyph, priority and SVG symbol.
///
/// Switches over ``Lane/Mark/Kind`` exhaustively: a new kind of mark does not
/// compile until it has a style.
struct MarkStyle: Sendable, Hashable {
    /// The kind of mark it styles.
    var kind: Lane.Mark.Kind
    var label: String
    /// The colour in the HTML page.
    var colour: String
    /// The glyph in the terminal picture.
    var glyph: Character
    var ansi: String
    /// When marks crowd into one column, the one with the highest priority is shown.
    var priority: Int
    /// The id of the SVG symbol that draws it (see `HTMLReport.definitions`).
    var symbol: String

    /// The style of a kind of mark.
    static func of(_ kind: Lane.Mark.Kind) -> MarkStyle {
        switch kind {
        case .killed: MarkStyle(kind: kind, label: "killed", colour: "#dc2626", glyph: "╳", ansi: "1;31", priority: 3, symbol: "mk-killed")
        case .expiring:
            MarkStyle(kind: kind, label: "expiration handler", colour: "#b45309", glyph: "◇", ansi: "33", priority: 2, symbol: "mk-expiring")
        case .failed: MarkStyle(kind: kind, label: "submit failed", colour: "#dc2626", glyph: "×", ansi: "1;31", priority: 3, symbol: "mk-failed")
        case .ended: MarkStyle(kind: kind, label: "ended", colour: "#1f2937", glyph: "╡", ansi: "32", priority: 1, symbol: "mk-ended")
        }
    }
}
