import ScenarioFormat
import SimulationKernel
import SimulationModel
import Testing
@testable import SimulationExplorer

/// A plan applied to a scenario: timeline entries added with their notes, the timeline moved in order, parameters set.
@Suite struct FaultPlanApplyTests {
    @Test func theEmptyPlanIsTheScenarioAsWritten() throws {
        for name in ["save-on-background", "continued-progress-at-the-limit", "feed-refresh-week"] {
            let target = try sample(name)
            let plain = Simulation(scenario: target.scenario).run()
            let planned = try target.result(of: FaultPlan())
            #expect(planned.fingerprint == plain.fingerprint, "\(name)")
        }
    }

    @Test func faultsBecomeTimelineEntriesAfterTheScenariosOwnAtTheSameInstant() throws {
        let target = try sample("save-on-background")
        let plan = FaultPlan(faults: [
            Fault(at: .zero + 30 * second, kind: .memoryPressure), Fault(at: .zero, kind: .networkLoss), Fault(at: .zero + 30 * second, kind: .lowPowerMode),
        ])
        let timeline = try plan.applied(to: target.scenario).timeline
        #expect(timeline.map { VirtualDuration($0.at) } == [.zero, .zero, 5 * second, 30 * second, 30 * second, 30 * second, 300 * second])
        #expect(timeline.map(\.action.name) == [.launch, .conditions, .tap, .goHome, .memoryPressure, .conditions, .swipeAway].map(UserAction.Name.person))
        #expect(timeline[4].note == "fault: memoryPressure")
        // In the trace, each injected entry says it was injected.
        let result = try target.result(of: plan)
        let notes = result.events.compactMap { event -> String? in
            if case .person(.action(let action)) = event.record { return action.note } else { return nil }
        }
        #expect(notes.filter { $0.hasPrefix("fault: ") } == ["fault: networkLoss", "fault: memoryPressure", "fault: lowPowerMode"])
    }

    @Test func shiftsKeepTheTimelineInOrderAndWithinTheRun() throws {
        let scenario = try sample("save-on-background").scenario
        // Entry 1 (5s) moves past entry 2 (30s): it stops at 30s. Entry 0 cannot go before the start; 3 not past the end.
        let plan = FaultPlan(shifts: [
            TimelineShift(entry: 0, by: -second), TimelineShift(entry: 1, by: 40 * second), TimelineShift(entry: 3, by: 600 * second),
        ])
        let timeline = try plan.applied(to: scenario).timeline
        #expect(timeline.map { VirtualDuration($0.at) } == [.zero, 45 * second, 45 * second, 600 * second])
        #expect(timeline.map(\.action.name) == [.launch, .tap, .goHome, .swipeAway].map(UserAction.Name.person))
    }

    @Test func parametersAndChoicesChangeTheRun() throws {
        let target = try sample("save-on-background")
        let budget = try target.result(of: FaultPlan(parameters: [ParameterOverride(key: .backgroundTimeBudget, duration: 8 * second)]))
        let start = try #require(budget.events.first { if case .backgroundTime(.start) = $0.record { true } else { false } })
        guard case .backgroundTime(.start(let record)) = start.record else { return }
        #expect(record.budget == 8 * second)
        let slow = try target.result(of: FaultPlan(choices: [ChoiceOverride(name: "app.launchJitter", value: .max)]), recordsDecisions: true)
        #expect(slow.choices.filter { $0.label.name == "app.launchJitter" }.allSatisfy { $0.value == target.scenario.profile.launchJitter.nanoseconds })
        let once = try target.result(of: FaultPlan(choices: [ChoiceOverride(name: "app.workJitter", occurrence: 0, value: .min)]), recordsDecisions: true)
        #expect(once.choices.first { $0.label.name == "app.workJitter" }?.value == (-second).nanoseconds)
    }

    @Test("plans that do not fit their scenario are refused", arguments: [
        (FaultPlan(scenario: "another"), "made for scenario \"another\""),
        (FaultPlan(shifts: [TimelineShift(entry: 9, by: second)]), "entry 9 does not exist"),
        (FaultPlan(faults: [Fault(at: .zero + 3_600 * second, kind: .swipeAway)]), "after the scenario's stop time"),
        (FaultPlan(parameters: [ParameterOverride(key: .backgroundTimeBudget, duration: second)]), "must not exceed backgroundTimeBudget"),
        (FaultPlan(parameters: [ParameterOverride(key: .continuedProcessingConcurrency, count: 5_000)]), "from 0 to 1000"),
        (FaultPlan(parameters: [ParameterOverride(key: .continuedProgressSampleInterval, duration: .zero)]), "longer than 0s"),
    ])
    func misfits(plan: FaultPlan, message: String) throws {
        let scenario = try sample("save-on-background").scenario
        do {
            _ = try plan.applied(to: scenario)
            Issue.record("accepted \(plan.compactJSON)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func aSeededOrderAndItsDeviationsGiveTheSameRun() throws {
        let target = try sample("continued-progress-at-the-limit")
        for seed: UInt64 in 1...6 {
            let seeded = FaultPlan(ordering: .seeded(seed))
            let recorder = PlannedOrdering(.seeded(seed), records: true)
            let recorded = try target.outcome(of: seeded, ordering: recorder)
            let deviations = FaultPlan(ordering: .deviations(PlannedOrdering.deviations(of: recorder.questions)))
            #expect(try target.outcome(of: deviations).fingerprint == recorded.fingerprint, "seed \(seed)")
            #expect(try target.outcome(of: seeded).fingerprint == recorded.fingerprint, "seed \(seed)")
        }
    }
}
