import SimulationKernel
@testable import SimulationModel
import Testing
@testable import SimulationExplorer

/// What campaigns draw stays within what sources support (AssumedRanges), and a replayed plan is never re-drawn.
@Suite struct AssumedRangesTests {
    /// The sample scenarios whose plans are drawn: background time, BGTasks and continued tasks among them.
    static let scenarios = ["save-on-background", "refresh-expires-while-saving", "continued-progress-at-the-limit", "database-cleanup-processing"]

    /// The profile a plan's run uses: the scenario's, with the plan's parameters.
    static func profile(of plan: FaultPlan, in target: ExplorationTarget) -> PlatformProfile {
        var profile = target.scenario.profile
        for parameter in plan.parameters { profile[parameter.key] = parameter.value }
        return profile
    }

    @Test func everyRangeHoldsTheProfilesGuessAndSaysWhereEachBoundComesFrom() {
        #expect(Set(AssumedRanges.all.map(\.key)).count == AssumedRanges.all.count, "one range per parameter")
        for range in AssumedRanges.all {
            #expect(range.lower <= range.upper, "\(range.key)")
            #expect(PlatformProfile.info(range.key).isAssumed, "\(range.key) is documented: it is not drawn")
            for name in PlatformProfile.Name.allCases {
                let guess = PlatformProfile(name)[range.key]
                #expect((range.lower...range.upper).contains(guess), "\(name)'s \(range.key) lies outside its range")
            }
            for source in [range.lowerSource, range.upperSource] {
                // A source is cited (an Apple document, a forum thread, a session) or the bound says it is assumed.
                #expect(source.hasPrefix("assumed") || source.contains("Apple") || source.contains("WWDC"), "\(range.key): \(source)")
            }
        }
    }

    @Test func theRangesAreTheOnesSourcesSupport() throws {
        func durations(_ key: PlatformProfile.Key) throws -> ClosedRange<VirtualDuration> {
            try #require(AssumedRanges.range(of: key)?.durations)
        }
        #expect(try durations(.backgroundTimeBudget) == .seconds(25) ... .seconds(30))
        #expect(try durations(.expirationLead) == .seconds(3) ... .seconds(7))
        #expect(try durations(.appRefreshRuntime) == .seconds(2) ... .seconds(30))
        #expect(try durations(.processingRuntime) == .minutes(3) ... .minutes(30))
        #expect(try durations(.taskExpirationGrace) == .seconds(2) ... .seconds(5))
        #expect(try durations(.continuedProgressStallLimit) == .seconds(25) ... .seconds(60))
        #expect(try durations(.transferEventsBudget) == .seconds(20) ... .seconds(30))
        #expect(AssumedRanges.minimumTimeBeforeExpiration == .seconds(20))
        #expect(AssumedRanges.range(of: .refreshMinimumInterval) == nil, "the threshold of BGS017 is not varied")
    }

    @Test func theConstraintsNarrowEachParameterGivenTheOther() throws {
        let budget = try #require(AssumedRanges.range(of: .backgroundTimeBudget))
        let lead = try #require(AssumedRanges.range(of: .expirationLead))
        let stall = try #require(AssumedRanges.range(of: .continuedProgressStallLimit))
        let prompt = try #require(AssumedRanges.range(of: .continuedStallPromptDelay))
        var profile = PlatformProfile(.iOS26)
        profile[duration: .expirationLead] = .seconds(7)
        #expect(AssumedRanges.bounds(of: budget, in: profile) == VirtualDuration.seconds(27).nanoseconds...VirtualDuration.seconds(30).nanoseconds)
        profile[duration: .backgroundTimeBudget] = .seconds(25)
        #expect(AssumedRanges.bounds(of: lead, in: profile) == VirtualDuration.seconds(3).nanoseconds...VirtualDuration.seconds(5).nanoseconds)
        profile[duration: .continuedProgressStallLimit] = .seconds(12)
        #expect(AssumedRanges.bounds(of: prompt, in: profile)?.upperBound == VirtualDuration.seconds(12).nanoseconds - 1)
        profile[duration: .continuedStallPromptDelay] = .seconds(29)
        #expect(AssumedRanges.bounds(of: stall, in: profile)?.lowerBound == VirtualDuration.seconds(29).nanoseconds + 1)
        // A scenario's own budget of 10 s leaves no plausible lead: none is drawn.
        profile[duration: .backgroundTimeBudget] = .seconds(10)
        #expect(AssumedRanges.bounds(of: lead, in: profile) == nil)
    }

