import SimulationModel

/// The plausible values of each profile parameter Apple does not document: what ``FaultKind/assumedParameters`` draws from.
///
/// The profile holds one guess per assumed parameter (see
/// `PlatformProfile.parameters` and docs/system-policy.md); an app should
/// work for every value iOS might really use. Each range spans the
/// observations the guess came from, with a margin; docs/fuzzing.md lists
/// them with their reasons.
public enum AssumedRanges {
    /// The range of one assumed parameter, and why.
    public struct Range: Sendable, Hashable {
        /// The parameter.
        public var key: PlatformProfile.Key
        /// The smallest value drawn.
        public var lower: Int64
        /// The largest value drawn.
        public var upper: Int64
        /// Why these bounds.
        public var reason: String
    }

    private static let second: Int64 = 1_000_000_000
    private static let minute: Int64 = 60 * second
    private static let hour: Int64 = 60 * minute

    /// One range per assumed parameter, in the order the planner draws them from (the profile's key order when
    /// the list was written, before parameters were grouped by feature): another order would change every
    /// campaign's plans.
    ///
    /// `refreshMinimumInterval` is not varied: it is also the threshold of
    /// BGS017, so another value would judge the app's request against
    /// another threshold rather than test the app.
    public static let all: [Range] = [
        Range(key: .backgroundTimeBudget, lower: 15 * second, upper: 60 * second,
              reason: "about 30 s observed since iOS 13; Apple promises none and backgroundTimeRemaining varies"),
        Range(key: .expirationLead, lower: 2 * second, upper: 10 * second,
              reason: "Apple says \"shortly before\"; about 5 s observed"),
        Range(key: .launchDuration, lower: 100_000_000, upper: 2 * second,
              reason: "warm to slow cold launches"),
        Range(key: .launchJitter, lower: 0, upper: 500_000_000,
              reason: "launch times vary with the device's load"),
        Range(key: .suspensionDelay, lower: 0, upper: 2 * second,
              reason: "Apple says apps are suspended \"shortly after\" entering the background"),
        Range(key: .appRefreshRuntime, lower: 10 * second, upper: 30 * second,
              reason: "about 30 s by community consensus; the system may grant less"),
        Range(key: .processingRuntime, lower: minute, upper: 30 * minute,
              reason: "Apple says \"minutes\"; the maximum is undocumented"),
        Range(key: .taskExpirationGrace, lower: second, upper: 10 * second,
              reason: "the few seconds expiration handlers get"),
        Range(key: .processingIdleDelay, lower: minute, upper: 30 * minute,
              reason: "\"only when the device is idle\", with no number"),
        Range(key: .incompleteTaskPenalty, lower: 10 * minute, upper: 4 * hour,
              reason: "the system schedules apps that do not complete tasks less; by how much is undocumented"),
        Range(key: .realisticRefreshDelay, lower: 3 * hour, upper: 12 * hour,
              reason: "half to twice the profile's guess"),
        Range(key: .realisticProcessingDelay, lower: 30 * minute, upper: 2 * hour,
              reason: "half to twice the profile's guess"),
        Range(key: .realisticPredictionLead, lower: 15 * minute, upper: hour,
              reason: "half to twice the profile's guess"),
        Range(key: .continuedProcessingConcurrency, lower: 1, upper: 4,
              reason: "\"the maximum level of concurrent tasks\" is unpublished"),
        Range(key: .continuedProgressSampleInterval, lower: 250_000_000, upper: 5 * second,
              reason: "how often the system reads progress is undocumented"),
        Range(key: .continuedProgressStallLimit, lower: 15 * second, upper: 60 * second,
              reason: "about 30 s observed; Apple names no number"),
        Range(key: .continuedStallPromptDelay, lower: 5 * second, upper: 30 * second,
              reason: "when the Live Activity asks is undocumented"),
    ]

    /// The range of `key`, if it is assumed.
    public static func range(of key: PlatformProfile.Key) -> Range? {
        all.first { $0.key == key }
    }
}
