extension LaneState {
    /// What a continued processing task's Live Activity shows.
    enum LiveActivity: Sendable, Hashable {
        /// The request waits for a free slot.
        case queued
        /// The task has done `tenth` tenths of its work, from 0 to 9.
        case progress(tenth: Int)
        /// All its work is done.
        case done
        /// It asks the person whether the stalled task should continue.
        case asking

        /// The state of progress in thousandths (`fractionCompleted` × 1000): its tenth, or done at 1000.
        static func progress(permille: Int64) -> LiveActivity {
            permille >= 1000 ? .done : .progress(tenth: Int(max(0, permille) / 100))
        }

        /// The state's name, as reports write it: `queued`, `progress3`, `progressDone`, `asking`.
        var name: String {
            switch self {
            case .queued: "queued"
            case .progress(let tenth): "progress\(tenth)"
            case .done: "progressDone"
            case .asking: "asking"
            }
        }

        /// Every state a Live Activity lane can be in.
        static let allCases: [LiveActivity] = [.queued] + (0...9).map { .progress(tenth: $0) } + [.done, .asking]
    }
}

extension StateStyle {
    /// How every report shows a Live Activity's lane.
    static func of(liveActivity: LaneState.LiveActivity) -> StateStyle {
        let state = LaneState.liveActivity(liveActivity)
        switch liveActivity {
        case .queued:
            return StateStyle(state, "queued", "#ddd6fe", "#2e1065", "┄", "35", 1, busy: true)
        case .progress(let tenth):
            // Ten shades of blue, darker as the work advances; the digit is the tenth.
            let tenth = min(max(tenth, 0), 9)
            let progress = progressColours[tenth]
            return StateStyle(
                state, "\(tenth * 10)–\(tenth * 10 + 10)% done", progress.fill, progress.ink, Character(String(tenth)), "34", tenth + 2,
                busy: true)
        case .done:
            return StateStyle(state, "all done", "#16a34a", "#ffffff", "✓", "32", 12)
        case .asking:
            return StateStyle(state, "asks the person to continue", "#facc15", "#422006", "?", "93", 13, busy: true)
        }
    }

    /// The fill and ink of each tenth of a Live Activity's progress.
    private static let progressColours: [(fill: String, ink: String)] = [
        ("#dbeafe", "#1e3a8a"), ("#c7dcfb", "#1e3a8a"), ("#b3cef9", "#1e3a8a"), ("#9fbff6", "#1e3a8a"), ("#8bb1f3", "#172554"),
        ("#77a2f0", "#ffffff"), ("#6394ed", "#ffffff"), ("#4f85ea", "#ffffff"), ("#3b77e7", "#ffffff"), ("#2768e4", "#ffffff"),
    ]
}
