@testable import SimulationReports
import Testing

/// The looks of lane states and marks: one per typed value, as they were when states were strings.
@Suite struct StateStyleTests {
    /// The string-keyed table every report drew with before lane states were typed, for the states that remain.
    ///
    /// Pinned so that a state the sample scenarios never draw (an inactive app, Low Power Mode...) keeps
    /// its looks too; Reports/ only proves the states the samples draw.
    static let formerTable: [String: (label: String, fill: String, ink: String, glyph: Character, ansi: String, priority: Int)] = [
        "notRunning": ("not running", "#eef0f3", "#5b6470", " ", "2", 0),
        "launchingForeground": ("launching", "#a78bfa", "#ffffff", "▒", "35", 3),
        "launchingBackground": ("launching in background", "#c4b5fd", "#2e1065", "▒", "35", 3),
        "foregroundActive": ("foreground", "#2563eb", "#ffffff", "█", "34", 2),
        "foregroundInactive": ("inactive", "#93c5fd", "#0b2a5b", "▇", "94", 2),
        "background": ("background", "#f59e0b", "#3b2300", "▓", "33", 4),
        "suspended": ("suspended", "#d5d9e0", "#3f4650", "░", "90", 1),
        "terminated": ("terminated", "#374151", "#ffffff", "╳", "31", 5),
        "open": ("background task open", "#10b981", "#03291c", "═", "32", 1),
        "pending": ("pending", "#ddd6fe", "#2e1065", "┄", "35", 1),
        "running": ("running", "#16a34a", "#ffffff", "━", "32", 2),
        "queued": ("queued", "#ddd6fe", "#2e1065", "┄", "35", 1),
        "progress0": ("0–10% done", "#dbeafe", "#1e3a8a", "0", "34", 2),
        "progress1": ("10–20% done", "#c7dcfb", "#1e3a8a", "1", "34", 3),
        "progress2": ("20–30% done", "#b3cef9", "#1e3a8a", "2", "34", 4),
        "progress3": ("30–40% done", "#9fbff6", "#1e3a8a", "3", "34", 5),
        "progress4": ("40–50% done", "#8bb1f3", "#172554", "4", "34", 6),
        "progress5": ("50–60% done", "#77a2f0", "#ffffff", "5", "34", 7),
        "progress6": ("60–70% done", "#6394ed", "#ffffff", "6", "34", 8),
        "progress7": ("70–80% done", "#4f85ea", "#ffffff", "7", "34", 9),
        "progress8": ("80–90% done", "#3b77e7", "#ffffff", "8", "34", 10),
        "progress9": ("90–100% done", "#2768e4", "#ffffff", "9", "34", 11),
        "progressDone": ("all done", "#16a34a", "#ffffff", "✓", "32", 12),
        "asking": ("asks the person to continue", "#facc15", "#422006", "?", "93", 13),
        "inUse": ("in use", "#bae6fd", "#0c4a6e", "▔", "36", 2),
        "locked": ("locked", "#64748b", "#ffffff", "▁", "90", 1),
        "charging": ("charging", "#84cc16", "#1a2e05", "+", "92", 2),
        "onBattery": ("on battery", "#f1f5f9", "#334155", " ", "2", 1),
        "lowPowerMode": ("Low Power Mode", "#fde047", "#422006", "-", "93", 3),
        "pushHeld": ("push held", "#fde68a", "#422006", "┄", "33", 1),
        "pushHandling": ("push handler running", "#0ea5e9", "#ffffff", "━", "36", 2),
        "transferWaiting": ("transfer waiting", "#e0e7ff", "#1e1b4b", "┄", "34", 1),
        "transferRunning": ("transfer running", "#6366f1", "#ffffff", "≡", "94", 2),
    ]

    /// The states the former table counted as busy (a time axis does not condense them as idle).
    static let formerBusy: Set<String> = [
        "launchingForeground", "launchingBackground", "background", "open", "running", "queued", "asking",
        "progress0", "progress1", "progress2", "progress3", "progress4", "progress5", "progress6", "progress7",
        "progress8", "progress9", "pushHandling",
    ]

