import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
@testable import SimulationModel
import Foundation
@testable import SimulationKernel
import Testing

/// The model's random decisions and same-instant orders go through the kernel's labelled seams.
@Suite struct ChoicePointModelTests {
    static func sample(_ name: String) throws -> Scenario {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Scenario.load(from: root.appendingPathComponent("Scenarios/\(name).json").path)
    }

    /// The trace without its first line, which names the seed.
    static func body(_ result: SimulationResult) -> [String] {
        result.events.dropFirst().map(\.jsonLine)
    }

    @Test func theSeedActsOnlyThroughChoicePoints() throws {
        // Replaying the recorded decisions under another seed gives the same run: nothing else draws from the seed.
        let scenario = try Self.sample("feed-refresh-week")
        let recorded = Simulation(scenario: scenario, seed: 11, options: hooked(recordsDecisions: true)).run()
        let labels = Set(recorded.choices.map(\.label.name))
        #expect(labels.isSuperset(of: ["policy.delayDraw", "app.launchJitter"]))
        let choices = recorded.choices
        let replayed = Simulation(scenario: scenario, seed: 12, options: hooked(choices: { ChoiceReplay(choices) })).run()
        #expect(Self.body(replayed) == Self.body(recorded))
        // And without the replay the other seed does change the run.
        #expect(Self.body(Simulation(scenario: scenario, seed: 12).run()) != Self.body(recorded))
    }

    /// Makes every launch as slow as the jitter allows.
    final class SlowLaunches: ChoiceStrategy {
        func value(at point: ChoicePoint, seeded: Int64) -> Int64 {
            point.label.name == "app.launchJitter" ? point.range.upperBound : seeded
        }
    }

    @Test func aStrategyOverridesOnlyItsOwnLabel() throws {
        let scenario = try Self.sample("save-on-background")
        let plain = Simulation(scenario: scenario).run()
        let slow = Simulation(scenario: scenario, options: hooked(choices: { SlowLaunches() }, recordsDecisions: true)).run()
        let profile = scenario.profile
        // didFinishLaunching starts at the launch instant plus the longest launch the profile allows.
        let launch = try #require(slow.events.first { if case .person(.action(let a)) = $0.record { a.action == .person(.launch) } else { false } })
        let started = try #require(slow.events.first {
            if case .app(.callback(let c)) = $0.record { c.callback == "didFinishLaunching" && c.phase == .started } else { false }
        })
        #expect(started.time - launch.time == profile[duration: .launchDuration] + profile[duration: .launchJitter])
        #expect(slow.choices.filter { $0.label.name == "app.launchJitter" }.allSatisfy { $0.value == profile[duration: .launchJitter].nanoseconds })
        #expect(plain.fingerprint != slow.fingerprint)
    }

    @Test func firstInFirstOutOrderingIsTheDefaultOrder() throws {
        for name in ["save-on-background", "continued-fail-beyond-limit", "database-cleanup-processing"] {
            let scenario = try Self.sample(name)
            let plain = Simulation(scenario: scenario).run()
            let fifo = Simulation(scenario: scenario, options: hooked(ordering: { FIFOOrdering() })).run()
            #expect(fifo.fingerprint == plain.fingerprint, "\(name)")
        }
    }

    @Test func aSeededOrderingIsDeterministicAndCanBeReplayed() throws {
        let scenario = try Self.sample("continued-fail-beyond-limit")
        var fingerprints: Set<String> = []
        for seed: UInt64 in 1...8 {
            let options = hooked(ordering: { SeededOrdering(seed: seed) }, recordsDecisions: true)
            let first = Simulation(scenario: scenario, options: options).run()
            let again = Simulation(scenario: scenario, options: options).run()
            #expect(first.fingerprint == again.fingerprint)
            let decisions = first.orderingDecisions
            let replay = Simulation(scenario: scenario, options: hooked(ordering: { OrderingReplay(decisions) })).run()
            #expect(replay.fingerprint == first.fingerprint)
            fingerprints.insert(first.fingerprint.description)
        }
        // Same-instant events exist in this scenario, so some orders must differ from others.
        #expect(fingerprints.count > 1)
    }

    @Test func everyEventTheModelSchedulesIsLabelled() throws {
        let scenario = try Self.sample("continued-photo-batch-stalled")
        let names = LabelNames()
        _ = Simulation(scenario: scenario, options: hooked(eventObserver: { names.add($0.label.name) })).run()
        #expect(!names.all.contains("unlabelled"), "\(names.all.sorted())")
        #expect(names.all.isSuperset(of: ["timeline.action", "app.launched", "liveActivity.sample", "scheduler.check"]))
    }
}

/// Collects label names from the observer (which runs on the simulation's thread).
final class LabelNames: @unchecked Sendable {
    private(set) var all: Set<String> = []
    func add(_ name: String) { all.insert(name) }
}

/// Options with the package's hooks set (a choice strategy, an ordering policy, decisions recorded, an event
/// observer), which users reach through SimulationExplorer's fault plans rather than `Simulation.Options`.
private func hooked(
    choices: (@Sendable () -> any ChoiceStrategy)? = nil, ordering: (@Sendable () -> any SameInstantOrdering)? = nil,
    recordsDecisions: Bool = false, eventObserver: (@Sendable (ScheduledEvent) -> Void)? = nil
) -> Simulation.Options {
    var options = Simulation.Options()
    options.choices = choices
    options.ordering = ordering
    options.recordsDecisions = recordsDecisions
    options.eventObserver = eventObserver
    return options
}
