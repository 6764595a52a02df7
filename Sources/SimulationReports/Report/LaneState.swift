import SimulationModel

/// What a lane is doing during one of its segments: the state reports colour and name.
///
/// Every state a lane can be in is a case here, so the table of colours and
/// glyphs (`StateStyle`) switches over them exhaustively: a new state does not
/// compile until it has a style. Reports never compare state names; they
/// write ``name`` (the Perfetto `state` argument) and the style's words.
public enum LaneState: Sendable, Hashable {
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

    /// Where a `BGTaskScheduler` request is.
    public enum Request: String, Sendable, Hashable, CaseIterable {
        /// Submitted, and its task not launched yet.
        case pending
        /// Its task was launched and has not ended.
        case running
    }

    /// What a continued processing task's Live Activity shows.
    public enum LiveActivity: Sendable, Hashable {
        /// The request waits for a free slot.
        case queued
        /// The task has done `tenth` tenths of its work, from 0 to 9.
        case progress(tenth: Int)
        /// All its work is done.
        case done
        /// It asks the person whether the stalled task should continue.
        case asking

        /// The state of progress in thousandths (`fractionCompleted` × 1000): its tenth, or done at 1000.
        public static func progress(permille: Int64) -> LiveActivity {
            permille >= 1000 ? .done : .progress(tenth: Int(max(0, permille) / 100))
        }

        /// Every state a Live Activity lane can be in.
        public static let allCases: [LiveActivity] = [.queued] + (0...9).map { .progress(tenth: $0) } + [.done, .asking]
    }

    /// Where a silent push is.
    public enum Push: String, Sendable, Hashable, CaseIterable {
        /// Throttled: the device holds it (the newest only).
        case held
        /// Delivered: the app's handler runs until it calls its completion handler.
        case handling
    }

    /// Where a background transfer is.
    public enum Transfer: String, Sendable, Hashable, CaseIterable {
        /// Waiting for its begin date, the network, or Wi-Fi and power.
        case waiting
        /// Moving bytes, out of the app's process.
        case running
    }

    /// Whether the screen is locked.
    public enum Screen: String, Sendable, Hashable, CaseIterable {
        case inUse
        case locked
    }

    /// Where the device's power comes from.
    public enum Power: String, Sendable, Hashable, CaseIterable {
        case charging
        case onBattery
        case lowPowerMode
    }

    /// Every state a lane can be in; a new case must be added here too, for the tests that check each has a style.
    public static let allCases: [LaneState] =
        AppState.Name.allCases.map { .app($0) } + [.assertionOpen] + Request.allCases.map { .request($0) }
        + LiveActivity.allCases.map { .liveActivity($0) } + Push.allCases.map { .push($0) }
        + Transfer.allCases.map { .transfer($0) } + Screen.allCases.map { .screen($0) } + Power.allCases.map { .power($0) }

    /// The state's name, as reports write it: `foregroundActive`, `open`, `pending`, `progress3`, `progressDone`, `inUse`...
    public var name: String {
        switch self {
        case .app(let state): state.rawValue
        case .assertionOpen: "open"
        case .request(let request): request.rawValue
        case .liveActivity(.queued): "queued"
        case .liveActivity(.progress(let tenth)): "progress\(tenth)"
        case .liveActivity(.done): "progressDone"
        case .liveActivity(.asking): "asking"
        case .push(let push): "push" + push.rawValue.prefix(1).uppercased() + push.rawValue.dropFirst()
        case .transfer(let transfer): "transfer" + transfer.rawValue.prefix(1).uppercased() + transfer.rawValue.dropFirst()
        case .screen(let screen): screen.rawValue
        case .power(let power): power.rawValue
        }
    }
}
