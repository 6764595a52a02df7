/// How every report shows a lane state: words, colour, terminal glyph and priority.
///
/// Reports draw lanes generically (see ``Lane``), so this table is the only
/// place a state's looks are decided. It switches over ``LaneState``
/// exhaustively: a new state does not compile until it has a style, so no
/// state is ever drawn with a made-up one.
struct StateStyle: Sendable, Hashable {
    /// The state it styles.
    var state: LaneState
    /// Words for legends and labels, for example `foreground`.
    var label: String
    /// The fill colour in the HTML page.
    var fill: String
    /// The colour of a label written on the fill.
    var ink: String
    /// The glyph in the terminal picture.
    var glyph: Character
    /// The ANSI colour (SGR parameters) of the glyph on a colour terminal.
    var ansi: String
    /// When states crowd into one column, the one with the highest priority is shown.
    var priority: Int
    /// Whether the app runs or the system spends background time in this state: a time axis
    /// does not condense such a stretch as idle, however quiet the trace is during it.
    var busy: Bool

    /// The style of a state.
    static func of(_ state: LaneState) -> StateStyle {
        func style(
            _ label: String, _ fill: String, _ ink: String, _ glyph: Character, _ ansi: String, _ priority: Int, busy: Bool = false
        ) -> StateStyle {
            StateStyle(state: state, label: label, fill: fill, ink: ink, glyph: glyph, ansi: ansi, priority: priority, busy: busy)
        }
        switch state {
        case .app(let app):
            switch app {
            case .notRunning: return style("not running", "#eef0f3", "#5b6470", " ", "2", 0)
            case .launchingForeground: return style("launching", "#a78bfa", "#ffffff", "▒", "35", 3, busy: true)
            case .launchingBackground: return style("launching in background", "#c4b5fd", "#2e1065", "▒", "35", 3, busy: true)
            case .foregroundActive: return style("foreground", "#2563eb", "#ffffff", "█", "34", 2)
            case .foregroundInactive: return style("inactive", "#93c5fd", "#0b2a5b", "▇", "94", 2)
            case .background: return style("background", "#f59e0b", "#3b2300", "▓", "33", 4, busy: true)
            case .suspended: return style("suspended", "#d5d9e0", "#3f4650", "░", "90", 1)
            case .terminated: return style("terminated", "#374151", "#ffffff", "╳", "31", 5)
            }
        case .assertionOpen:
            return style("background task open", "#10b981", "#03291c", "═", "32", 1, busy: true)
        case .request(.pending):
            return style("pending", "#ddd6fe", "#2e1065", "┄", "35", 1)
        case .request(.running):
            return style("running", "#16a34a", "#ffffff", "━", "32", 2, busy: true)
        case .liveActivity(.queued):
            return style("queued", "#ddd6fe", "#2e1065", "┄", "35", 1, busy: true)
        case .liveActivity(.progress(let tenth)):
            // Ten shades of blue, darker as the work advances; the digit is the tenth.
            let tenth = min(max(tenth, 0), 9)
            let progress = Self.progress[tenth]
            return style(
                "\(tenth * 10)–\(tenth * 10 + 10)% done", progress.fill, progress.ink, Character(String(tenth)), "34", tenth + 2, busy: true)
        case .liveActivity(.done):
            return style("all done", "#16a34a", "#ffffff", "✓", "32", 12)
        case .liveActivity(.asking):
            return style("asks the person to continue", "#facc15", "#422006", "?", "93", 13, busy: true)
        case .push(.held):
            return style("push held", "#fde68a", "#422006", "┄", "33", 1)
        case .push(.handling):
            return style("push handler running", "#0ea5e9", "#ffffff", "━", "36", 2, busy: true)
        case .transfer(.waiting):
            return style("transfer waiting", "#e0e7ff", "#1e1b4b", "┄", "34", 1)
        case .transfer(.running):
            return style("transfer running", "#6366f1", "#ffffff", "≡", "94", 2)
        case .screen(.inUse):
            return style("in use", "#bae6fd", "#0c4a6e", "▔", "36", 2)
        case .screen(.locked):
            return style("locked", "#64748b", "#ffffff", "▁", "90", 1)
        case .power(.charging):
            return style("charging", "#84cc16", "#1a2e05", "+", "92", 2)
        case .power(.onBattery):
            return style("on battery", "#f1f5f9", "#334155", " ", "2", 1)
        case .power(.lowPowerMode):
            return style("Low Power Mode", "#fde047", "#422006", "-", "93", 3)
        }
    }

    /// The fill and ink on a dark page, for states whose fill is too pale for one; nil keeps the light ones.
    var dark: (fill: String, ink: String)? {
        switch state {
        case .app(.notRunning): ("#273142", "#cbd5e1")
        case .app(.suspended): ("#475569", "#f1f5f9")
        case .request(.pending), .liveActivity(.queued): ("#4c3d80", "#ede9fe")
        case .screen(.inUse): ("#1e5673", "#e0f2fe")
        case .power(.onBattery): ("#1f2937", "#cbd5e1")
        case .app, .assertionOpen, .request, .liveActivity, .push, .transfer, .screen, .power: nil
        }
    }

    /// The fill and ink of each tenth of a Live Activity's progress.
    private static let progress: [(fill: String, ink: String)] = [
        ("#dbeafe", "#1e3a8a"), ("#c7dcfb", "#1e3a8a"), ("#b3cef9", "#1e3a8a"), ("#9fbff6", "#1e3a8a"), ("#8bb1f3", "#172554"),
        ("#77a2f0", "#ffffff"), ("#6394ed", "#ffffff"), ("#4f85ea", "#ffffff"), ("#3b77e7", "#ffffff"), ("#2768e4", "#ffffff"),
    ]
}
