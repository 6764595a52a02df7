import SimulationKernel
import SimulationTesting
import Testing
@testable import SimulationExplorer

/// Campaign results follow from the campaign seed and the run indices alone: the same for any number of jobs and any split into shards.
@Suite struct CampaignDeterminismTests {
    @Test func runSeedsAreSplitMix64OfTheCampaignSeedAndTheIndex() {
        // The first outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
        #expect(RunSeeds.seed(campaign: 0, index: 0) == 0xE220_A839_7B1D_CDAF)
        #expect(RunSeeds.seed(campaign: 0, index: 1) == 0x6E78_9E6A_A1B9_65F4)
        #expect(RunSeeds.seed(campaign: 0, index: 2) == 0x06C4_5D18_8009_454F)
        #expect(RunSeeds.seed(campaign: 1, index: 0) != RunSeeds.seed(campaign: 2, index: 0))
    }

    @Test func runZeroIsTheScenarioAndEveryPlanIsDrawnFromItsOwnSeed() throws {
        let campaign = Campaign(target: try sample("save-on-background"), settings: CampaignSettings(seed: 9, runs: 50))
        #expect(try campaign.plan(ofRun: 0).isEmpty)
        var plans: [FaultPlan] = []
        for index in 1..<50 { plans.append(try campaign.plan(ofRun: index)) }
        #expect(plans.allSatisfy { !$0.isEmpty })
        // Asking again, in another order, gives the same plans.
        for index in (1..<50).reversed() { #expect(try campaign.plan(ofRun: index) == plans[index - 1]) }
        #expect(Set(plans.map(\.compactJSON)).count > 40)
    }

    @Test("one job and two give the same result", arguments: ["refresh-expires-while-saving", "continued-progress-at-the-limit", "save-on-background"])
    func jobsDoNotChangeTheResult(name: String) throws {
        let campaign = Campaign(target: try sample(name), settings: CampaignSettings(seed: 3, runs: 150))
        let one = campaign.run(jobs: 1)
        let two = campaign.run(jobs: 2)
        let three = campaign.run(jobs: 3)
        #expect(one == two)
        #expect(one == three)
        #expect(one.json.rendered() == two.json.rendered())
        #expect(one.runs == 150)
    }

    @Test("merged shards give the whole campaign, byte for byte", arguments: [2, 3])
    func shardsMergeIntoTheWhole(count: Int) throws {
        let campaign = Campaign(target: try sample("refresh-expires-while-saving"), settings: CampaignSettings(seed: 5, runs: 120))
        let whole = campaign.run(jobs: 2)
        var parts = (1...count).map { campaign.run(jobs: 1, shard: Shard(index: $0, count: count)) }
        #expect(parts.map(\.runs).reduce(0, +) == 120)
        // Through the files --output writes and --merge reads, in any order.
        parts.reverse()
        let files = parts.map { CampaignResult.document([$0], tool: "bgsim fuzz").rendered() }
        let read = try files.flatMap { try CampaignResult.campaigns(inDocument: $0) }
        let merged = try CampaignResult.merged(read)
        #expect(merged.json.rendered() == whole.json.rendered())
        #expect(merged.shard == nil)
    }

    @Test func aPartialMergeSaysItIsAShard() throws {
        let campaign = Campaign(target: try sample("save-on-background"), settings: CampaignSettings(runs: 30, shrinks: false))
        let merged = try CampaignResult.merged([campaign.run(shard: Shard(index: 1, count: 3)), campaign.run(shard: Shard(index: 3, count: 3))])
        #expect(merged.shard == Shard(index: 1, count: 3))
        #expect(merged.runs == 20)
    }

    @Test func mergingRefusesMismatchedParts() throws {
        let target = try sample("save-on-background")
        let a = Campaign(target: target, settings: CampaignSettings(seed: 1, runs: 20, shrinks: false)).run(shard: Shard(index: 1, count: 2))
        let b = Campaign(target: target, settings: CampaignSettings(seed: 2, runs: 20, shrinks: false)).run(shard: Shard(index: 2, count: 2))
        #expect(throws: FaultPlanError.self) { try CampaignResult.merged([a, b]) }
        #expect(throws: FaultPlanError.self) { try CampaignResult.merged([a, a]) }
        let whole = Campaign(target: target, settings: CampaignSettings(runs: 20, shrinks: false)).run()
        #expect(throws: FaultPlanError.self) { try CampaignResult.merged([whole]) }
        // Judged otherwise (--fail-on): another campaign.
        let strictTarget = ExplorationTarget(scenario: target.scenario, path: target.path, failOn: .error)
        let c = Campaign(target: strictTarget, settings: CampaignSettings(seed: 1, runs: 20, shrinks: false)).run(shard: Shard(index: 2, count: 2))
        #expect(throws: FaultPlanError.self) { try CampaignResult.merged([a, c]) }
    }

    @Test func theResultFileReadsBackAsWritten() throws {
        let result = Campaign(target: try sample("refresh-expires-while-saving"), settings: CampaignSettings(runs: 80)).run(jobs: 2)
        #expect(result.foundFailure)
        let read = try CampaignResult.campaigns(inDocument: CampaignResult.document([result], tool: "bgsim fuzz").rendered())
        #expect(read == [result])
        // A result says how it was judged; a file without it is refused, not read as today's default.
        let strict = Campaign(target: ExplorationTarget(scenario: try sample("refresh-expires-while-saving").scenario, failOn: .warning),
                              settings: CampaignSettings(runs: 10, shrinks: false)).run()
        #expect(try CampaignResult.campaigns(inDocument: CampaignResult.document([strict], tool: "bgsim fuzz").rendered()).first?.failOn == .warning)
        let without = CampaignResult.document([result], tool: "bgsim fuzz").rendered().replacingOccurrences(of: #""failOn": "app-bug","#, with: "")
        #expect(throws: FaultPlanError.self) { try CampaignResult.campaigns(inDocument: without) }
    }

    @Test func aTimeBudgetStopsAtABatchAndKeepsWhatWasRun() throws {
        let campaign = Campaign(target: try sample("save-on-background"), settings: CampaignSettings(runs: 2_000, shrinks: false))
        let stopped = campaign.run(jobs: 2, shouldStop: { true })
        #expect(stopped.stoppedEarly)
        #expect(stopped.runs == 512)
        // What was run is exactly the first runs of the campaign.
        let prefix = Campaign(target: try sample("save-on-background"), settings: CampaignSettings(runs: 512, shrinks: false)).run()
        #expect(stopped.digest == prefix.digest)
    }
}
