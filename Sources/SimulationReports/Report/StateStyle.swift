import SimulationKernel

/// How every report shows a lane state or a mark: words, colour, terminal glyph and priority.
///
/// Reports draw lanes generically (see ``Lane``), so this table is the only
/// place a new state name needs to be added to get its own colour. A name
/// missing here still renders: with a neutral grey picked from the name, its
/// own words, and a letter for a glyph.
struct StateStyle: Sendable, Hashable {
    /// The state's name in trace and lanes, for example `foregroundActive`.
    var state: String
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
    /// Whether the table knows the state (an unknown state gets a neutral style).
    var known: Bool
    /// Whether the app runs or the system spends background time in this state: a time axis
    /// does not condense such a stretch as idle, however quiet the trace is during it.
    var busy = false

    private static let table: [StateStyle] = [
        // The app process.
        known("notRunning", "not running", "#eef0f3", "#5b6470", " ", "2", 0),
        known("launchingForeground", "launching", "#a78bfa", "#ffffff", "▒", "35", 3),
        known("launchingBackground", "launching in background", "#c4b5fd", "#2e1065", "▒", "35", 3),
        known("foregroundActive", "foreground", "#2563eb", "#ffffff", "█", "34", 2),
        known("foregroundInactive", "inactive", "#93c5fd", "#0b2a5b", "▇", "94", 2),
        known("background", "background", "#f59e0b", "#3b2300", "▓", "33", 4),
        known("suspended", "suspended", "#d5d9e0", "#3f4650", "░", "90", 1),
        known("terminated", "terminated", "#374151", "#ffffff", "╳", "31", 5),
        // beginBackgroundTask assertions.
        known("open", "background task open", "#10b981", "#03291c", "═", "32", 1),
        // BGTaskScheduler requests and their tasks.
        known("submitted", "submitted", "#ddd6fe", "#2e1065", "┄", "35", 1),
        known("pending", "pending", "#ddd6fe", "#2e1065", "┄", "35", 1),
        known("scheduled", "scheduled", "#ddd6fe", "#2e1065", "┄", "35", 1),
        known("running", "running", "#16a34a", "#ffffff", "━", "32", 2),
        known("completed", "completed", "#86efac", "#052e16", "✓", "32", 2),
        known("expired", "expired", "#fb923c", "#431407", "◇", "33", 4),
        known("cancelled", "cancelled", "#cbd5e1", "#1e293b", "×", "90", 2),
        // Continued processing: the Live Activity, its progress in tenths, and its question.
        known("queued", "queued", "#ddd6fe", "#2e1065", "┄", "35", 1),
        known("progress0", "0–10% done", "#dbeafe", "#1e3a8a", "0", "34", 2),
        known("progress1", "10–20% done", "#c7dcfb", "#1e3a8a", "1", "34", 3),
        known("progress2", "20–30% done", "#b3cef9", "#1e3a8a", "2", "34", 4),
        known("progress3", "30–40% done", "#9fbff6", "#1e3a8a", "3", "34", 5),
        known("progress4", "40–50% done", "#8bb1f3", "#172554", "4", "34", 6),
        known("progress5", "50–60% done", "#77a2f0", "#ffffff", "5", "34", 7),
        known("progress6", "60–70% done", "#6394ed", "#ffffff", "6", "34", 8),
        known("progress7", "70–80% done", "#4f85ea", "#ffffff", "7", "34", 9),
        known("progress8", "80–90% done", "#3b77e7", "#ffffff", "8", "34", 10),
        known("progress9", "90–100% done", "#2768e4", "#ffffff", "9", "34", 11),
        known("progressDone", "all done", "#16a34a", "#ffffff", "✓", "32", 12),
        known("asking", "asks the person to continue", "#facc15", "#422006", "?", "93", 13),
        // Device conditions.
        known("inUse", "in use", "#bae6fd", "#0c4a6e", "▔", "36", 2),
        known("locked", "locked", "#64748b", "#ffffff", "▁", "90", 1),
        known("unlocked", "unlocked", "#bae6fd", "#0c4a6e", "▔", "36", 2),
        known("charging", "charging", "#84cc16", "#1a2e05", "+", "92", 2),
        known("onBattery", "on battery", "#f1f5f9", "#334155", " ", "2", 1),
        known("lowPowerMode", "Low Power Mode", "#fde047", "#422006", "-", "93", 3),
        known("wifi", "Wi-Fi", "#38bdf8", "#082f49", "w", "36", 1),
        known("cellular", "cellular", "#7dd3fc", "#082f49", "c", "36", 1),
        known("none", "no network", "#fca5a5", "#450a0a", "x", "31", 2),
        known("available", "available", "#e2e8f0", "#1e293b", " ", "2", 0),
        known("denied", "denied", "#fca5a5", "#450a0a", "x", "31", 2),
        known("restricted", "restricted", "#fdba74", "#431407", "r", "33", 2),
    ]