    /// The states one lane can move between; written as a switch so that a new state must be placed here.
    static func family(_ state: LaneState) -> String {
        switch state {
        case .app: "app"
        case .assertionOpen: "background task"
        case .request: "request"
        case .liveActivity: "Live Activity"
        case .push(.held): "pushes held"
        case .push(.handling): "push handler"
        case .transfer: "transfer"
        case .screen: "screen"
        case .power: "power"
        }
    }

    @Test func everyStateKeepsItsFormerLooks() {
        #expect(LaneState.allCases.count == Self.formerTable.count)
        for state in LaneState.allCases {
            let style = StateStyle.of(state)
            #expect(style.state == state)
            guard let former = Self.formerTable[state.name] else {
                Issue.record("\(state.name): not a state the reports drew before")
                continue
            }
            #expect(style.label == former.label, "\(state.name)")
            #expect(style.fill == former.fill, "\(state.name)")
            #expect(style.ink == former.ink, "\(state.name)")
            #expect(style.glyph == former.glyph, "\(state.name)")
            #expect(style.ansi == former.ansi, "\(state.name)")
            #expect(style.priority == former.priority, "\(state.name)")
            #expect(style.busy == Self.formerBusy.contains(state.name), "\(state.name)")
        }
    }

    @Test func everyStateHasADistinctNameAndStyle() {
        let states = LaneState.allCases
        #expect(Set(states).count == states.count)
        // Names are what Perfetto writes, labels what legends write: one state each.
        #expect(Set(states.map(\.name)).count == states.count)
        #expect(Set(states.map { StateStyle.of($0).label }).count == states.count)
        // Within one lane, states differ in colour and glyph, except the two launches, which share a
        // glyph on purpose (a launch is a launch in the terminal) and differ in colour.
        for family in Set(states.map(Self.family)) {
            let members = states.filter { Self.family($0) == family }
            let styles = members.map(StateStyle.of)
            #expect(Set(styles.map(\.fill)).count == members.count, "\(family): two states share a colour")
            let glyphs = styles.filter { $0.state != .app(.launchingBackground) }.map(\.glyph)
            #expect(Set(glyphs).count == glyphs.count, "\(family): two states share a glyph")
        }
        #expect(StateStyle.of(.app(.launchingBackground)).glyph == StateStyle.of(.app(.launchingForeground)).glyph)
    }

    @Test func progressOutsideItsTenthsIsDrawnAsItsNearestTenth() {
        // `progress(tenth:)` is documented 0 to 9; a value built by hand out of range still gets a style.
        #expect(StateStyle.of(.liveActivity(.progress(tenth: 12))).glyph == "9")
        #expect(StateStyle.of(.liveActivity(.progress(tenth: -1))).glyph == "0")
        #expect(LaneState.LiveActivity.progress(permille: -5) == .progress(tenth: 0))
        #expect(LaneState.LiveActivity.progress(permille: 100) == .progress(tenth: 1))
        #expect(LaneState.LiveActivity.progress(permille: 1200) == .done)
    }

    @Test func everyMarkKindHasADistinctStyleAndADefinedSymbol() {
        let styles = Lane.Mark.Kind.allCases.map(MarkStyle.of)
        #expect(styles.map(\.kind) == Lane.Mark.Kind.allCases)
        #expect(Set(styles.map(\.label)).count == styles.count)
        #expect(Set(styles.map(\.glyph)).count == styles.count)
        #expect(Set(styles.map(\.symbol)).count == styles.count)
        for style in styles {
            #expect(HTMLReport.definitions.contains("<g id=\"\(style.symbol)\">"), "no SVG symbol for \(style.kind)")
        }
        #expect(MarkStyle.of(.killed).priority > MarkStyle.of(.expiring).priority)
        #expect(MarkStyle.of(.expiring).priority > MarkStyle.of(.ended).priority)
    }

    @Test func everyGroupHasAHeading() {
        let headings = Lane.Group.allCases.map(\.heading)
        #expect(headings == ["App process", "Background tasks", "Scheduled tasks", "Live activities", "Silent pushes", "Background transfers", "Device"])
    }
}
