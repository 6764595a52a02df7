import BackgroundSimulation
import Foundation
import ScenarioFormat
import SimulationKernel
import SimulationModel
import Testing

/// Serial queues in the scenario format (issue 11): `dispatchAsync` and `dispatchSync` onto a named queue, so a
/// blocked expiration handler is written as apps write it (`databaseQueue.sync { }`).
@Suite struct SerialQueueFormatTests {
    static func run(_ actions: String, timeline: String = #"[{ "at": "0s", "action": "launch" }, { "at": "1s", "action": "tap", "run": "go" }]"#) throws -> SimulationResult {
        let json = AppStateFormatTests.file(app: #""actions": { \#(actions) }"#, timeline: timeline)
        return Simulation(scenario: try AppStateFormatTests.decode(json)).run()
    }

    static func logTimes(_ result: SimulationResult) -> [String: Int64] {
        var times: [String: Int64] = [:]
        for event in result.events(.app(.log)) {
            if let message = event["message"]?.string { times[message] = event.time.nanoseconds }
        }
        return times
    }

    @Test func blocksOnOneQueueRunOneAfterTheOther() throws {
        let result = try Self.run(#"""
            "go": [
              { "step": "dispatchAsync", "queue": "db", "steps": [ { "step": "work", "duration": "10s", "changesState": false }, { "step": "log", "message": "first" } ] },
              { "step": "dispatchAsync", "queue": "db", "steps": [ { "step": "work", "duration": "10s", "changesState": false }, { "step": "log", "message": "second" } ] },
              { "step": "log", "message": "caller" }
            ]
            """#)
        let times = Self.logTimes(result)
        // The caller goes on at once; the queue runs its blocks in order, each after the one before.
        #expect(times["caller"] == seconds(1))
        #expect(times["first"] == seconds(11))
        #expect(times["second"] == seconds(21))
        #expect(result.events(.app(.log)).first { $0["message"]?.string == "second" }?["lane"]?.string == "db")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func syncWaitsForWhatTheQueueIsDoingAndForTheBlock() throws {
        let result = try Self.run(#"""
            "go": [
              { "step": "dispatchAsync", "queue": "db", "steps": [ { "step": "work", "duration": "10s", "changesState": false } ] },
              { "step": "async", "steps": [
                { "step": "dispatchSync", "queue": "db", "steps": [ { "step": "log", "message": "inside" } ] },
                { "step": "log", "message": "after" }
              ] }
            ]
            """#)
        let times = Self.logTimes(result)
        #expect(times["inside"] == seconds(11))
        #expect(times["after"] == seconds(11))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func syncOntoTheQueueTheCodeIsOnDeadlocksAndCrashes() throws {
        let onMain = try Self.run(#""go": [ { "step": "dispatchSync", "queue": "main", "steps": [ { "step": "log", "message": "never" } ] } ]"#)
        #expect(onMain.diagnostics.map(\.rule.id) == ["BGS037"])
        #expect(onMain.diagnostics.first?.subject == "DispatchQueue.main.sync")
        #expect(onMain.terminations == [.crash])
        #expect(Self.logTimes(onMain)["never"] == nil)

        let onItsQueue = try Self.run(#"""
            "go": [ { "step": "dispatchAsync", "queue": "db", "steps": [
              { "step": "dispatchSync", "queue": "db", "steps": [] } ] } ]
            """#)
        #expect(onItsQueue.diagnostics.first?.subject == "DispatchQueue(\"db\").sync")
        #expect(onItsQueue.terminations == [.crash])
    }

    @Test func codeStartedFromAQueueIsNotOnThatQueue() throws {
        // A task started from a block on "db" runs on a background queue: its sync onto "db" waits, it does not trap.
        let result = try Self.run(#"""
            "go": [ { "step": "dispatchAsync", "queue": "db", "steps": [
              { "step": "async", "steps": [ { "step": "dispatchSync", "queue": "db", "steps": [ { "step": "log", "message": "inner" } ] } ] },
              { "step": "dispatchMain", "steps": [ { "step": "dispatchSync", "queue": "db", "steps": [ { "step": "log", "message": "from main" } ] } ] }
            ] } ]
            """#)
        #expect(result.diagnostics.isEmpty)
        #expect(Self.logTimes(result)["inner"] != nil)
        #expect(Self.logTimes(result)["from main"] != nil)
    }

    @Test func syncOntoAnotherQueueFromTheMainQueueIsFine() throws {
        let result = try Self.run(#"""
            "go": [ { "step": "dispatchSync", "queue": "db", "steps": [ { "step": "work", "duration": "2s", "changesState": false } ] },
                    { "step": "log", "message": "back on main" } ]
            """#)
        #expect(result.diagnostics.isEmpty)
        #expect(result.terminations.isEmpty)
        #expect(Self.logTimes(result)["back on main"] == seconds(3))
    }

    @Test func badQueuesAreRefusedWithTheirPlace() {
        let empty = AppStateFormatTests.failure(AppStateFormatTests.file(app: #""actions": { "go": [ { "step": "dispatchSync", "queue": "", "steps": [] } ] }"#))
        #expect(empty?.description.contains("app.actions.go[0].queue") == true, "\(String(describing: empty))")
        #expect(empty?.description.contains("the queue's name is empty") == true)
        let missing = AppStateFormatTests.failure(AppStateFormatTests.file(app: #""actions": { "go": [ { "step": "dispatchAsync", "steps": [] } ] }"#))
        #expect(missing?.description.contains("queue") == true, "\(String(describing: missing))")
    }

    @Test func theBlockedExpirationHandlerSampleWaitsForTheBatchInFlight() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scenario = try Scenario.load(from: root.appendingPathComponent("Scenarios/blocked-expiration-handler.json").path)
        let result = Simulation(scenario: scenario).run()
        // Unlocked 15 s into a minute-long batch: the handler's sync would wait 45 s; the watchdog kills the app at 5 s.
        #expect(result.diagnostics.map(\.rule.id) == ["BGS032", "BGS005"])
        #expect(result.diagnostics.first?.time == seconds(29 * 60 + 25))
        #expect(result.terminations == [.watchdog])
    }
}
