import SimulationKernel
import SimulationModel

/// The plausible values of each profile parameter Apple does not document: what ``FaultKind/assumedParameters`` draws from.
///
/// The profile holds one guess per assumed parameter (see
/// `PlatformProfile.parameters` and docs/system-policy.md); an app should
/// work for every value iOS might really use. Each range spans the
/// observations the guess came from, with a margin; docs/fuzzing.md lists
/// them with their reasons.
enum AssumedRanges {
    /// The range of one assumed parameter, and why.
    struct Range: Sendable, Hashable {
        /// The parameter.
        var key: PlatformProfile.Key
        /// The smallest value drawn, as the profile stores it (see ``ParameterOverride``).
        var lower: Int64
        /// The largest value drawn, as the profile stores it.
        var upper: Int64
        /// Why these bounds.
        var reason: String

        /// The range of a duration parameter.
        init(key: PlatformProfile.Key, lower: VirtualDuration, upper: VirtualDuration, reason: String) {
            self.init(key: key, stored: lower.nanoseconds...upper.nanoseconds, reason: reason)
        }

        /// The range of a count parameter.
        init(key: PlatformProfile.Key, counts: ClosedRange<Int64>, reason: String) {
            self.init(key: key, stored: counts, reason: reason)
        }

        private init(key: PlatformProfile.Key, stored: ClosedRange<Int64>, reason: String) {
            self.key = key
            self.lower = stored.lowerBound
            self.upper = stored.upperBound
            self.reason = reason
        }

        /// The range of a duration parameter; nil for a count.
        var durations: ClosedRange<VirtualDuration>? {
            PlatformProfile.info(key).unit == .duration ? .nanoseconds(lower) ... .nanoseconds(upper) : nil
        }

        /// The range of a count parameter; nil for a duration.
        var counts: ClosedRange<Int64>? {
            PlatformProfile.info(key).unit == .count ? lower...upper : nil
        }
    }

    /// One range per assumed parameter, in the order the planner draws them from (the profile's key order when
    /// the list was written, before parameters were grouped by feature): another order would change every
    /// campaign's plans.
    ///
    /// `refreshMinimumInterval` is not varied: it is also the threshold of
    /// BGS017, so another value would judge the app's request against
    /// another threshold rather than test the app.
    static let all: [Range] = [
        Range(key: .backgroundTimeBudget, lower: .seconds(15), upper: .seconds(60),
              reason: "about 30 s observed since iOS 13; Apple promises none and backgroundTimeRemaining varies"),
        Range(key: .expirationLead, lower: .seconds(2), upper: .seconds(10),
              reason: "Apple says \"shortly before\"; about 5 s observed"),
        Range(key: .launchDuration, lower: .milliseconds(100), upper: .seconds(2),
              reason: "warm to slow cold launches"),
        Range(key: .launchJitter, lower: .zero, upper: .milliseconds(500),
              reason: "launch times vary with the device's load"),
        Range(key: .suspensionDelay, lower: .zero, upper: .seconds(2),
              reason: "Apple says apps are suspended \"shortly after\" entering the background"),
        Range(key: .appRefreshRuntime, lower: .seconds(10), upper: .seconds(30),
              reason: "about 30 s by community consensus; the system may grant less"),
        Range(key: .processingRuntime, lower: .minutes(1), upper: .minutes(30),
              reason: "Apple says \"minutes\"; the maximum is undocumented"),
        Range(key: .taskExpirationGrace, lower: .seconds(1), upper: .seconds(10),
              reason: "the few seconds expiration handlers get"),
        Range(key: .processingIdleDelay, lower: .minutes(1), upper: .minutes(30),
              reason: "\"only when the device is idle\", with no number"),
        Range(key: .incompleteTaskPenalty, lower: .minutes(10), upper: .hours(4),
              reason: "the system schedules apps that do not complete tasks less; by how much is undocumented"),
        Range(key: .realisticRefreshDelay, lower: .hours(3), upper: .hours(12),
              reason: "half to twice the profile's guess"),
        Range(key: .realisticProcessingDelay, lower: .minutes(30), upper: .hours(2),
              reason: "half to twice the profile's guess"),
        Range(key: .realisticPredictionLead, lower: .minutes(15), upper: .hours(1),
              reason: "half to twice the profile's guess"),
        Range(key: .continuedProcessingConcurrency, counts: 1...4,
              reason: "\"the maximum level of concurrent tasks\" is unpublished"),
        Range(key: .continuedProgressSampleInterval, lower: .milliseconds(250), upper: .seconds(5),
              reason: "how often the system reads progress is undocumented"),
        Range(key: .continuedProgressStallLimit, lower: .seconds(15), upper: .seconds(60),
              reason: "about 30 s observed; Apple names no number"),
        Range(key: .continuedStallPromptDelay, lower: .seconds(5), upper: .seconds(30),
              reason: "when the Live Activity asks is undocumented"),
    ]

    /// The range of `key`, if it is assumed.
    static func range(of key: PlatformProfile.Key) -> Range? {
        all.first { $0.key == key }
    }
}