    /// Over many runs and seeds: every drawn value lies in its range, the background time before the expiration
    /// handlers is never under 20 s, and the stall prompt comes before the stall limit.
    @Test(arguments: scenarios)
    func everyDrawnValueIsWithinItsRange(scenario: String) throws {
        let target = try sample(scenario)
        var drawn: Set<PlatformProfile.Key> = []
        for seed: UInt64 in [1, 2, 77] {
            let planner = try Campaign(target: target, settings: CampaignSettings(seed: seed, runs: 400, kinds: [.assumedParameters, .expireBackgroundTime])).planner()
            for index in 1..<400 {
                let plan = planner.plan(index: index)
                for parameter in plan.parameters {
                    let range = try #require(AssumedRanges.range(of: parameter.key))
                    #expect((range.lower...range.upper).contains(parameter.value), "run \(index): \(parameter.description)")
                    drawn.insert(parameter.key)
                }
                let profile = Self.profile(of: plan, in: target)
                #expect(profile[duration: .backgroundTimeBudget] - profile[duration: .expirationLead] >= AssumedRanges.minimumTimeBeforeExpiration,
                        "run \(index): \(plan.compactJSON)")
                #expect(profile[duration: .continuedStallPromptDelay] < profile[duration: .continuedProgressStallLimit], "run \(index): \(plan.compactJSON)")
                _ = try plan.applied(to: target.scenario)
            }
        }
        #expect(drawn.count == AssumedRanges.all.count, "some ranges were never drawn: \(Set(AssumedRanges.all.map(\.key)).subtracting(drawn))")
    }

    /// `expireBackgroundTime` moves the expiration within the budget's range: 20 to 25 s after the app leaves with
    /// the default lead, never a few seconds (trust findings C4).
    @Test func expiringBackgroundTimeKeepsTheBudgetWithinItsRange() throws {
        let target = try sample("save-on-background")
        let planner = try Campaign(target: target, settings: CampaignSettings(seed: 3, runs: 300, kinds: [.expireBackgroundTime])).planner()
        var budgets: Set<VirtualDuration> = []
        for index in 1..<300 {
            let plan = planner.plan(index: index)
            let budget = try #require(plan.parameters.first { $0.key == .backgroundTimeBudget }?.duration, "run \(index) sets the budget")
            #expect((VirtualDuration.seconds(25) ... .seconds(30)).contains(budget), "run \(index): \(DurationText.exact(budget))")
            budgets.insert(budget)
        }
        #expect(budgets.count > 10, "the expiration moves within the range")
    }

    @Test func explorationOnlyTriesBudgetsSourcesSupport() throws {
        for name in Self.scenarios {
            let plans = try Exploration(target: try sample(name)).faultPlans()
            for plan in plans {
                for parameter in plan.parameters {
                    #expect(parameter.key == .backgroundTimeBudget)
                    let budget = try #require(parameter.duration)
                    #expect((VirtualDuration.seconds(25) ... .seconds(30)).contains(budget), "\(name): \(parameter.description)")
                }
            }
        }
    }

    /// The draw is the project's own seeded generator: the same plans in every run of the test, and the plans of a
    /// campaign do not depend on which runs were drawn before.
    @Test func theDrawIsDeterministic() throws {
        let target = try sample("save-on-background")
        let settings = CampaignSettings(seed: 9, runs: 200, kinds: [.assumedParameters, .expireBackgroundTime])
        let first = try Campaign(target: target, settings: settings).planner()
        let second = try Campaign(target: target, settings: settings).planner()
        let forward = (1..<200).map { first.plan(index: $0).compactJSON }
        let backward = (1..<200).reversed().map { second.plan(index: $0).compactJSON }
        #expect(forward == backward.reversed())
        // Two runs of one campaign in two processes draw the same plans: FuzzCrossProcessTests compares whole results.
        #expect(try Campaign(target: target, settings: settings).plan(ofRun: 17).compactJSON == forward[16])
    }

    /// A plan naming a value outside its range (written by hand, or by an older bgsim) replays as written: the range
    /// is for drawing, never for replaying.
    @Test func aPlanOutsideTheRangesReplaysExactly() throws {
        let target = try sample("save-on-background")
        let plan = try FaultPlan(json: #"{"format":1,"parameters":{"backgroundTimeBudget":"8.54s","processingRuntime":"1m"},"scenario":"save-on-background"}"#)
        let first = try target.result(of: plan)
        let start = try #require(first.events.first { if case .backgroundTime(.start) = $0.record { true } else { false } })
        guard case .backgroundTime(.start(let record)) = start.record else { return }
        #expect(record.budget == .milliseconds(8_540))
        #expect(first.profile[duration: .processingRuntime] == .minutes(1))
        #expect(traceLines(first) == traceLines(try target.result(of: plan)))
    }

    /// A stored value as the docs write it: `25 s`, `100 ms`, `3 min`, `4 h`, or a count.
    static func text(_ value: Int64, of key: PlatformProfile.Key) -> String {
        guard PlatformProfile.info(key).unit == .duration else { return "\(value)" }
        for (unit, name) in [(VirtualDuration.hours(1), "h"), (.minutes(1), "min"), (.seconds(1), "s")]
        where value >= unit.nanoseconds && value % unit.nanoseconds == 0 {
            return "\(value / unit.nanoseconds) \(name)"
        }
        return "\(value / VirtualDuration.milliseconds(1).nanoseconds) ms"
    }

    /// docs/fuzzing.md and docs/system-policy.md list every range as the code draws it, with the profile's value.
    @Test func theDocsListEveryRange() throws {
        let fuzzing = try String(contentsOf: packageRoot.appendingPathComponent("docs/fuzzing.md"), encoding: .utf8).split(separator: "\n")
        let policy = try String(contentsOf: packageRoot.appendingPathComponent("docs/system-policy.md"), encoding: .utf8).split(separator: "\n")
        for range in AssumedRanges.all {
            let bounds = "\(Self.text(range.lower, of: range.key)) – \(Self.text(range.upper, of: range.key))"
            let row = try #require(fuzzing.first { $0.hasPrefix("| \(range.key.rawValue) |") }, "docs/fuzzing.md lists \(range.key)")
            #expect(row.hasPrefix("| \(range.key.rawValue) | \(bounds)"), "docs/fuzzing.md: \(row)")
            let guess = Self.text(PlatformProfile(.iOS26)[range.key], of: range.key)
            let policyRow = try #require(policy.first { $0.hasPrefix("| \(range.key.rawValue) |") }, "docs/system-policy.md lists \(range.key)")
            #expect(policyRow.hasPrefix("| \(range.key.rawValue) | \(guess) | \(bounds)"), "docs/system-policy.md: \(policyRow)")
        }
    }
}