    private static func known(
        _ state: String, _ label: String, _ fill: String, _ ink: String, _ glyph: Character, _ ansi: String,
        _ priority: Int
    ) -> StateStyle {
        StateStyle(
            state: state, label: label, fill: fill, ink: ink, glyph: glyph, ansi: ansi, priority: priority, known: true,
            busy: busyStates.contains(state))
    }

    /// The states in which the app runs in the background or holds background time.
    private static let busyStates = [
        "launchingForeground", "launchingBackground", "background", "open", "running", "queued", "asking",
        "progress0", "progress1", "progress2", "progress3", "progress4", "progress5", "progress6", "progress7",
        "progress8", "progress9",
    ]

    /// Neutral fills for unknown states, chosen by a fixed hash of the name so that neighbours differ.
    private static let neutralFills = ["#cbd5e1", "#94a3b8", "#d6d3d1", "#a8a29e", "#e5e7eb", "#9ca3af"]

    /// The style of a state name.
    static func of(_ state: String) -> StateStyle {
        if let style = table.first(where: { $0.state == state }) { return style }
        var hash = Fingerprint()
        hash.combine(state)
        let fill = neutralFills[Int(hash.value % UInt64(neutralFills.count))]
        let glyph = state.first(where: \.isLetter).map { Character($0.lowercased()) } ?? "?"
        return StateStyle(
            state: state, label: words(state), fill: fill, ink: "#1f2937", glyph: glyph, ansi: "37", priority: 1,
            known: false)
    }

    /// `lowDataMode` as `low data mode`: camel case split into words.
    static func words(_ name: String) -> String {
        var text = ""
        for character in name {
            if character.isUppercase, !text.isEmpty, text.last != " " {
                text.append(" ")
                text.append(Character(character.lowercased()))
            } else {
                text.append(character)
            }
        }
        return text
    }
}

/// How reports show a lane mark (an instant on a lane).
struct MarkStyle: Sendable, Hashable {
    /// The mark's kind, for example `killed`.
    var kind: String
    var label: String
    /// The colour in the HTML page.
    var colour: String
    /// The glyph in the terminal picture.
    var glyph: Character
    var ansi: String
    /// When marks crowd into one column, the one with the highest priority is shown.
    var priority: Int
    /// The id of the SVG symbol that draws it.
    var symbol: String

    private static let table: [MarkStyle] = [
        MarkStyle(kind: "killed", label: "killed", colour: "#dc2626", glyph: "╳", ansi: "1;31", priority: 3, symbol: "mk-killed"),
        MarkStyle(kind: "expiring", label: "expiration handler", colour: "#b45309", glyph: "◇", ansi: "33", priority: 2, symbol: "mk-expiring"),
        MarkStyle(kind: "failed", label: "submit failed", colour: "#dc2626", glyph: "×", ansi: "1;31", priority: 3, symbol: "mk-failed"),
        MarkStyle(kind: "ended", label: "ended", colour: "#1f2937", glyph: "╡", ansi: "32", priority: 1, symbol: "mk-ended"),
    ]

    /// The style of a mark kind; an unknown kind gets a neutral dot.
    static func of(_ kind: String) -> MarkStyle {
        table.first { $0.kind == kind }
            ?? MarkStyle(kind: kind, label: StateStyle.words(kind), colour: "#475569", glyph: "•", ansi: "37", priority: 0, symbol: "mk-other")
    }
}

extension Lane.Group {
    /// The heading of the group in reports.
    var heading: String {
        switch rawValue {
        case "app": "App process"
        case "backgroundTasks": "Background tasks"
        case "device": "Device"
        default:
            // A group added later reads well without a change here: `taskRequests` becomes `Task requests`.
            StateStyle.words(rawValue).prefix(1).uppercased() + StateStyle.words(rawValue).dropFirst()
        }
    }
}
