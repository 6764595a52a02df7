import SimulationKernel
import SimulationModel

/// The plausible values of each profile parameter Apple does not document: what ``FaultKind/assumedParameters`` draws from.
///
/// The profile holds one guess per assumed parameter (see
/// `PlatformProfile.parameters` and docs/system-policy.md); an app should
/// work for every value iOS might really use. Each range spans what sources
/// support, no further: every bound names its source, or says it is assumed
/// (``Range/lowerSource``, ``Range/upperSource``). docs/fuzzing.md and
/// docs/system-policy.md list them.
///
/// The ranges hold for both modelled profiles (iOS 17 and iOS 26: iOS 13 and later). The 180 s of background time
/// observed on iOS 7 to 12 would belong to a profile of those versions, which bgsim does not model.
///
/// Some parameters constrain each other (``bounds(of:in:)``): the background time left before the expiration handlers
/// run is at least ``minimumTimeBeforeExpiration``, and the Live Activity asks about a stalled task before the system
/// expires it.
enum AssumedRanges {
    /// The range of one assumed parameter, and why.
    struct Range: Sendable, Hashable {
        /// The parameter.
        var key: PlatformProfile.Key
        /// The smallest value drawn, as the profile stores it (see ``ParameterOverride``).
        var lower: Int64
        /// The largest value drawn, as the profile stores it.
        var upper: Int64
        /// Where the lower bound comes from: a source, or `assumed` and why.
        var lowerSource: String
        /// Where the upper bound comes from: a source, or `assumed` and why.
        var upperSource: String

        /// The range of a duration parameter.
        init(key: PlatformProfile.Key, lower: VirtualDuration, upper: VirtualDuration, lowerSource: String, upperSource: String) {
            self.init(key: key, stored: lower.nanoseconds...upper.nanoseconds, lowerSource: lowerSource, upperSource: upperSource)
        }

        /// The range of a count parameter.
        init(key: PlatformProfile.Key, counts: ClosedRange<Int64>, lowerSource: String, upperSource: String) {
            self.init(key: key, stored: counts, lowerSource: lowerSource, upperSource: upperSource)
        }

        private init(key: PlatformProfile.Key, stored: ClosedRange<Int64>, lowerSource: String, upperSource: String) {
            self.key = key
            self.lower = stored.lowerBound
            self.upper = stored.upperBound
            self.lowerSource = lowerSource
            self.upperSource = upperSource
        }

