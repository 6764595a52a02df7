import SimulationKernel
import Testing
@testable import SimulationExplorer

/// The two sample scenarios whose bug only fuzzing or exploration finds: found within a stated number of runs,
/// shrunk to at most two faults, and quiet when run as written.
@Suite struct SampleBugTests {
    /// A campaign finds the expiration during the save within 200 runs, whatever its seed.
    @Test("fuzzing finds the refresh that completes twice within 200 runs", arguments: 1...10 as ClosedRange<UInt64>)
    func refreshCompletesTwice(seed: UInt64) throws {
        let target = try sample("refresh-expires-while-saving")
        #expect(try target.outcome(of: FaultPlan()).passed, "the scenario as written must pass")
        let result = Campaign(target: target, settings: CampaignSettings(seed: seed, runs: 200)).run(jobs: 2)
        let group = try #require(result.failures.first { $0.signature == FailureSignature(.rule, "BGS016") })
        let shrunk = try #require(group.shrunk)
        #expect(shrunk.plan.faultCount <= 2, "\(shrunk.plan.lines)")
        #expect(shrunk.plan.faults.contains { $0.kind == .expireTask && $0.identifier == "com.example.news.refresh" })
    }

    /// A campaign finds the progress that rises exactly at the stall limit within 50 runs, whatever its seed.
    @Test("fuzzing finds the progress at the stall limit within 50 runs", arguments: 1...10 as ClosedRange<UInt64>)
    func progressAtTheLimit(seed: UInt64) throws {
        let target = try sample("continued-progress-at-the-limit")
        #expect(try target.outcome(of: FaultPlan()).passed, "the scenario as written must pass")
        let result = Campaign(target: target, settings: CampaignSettings(seed: seed, runs: 50)).run(jobs: 2)
        let group = try #require(result.failures.first { $0.signature == FailureSignature(.rule, "BGS027") })
        let shrunk = try #require(group.shrunk)
        #expect(shrunk.plan.faultCount <= 2, "\(shrunk.plan.lines)")
    }

    @Test func theShrunkRefreshPlanIsOneExpirationJustAfterTheFetch() throws {
        let result = Campaign(target: try sample("refresh-expires-while-saving"), settings: CampaignSettings(seed: 1, runs: 200)).run(jobs: 2)
        let group = try #require(result.failures.first { $0.signature.id == "BGS016" })
        // The refresh starts at 31m and fetches for 4 s: the save runs from 31m4s to 31m4.5s.
        let fault = try #require(group.shrunk?.plan.faults.first)
        #expect(group.shrunk?.plan.faultCount == 1)
        #expect((.zero + 1_864 * second + .nanoseconds(1) ... .zero + 1_864 * second + .milliseconds(500)).contains(fault.at), "\(DurationText.exact(fault.at))")
    }

    @Test func explorationFindsBothWithOneChangeEach() throws {
        let refresh = Exploration(target: try sample("refresh-expires-while-saving")).run(jobs: 2)
        #expect(refresh.exhausted == true)
        let completedTwice = try #require(refresh.failures.first { $0.signature.id == "BGS016" })
        #expect(completedTwice.shrunk?.plan.faultCount == 1)

        let progress = Exploration(target: try sample("continued-progress-at-the-limit"), maximumSchedules: 300).run(jobs: 2)
        let stalled = try #require(progress.failures.first { $0.signature.id == "BGS027" })
        let shrunk = try #require(stalled.shrunk)
        #expect(shrunk.plan.faultCount == 1)
        guard case .deviations(let deviations) = shrunk.plan.ordering else {
            Issue.record("the race is an order of same-instant events: \(shrunk.plan.lines)")
            return
        }
        #expect(deviations == [OrderingDeviation(run: "liveActivity.sample(1)", before: "app.workDone(1)", occurrence: 2)])
        #expect(progress.runs == 300)
        #expect(progress.exhausted == false)
    }
}
