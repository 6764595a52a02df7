import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Synchronization
import Testing

/// The same scenario and seed give the same trace, byte for byte, however the run is observed.
@Suite struct DeterminismTests {
    /// A scenario with randomness in it: launch jitter and work jitter, and a bug or two.
    static func busyDay(seed: UInt64 = 4) -> Scenario {
        scenario(
            name: "busy-day", seed: seed,
            actions: [
                "edit": [.work(duration: seconds(2), jitter: seconds(1), changesState: true)],
                "sync": [
                    begin("t", name: "Sync", onExpiration: .steps([.dispatchMain(delay: .zero, steps: [.endBackgroundTask(variable: nil)])])),
                    .async([.work(duration: seconds(20), jitter: seconds(15), changesState: true),
                            .save(checkpoint: "sync", duration: milliseconds(300)), end("t")]),
                ],
            ],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [
                at(0, .launch), at(3, .tap(action: "edit")), at(10, .goHome), at(12, .returnToApp), at(14, .goHome),
                at(60, .launch), at(61, .tap(action: "edit")), at(70, .lock), at(200, .swipeAway),
            ])
    }

    @Test func sameScenarioAndSeedGiveTheSameTrace() {
        let first = Simulation(scenario: Self.busyDay()).run()
        let second = Simulation(scenario: Self.busyDay()).run()
        #expect(first.fingerprint == second.fingerprint)
        #expect(first.events == second.events)
        #expect(first.events.map(\.jsonLine) == second.events.map(\.jsonLine))
        #expect(first.diagnostics == second.diagnostics)
        #expect(first.terminations == second.terminations)
        #expect(first.saved == second.saved)
        #expect(first.eventCount == first.events.count)
        #expect(first.events.count > 50)
    }

    @Test func theSeedArgumentReplacesTheScenarioSeed() {
        let overridden = Simulation(scenario: Self.busyDay(seed: 4), seed: 9).run()
        let native = Simulation(scenario: Self.busyDay(seed: 9)).run()
        #expect(overridden.seed == 9)
        #expect(overridden.fingerprint == native.fingerprint)
    }

    @Test func aDifferentSeedChangesTheLaunchInstantAndTheFingerprint() throws {
        let one = Simulation(scenario: Self.busyDay(seed: 1)).run()
        let two = Simulation(scenario: Self.busyDay(seed: 2)).run()
        let launchOne = try #require(one.time(enteringState: "foregroundActive"))
        let launchTwo = try #require(two.time(enteringState: "foregroundActive"))
        #expect(launchOne != launchTwo)
        #expect(one.fingerprint != two.fingerprint)
        #expect(one.events(.run(.start)).first?["seed"]?.string == "1")
        #expect(two.events(.run(.start)).first?["seed"]?.string == "2")
    }

    @Test func discardingTheTraceKeepsTheFingerprint() {
        let kept = Simulation(scenario: Self.busyDay(), options: .init(retention: .keep)).run()
        let discarded = Simulation(scenario: Self.busyDay(), options: .init(retention: .discard)).run()
        #expect(discarded.events.isEmpty)
        #expect(discarded.eventCount == kept.eventCount)
        #expect(discarded.fingerprint == kept.fingerprint)
        #expect(discarded.diagnostics == kept.diagnostics)
        #expect(discarded.terminations == kept.terminations)
        #expect(discarded.finalState == kept.finalState)
    }

    @Test(arguments: [TraceRecorder.Retention.keep, .discard])
    func theTraceSinkReceivesExactlyTheTraceLines(retention: TraceRecorder.Retention) {
        let lines = Log<String>()
        let streamed = Simulation(
            scenario: Self.busyDay(), options: .init(retention: retention, traceSink: { lines.append($0) })).run()
        let reference = Simulation(scenario: Self.busyDay()).run()
        #expect(lines.all == reference.events.map(\.jsonLine))
        #expect(streamed.fingerprint == reference.fingerprint)
    }

    @Test func theFingerprintIsFNV1aOverTheLines() {
        let result = Simulation(scenario: Self.busyDay()).run()
        var fingerprint = Fingerprint()
        for event in result.events {
            fingerprint.combine(event.jsonLine)
            fingerprint.combine("\n")
        }
        #expect(fingerprint == result.fingerprint)
        #expect(result.fingerprint.description.count == 16)
    }

    @Test func traceLinesAreCanonical() throws {
        let result = Simulation(scenario: Self.busyDay()).run()
        #expect(result.events.enumerated().allSatisfy { $0.offset == $0.element.sequence })
        #expect(zip(result.events, result.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        let first = try #require(result.events.first)
        #expect(first.kind == .run(.start))
        #expect(first.jsonLine.hasPrefix("{\"bundleIdentifier\":\"com.example.test\",\"kind\":\"run.start\","))
        #expect(result.events.last?.kind == .run(.end))
        #expect(result.events.last?.time == minutes(10))
        for event in result.events {
            let keys = event.fields.map(\.key)
            #expect(keys == keys.sorted())
            #expect(!event.jsonLine.contains(" \""))
        }
    }

    @Test func aSimulationRunsOnlyOnceButItsScenarioCanBeRunAgain() {
        let scenario = Self.busyDay()
        let results = (0..<3).map { _ in Simulation(scenario: scenario).run().fingerprint }
        #expect(Set(results).count == 1)
    }
}