        /// Why these bounds: both sources, in one line.
        var reason: String {
            "lower bound: \(lowerSource); upper bound: \(upperSource)"
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

    /// The least background time before the expiration handlers run (`backgroundTimeBudget - expirationLead`), in
    /// every drawn combination.
    ///
    /// Assumed: about 25 s are observed (30 s less about 5 s); no source shows an app on iOS 13 or later warned after
    /// only a few seconds, and a shorter time made correct apps that save on leaving fail (trust findings C4).
    static let minimumTimeBeforeExpiration: VirtualDuration = .seconds(20)

    /// One range per assumed parameter, in the order the planner draws them from: another order would change every
    /// campaign's plans.
    ///
    /// Assumed parameters not varied: `refreshMinimumInterval` is also the
    /// threshold of BGS017, so another value would judge the app's request
    /// against another threshold rather than test the app; `pushMaxPerHour`
    /// is the threshold of the push throttle, whose model is its own question;
    /// the transfer rates only make downloads longer or shorter; the choices
    /// (`beginBackgroundTaskAfterExpiration`, `lowPowerModeRefusesSubmit`,
    /// `pushPriority10Policy`) are set by scenarios that study them.
    static let all: [Range] = [
        // About 30 s since iOS 13 (platform facts; Apple forums 391799, whose accepted reply's test task ran 30 s);
        // nothing supports more on iOS 13 and later (180 s was iOS 7-12), nor a few seconds.
        Range(key: .backgroundTimeBudget, lower: .seconds(25), upper: .seconds(30),
              lowerSource: "assumed: a little under the about 30 s observed; Apple promises no number",
              upperSource: "about 30 s observed on iOS 13 and later (Apple forums 391799); nothing supports more since iOS 13"),
        // Apple: the handler runs "shortly before" the time runs out (beginBackgroundTask(withName:expirationHandler:));
        // about 5 s observed by third parties. Drawn so that the budget less the lead stays >= 20 s.
        Range(key: .expirationLead, lower: .seconds(3), upper: .seconds(7),
              lowerSource: "assumed: about 5 s observed (third parties), Apple says \"shortly before\"",
              upperSource: "assumed: about 5 s observed (third parties); the budget less the lead stays at least 20 s"),
        Range(key: .launchDuration, lower: .milliseconds(100), upper: .seconds(2),
              lowerSource: "assumed: a warm launch",
              upperSource: "assumed: a slow cold launch, far below the launch watchdog; WWDC19 \"Optimizing App Launch\" aims at 400 ms"),
        Range(key: .launchJitter, lower: .zero, upper: .milliseconds(500),
              lowerSource: "assumed: no variation",
              upperSource: "assumed: launch times vary with the device's load; no source"),
        Range(key: .suspensionDelay, lower: .zero, upper: .seconds(2),
              lowerSource: "assumed: immediate, the profile's model",
              upperSource: "assumed: Apple says apps are suspended \"shortly after\" entering the background (\"Extending your app's background execution time\")"),
        // WWDC19 707 "Advances in App Background Execution": 30 s; Apple forums 780956: refreshes expired after 2-5 s.
        Range(key: .appRefreshRuntime, lower: .seconds(2), upper: .seconds(30),
              lowerSource: "Apple forums 780956: refresh tasks expired after 2 to 5 s",
              upperSource: "WWDC19 707 \"Advances in App Background Execution\": 30 s"),
        // BGProcessingTaskRequest: "can take minutes to complete"; WWDC19 707: "several minutes"; no maximum published.
        Range(key: .processingRuntime, lower: .minutes(3), upper: .minutes(30),
              lowerSource: "assumed: WWDC19 707 promises \"several minutes\" of runtime; BGProcessingTaskRequest: \"minutes\"",
              upperSource: "assumed: Apple publishes no maximum"),
        // Apple forums 85066 (Quinn): expiration handlers get a few seconds; setTaskCompleted(success:): not calling it
        // "before the time for the task expires may result in the system killing your app".
        Range(key: .taskExpirationGrace, lower: .seconds(2), upper: .seconds(5),
              lowerSource: "assumed: \"a few seconds\" for expiration handlers (Apple forums 85066)",
              upperSource: "assumed: \"a few seconds\" (Apple forums 85066), not more"),
        Range(key: .processingIdleDelay, lower: .minutes(1), upper: .minutes(30),
              lowerSource: "assumed: Apple says processing tasks run \"only when the device is idle\", with no number",
              upperSource: "assumed: no number is published"),
        Range(key: .incompleteTaskPenalty, lower: .minutes(10), upper: .hours(4),
              lowerSource: "assumed: BGTask.h says apps that do not complete tasks are scheduled less; by how much is undocumented",
              upperSource: "assumed: undocumented"),
        Range(key: .realisticRefreshDelay, lower: .hours(3), upper: .hours(12),
              lowerSource: "assumed: half the profile's guess (WWDC20 publishes no numbers)",
              upperSource: "assumed: twice the profile's guess"),
        Range(key: .realisticProcessingDelay, lower: .minutes(30), upper: .hours(2),
              lowerSource: "assumed: half the profile's guess",
              upperSource: "assumed: twice the profile's guess"),
        Range(key: .realisticPredictionLead, lower: .minutes(15), upper: .hours(1),
              lowerSource: "assumed: half the profile's guess",
              upperSource: "assumed: twice the profile's guess"),
        Range(key: .continuedProcessingConcurrency, counts: 1...4,
              lowerSource: "assumed: one task at a time; \"the maximum level of concurrent tasks\" is unpublished (SubmissionStrategy.queue)",
              upperSource: "assumed: unpublished"),
        Range(key: .continuedProgressSampleInterval, lower: .milliseconds(250), upper: .seconds(5),
              lowerSource: "assumed: how often the system reads progress is undocumented",
              upperSource: "assumed: undocumented"),
        // Apple forums 808756: a continued task failed after about 30 s without progress; DTS (forums 818623): no
        // fixed time limit, missing progress is the cause.
        Range(key: .continuedProgressStallLimit, lower: .seconds(25), upper: .seconds(60),
              lowerSource: "assumed: a little under the one observation, about 30 s without progress (Apple forums 808756)",
              upperSource: "assumed: twice that observation; DTS (Apple forums 818623) names no fixed limit"),
        // Drawn below the stall limit: the Live Activity asks about "possibly stuck tasks that a person can cancel"
        // ("Performing long-running tasks on iOS and iPadOS"), so before the system gives up on them.
        Range(key: .continuedStallPromptDelay, lower: .seconds(5), upper: .seconds(30),
              lowerSource: "assumed: when the Live Activity asks is undocumented",
              upperSource: "assumed: undocumented, and always below the stall limit"),
        // Apple documents no time for handleEventsForBackgroundURLSession; the profile assumes the 30 s of other
        // background launches (a silent push's handler has 30 s, Apple's didReceiveRemoteNotification doc).
        Range(key: .transferEventsBudget, lower: .seconds(20), upper: .seconds(30),
              lowerSource: "assumed: the least time other background windows keep before the system acts (minimumTimeBeforeExpiration)",
              upperSource: "assumed: the 30 s Apple gives a silent push's handler (application(_:didReceiveRemoteNotification:fetchCompletionHandler:)), as for other background launches"),
    ]

    /// The range of `key`, if it is assumed.
    static func range(of key: PlatformProfile.Key) -> Range? {
        all.first { $0.key == key }
    }

    /// The values `range`'s parameter may take when the others have their values in `profile`: the range, narrowed
    /// so that the budget less the lead stays at least ``minimumTimeBeforeExpiration`` and the stall prompt comes
    /// strictly before the stall limit; nil when nothing is left (a scenario that set the other parameter far
    /// outside its range).
    static func bounds(of range: Range, in profile: PlatformProfile) -> ClosedRange<Int64>? {
        var lower = range.lower
        var upper = range.upper
        switch range.key {
        case .backgroundTimeBudget:
            lower = max(lower, (profile[duration: .expirationLead] + minimumTimeBeforeExpiration).nanoseconds)
        case .expirationLead:
            upper = min(upper, (profile[duration: .backgroundTimeBudget] - minimumTimeBeforeExpiration).nanoseconds)
        case .continuedProgressStallLimit:
            lower = max(lower, profile[duration: .continuedStallPromptDelay].nanoseconds + 1)
        case .continuedStallPromptDelay:
            upper = min(upper, profile[duration: .continuedProgressStallLimit].nanoseconds - 1)
        default:
            break
        }
        return lower <= upper ? lower...upper : nil
    }

    /// The budgets `expireBackgroundTime` and exploration may give background time, with the expiration lead in
    /// `profile`: ``bounds(of:in:)`` of `backgroundTimeBudget`, and never below the lead itself.
    static func backgroundTimeBudgets(in profile: PlatformProfile) -> ClosedRange<VirtualDuration>? {
        guard let range = range(of: .backgroundTimeBudget), let bounds = bounds(of: range, in: profile) else { return nil }
        let lead = profile[duration: .expirationLead].nanoseconds
        guard bounds.upperBound >= lead else { return nil }
        return .nanoseconds(max(lead, bounds.lowerBound)) ... .nanoseconds(bounds.upperBound)
    }
}
