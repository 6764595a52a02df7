import SimulationKernel
import SimulationModel
import SimulationTesting
import Testing
@testable import SimulationExplorer

/// The push fault kinds: offered only where there are pushes, so other scenarios' campaigns draw what they drew before.
@Suite struct PushFaultTests {
    static let olderKinds = FaultKind.allCases.filter { !$0.needsPushes }

    @Test func aScenarioWithoutPushesGetsThePlansItGotBeforeThePushKinds() throws {
        let target = try sample("save-on-background")
        let all = Campaign(target: target, settings: CampaignSettings(seed: 4, runs: 60))
        let older = Campaign(target: target, settings: CampaignSettings(seed: 4, runs: 60, kinds: Self.olderKinds))
        for index in 0..<60 {
            #expect(try all.plan(ofRun: index) == older.plan(ofRun: index))
        }
    }

    @Test func aScenarioWithPushesGetsPushFaultsJustBeforeItsPushes() throws {
        let target = try sample("chat-push-burst-throttled")
        let campaign = Campaign(target: target, settings: CampaignSettings(seed: 4, runs: 80))
        let pushTimes: [VirtualInstant] = target.scenario.timeline.compactMap { entry in
            if case .push = entry.action { .zero + VirtualDuration(entry.at) } else { nil }
        }
        var seen: Set<FaultKind> = []
        for index in 1..<80 {
            for fault in try campaign.plan(ofRun: index).faults where fault.kind.needsPushes {
                seen.insert(fault.kind)
                #expect(pushTimes.contains { $0 > fault.at && $0 - fault.at <= .minutes(1) }, "\(fault)")
            }
        }
        #expect(seen == [.pushDropped, .pushDelayed])
    }

    @Test func theFaultsActOnTheNextPush() throws {
        let target = try sample("push-handler-too-slow")
        var plan = FaultPlan()
        plan.faults = [Fault(at: .zero + .seconds(599), kind: .pushDropped)]
        let dropped = try plan.simulation(of: target.scenario).run()
        #expect(dropped.events.filter { $0.kind == .push(.outcome) }.map { $0["outcome"]?.string } == ["dropped"])
        plan.faults = [Fault(at: .zero + .seconds(599), kind: .pushDelayed)]
        let delayed = try plan.simulation(of: target.scenario).run()
        let outcomes = delayed.events.filter { $0.kind == .push(.outcome) }
        #expect(outcomes.map { $0["outcome"]?.string } == ["held", "delivered"])
        #expect(outcomes.last?.time == VirtualInstant.zero + .seconds(600) + Fault.pushDelay)
    }
}
