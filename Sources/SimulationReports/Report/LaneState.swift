import SimulationModel

/// What a lane is doing during one of its segments: the state reports colour and name.
///
/// Every state a lane can be in is a case here, so the table of colours and
/// glyphs (`StateStyle`) switches over them exhaustively: a new state does not
/// compile until it has a style. Reports never compare state names; they
/// write ``name`` (the Perfetto `state` argument) and the style's words.
enum LaneState: Sendable, Hashable {
    /// An app process, in one of its states.
    case app(AppState.Name)
    /// A background task (`beginBackgroundTask`) between its begin and its end.
    case assertionOpen
    /// A refresh or processing request, waiting or with its task running.
    case request(Request)
    /// A continued processing task's Live Activity.
    case liveActivity(LiveActivity)
    /// A silent push: held by the rate limit, or its handler running.
    case push(Push)
    /// A background `URLSession` transfer, waiting or moving bytes.
    case transfer(Transfer)
    /// The device's screen.
    case screen(Screen)
    /// The device's power.
    case power(Power)

    /// Whether the screen is locked.
    enum Screen: String, Sendable, Hashable, CaseIterable {
        case inUse
        case locked
    }

    /// Where the device's power comes from.
    enum Power: String, Sendable, Hashable, CaseIterable {
        case charging
        case onBattery
        case lowPowerMode
    }

    /// Every state a lane can be in; a new case must be added here too, for the tests that check each has a style.
    static let allCases: [LaneState] =
        AppState.Name.allCases.map { .app($0) } + [.assertionOpen] + Request.allCases.map { .request($0) }
        + LiveActivity.allCases.map { .liveActivity($0) } + Push.allCases.map { .push($0) }
        + Transfer.allCases.map { .transfer($0) } + Screen.allCases.map { .screen($0) } + Power.allCases.map { .power($0) }

    /// The state's name, as reports write it: `foregroundActive`, `open`, `pending`, `progress3`, `progressDone`, `inUse`...
    var name: String {
        switch self {
        case .app(let state): state.rawValue
        case .assertionOpen: "open"
        case .request(let request): request.rawValue
        case .liveActivity(let liveActivity): liveActivity.name
        case .push(let push): push.name
        case .transfer(let transfer): transfer.name
        case .screen(let screen): screen.rawValue
        case .power(let power): power.rawValue
        }
    }
}
