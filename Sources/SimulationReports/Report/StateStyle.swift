/// How every report shows a lane state: words, colour, terminal glyph and priority.
///
/// Reports draw lanes generically (see ``Lane``), so these tables are the only
/// place a state's looks are decided: one per kind of lane, in its feature's
/// folder. They switch over ``LaneState`` exhaustively: a new state does not
/// compile until it has a style, so no state is ever drawn with a made-up one.
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

    /// A style of `state`.
    init(
        _ state: LaneState, _ label: String, _ fill: String, _ ink: String, _ glyph: Character, _ ansi: String, _ priority: Int,
        busy: Bool = false
    ) {
        self.state = state
        self.label = label
        self.fill = fill
        self.ink = ink
        self.glyph = glyph
        self.ansi = ansi
        self.priority = priority
        self.busy = busy
    }

    /// The style of a state: one line per lane kind, whose table lives in its feature's folder.
    static func of(_ state: LaneState) -> StateStyle {
        switch state {
        case .app(let app): of(app: app)
        case .assertionOpen: assertionOpen
        case .request(let request): of(request: request)
        case .liveActivity(let liveActivity): of(liveActivity: liveActivity)
        case .push(let push): of(push: push)
        case .transfer(let transfer): of(transfer: transfer)
        case .screen(let screen): of(screen: screen)
        case .power(let power): of(power: power)
        }
    }

    /// The device's screen.
    private static func of(screen: LaneState.Screen) -> StateStyle {
        switch screen {
        case .inUse: StateStyle(.screen(screen), "in use", "#bae6fd", "#0c4a6e", "▔", "36", 2)
        case .locked: StateStyle(.screen(screen), "locked", "#64748b", "#ffffff", "▁", "90", 1)
        }
    }

    /// The device's power.
    private static func of(power: LaneState.Power) -> StateStyle {
        switch power {
        case .charging: StateStyle(.power(power), "charging", "#84cc16", "#1a2e05", "+", "92", 2)
        case .onBattery: StateStyle(.power(power), "on battery", "#f1f5f9", "#334155", " ", "2", 1)
        case .lowPowerMode: StateStyle(.power(power), "Low Power Mode", "#fde047", "#422006", "-", "93", 3)
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
}
