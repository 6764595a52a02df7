import BackgroundSimulation
import Foundation
import SimulationKernel
import Testing

/// Scenario JSON with one action run at launch (or on going home), for the reliability tests.
func loopScenario(
    name: String = "loop", handler: String = "didFinishLaunching", steps: String, stopAt: String = "10m",
    timeline: String = #"[{"at":"0s","action":"launch"}]"#
) -> String {
    """
    {"format":1,"name":"\(name)","seed":1,"stopAt":"\(stopAt)",
     "app":{"bundleIdentifier":"com.example.loop","handlers":{"\(handler)":"loop"},"actions":{"loop":\(steps)}},
     "timeline":\(timeline)}
    """
}

/// Writes `text` to a file in `folder` and returns its path.
func write(_ text: String, to name: String, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// Every run ends, with the usual limit message when a limit stops it: loops that never wait, loops that start tasks,
/// diagnostics repeated a hundred thousand times.
@Suite struct RunawayRunTests {
    /// The loop of the issue: nested repeats of steps that take no time, which wrote 93 million records and was killed.
    static let runawaySteps = #"""
        [{"step":"repeat","count":1000000,"steps":[{"step":"repeat","count":1000000,"steps":[
          {"step":"log","message":"tick"},{"step":"updateUI"},{"step":"work","duration":"0s"},
          {"step":"wait","duration":"0s"},{"step":"wait","duration":"1ns"}]}]}]
        """#

    @Test func theRunawayLoopStopsWithTheLimitMessageThroughTheCLI() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(loopScenario(steps: Self.runawaySteps), to: "runaway.json", in: folder)
        let trace = folder.appendingPathComponent("runaway.jsonl").path
        let run = runTool(["run", path, "--trace", trace, "--format", "json"])
        #expect(run.status == 1, "\(run.error)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(summary["ending"] as? String == "limitExceeded")
        // The default limit's records, then run.limitExceeded and run.end.
        #expect(summary["traceEvents"] as? Int == RunLimits().maximumTraceRecords + 2)
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").suffix(2)
        #expect(lines.first?.contains(#""kind":"run.limitExceeded""#) == true)
        #expect(lines.first?.contains("the trace limit was reached") == true)
        #expect(lines.last?.contains(#""ending":"limitExceeded""#) == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["runaway.json", "runaway.jsonl"])
    }

    /// Each step of the runaway loop alone, and loops of other kinds, meet a limit (small ones here, to be quick).
    @Test(arguments: [
        (#"{"step":"log","message":"tick"}"#, RunLimits.Limit.traceRecords),
        (#"{"step":"updateUI"}"#, .traceRecords),
        (#"{"step":"work","duration":"0s"}"#, .traceRecords),
        (#"{"step":"wait","duration":"0s"}"#, .traceRecords),
        (#"{"step":"wait","duration":"1ns"}"#, .traceRecords),
        // A task ended twice (BGS002 each round; ending .invalid, a task never begun, does nothing and writes nothing).
        (#"{"step":"beginBackgroundTask","id":"t"},{"step":"endBackgroundTask","id":"t"},{"step":"endBackgroundTask","id":"t"}"#, .traceRecords),
        (#"{"step":"async","steps":[{"step":"wait","duration":"1s"}]}"#, .liveTasks),
        // Blocks that pile up on a busy queue write nothing and start no task until their turn: counted on the queue.
        (#"{"step":"dispatchMain","steps":[]}"#, .liveTasks),
        (#"{"step":"dispatchAsync","queue":"db","steps":[]}"#, .liveTasks),
    ])
    func everyKindOfLoopMeetsALimit(step: String, limit: RunLimits.Limit) throws {
        let json = loopScenario(steps: #"[{"step":"repeat","count":1000000,"steps":[{"step":"repeat","count":1000000,"steps":[\#(step)]}]}]"#)
        let scenario = try Scenario.decode(Data(json.utf8), file: "loop.json")
        let limits = RunLimits(maximumTraceRecords: 5_000, maximumLiveTasks: 1_000)
        let result = Simulation(scenario: scenario, options: .init(limits: limits)).run()
        guard case .limitExceeded(let message) = result.ending else {
            Issue.record("the run ended \(result.ending)")
            return
        }
        switch limit {
        case .traceRecords:
            #expect(message.contains("after 5000 trace records"))
            #expect(result.eventCount == 5_002)
        case .liveTasks:
            #expect(message.contains("1000 simulated tasks alive at once") || message.contains("1000 blocks waiting on the"))
        default:
            Issue.record("no such case")
        }
        #expect(result.events.last?.kind == .run(.end))
        #expect(result.events.dropLast().last?.kind == .run(.limitExceeded))
    }

    /// Background tasks begun and never ended: counted, not printed one by one, and not kept one by one.
    ///
    /// 2,000 here, to keep a debug build quick; docs/reliability.md has the figures for 100,000 in release.
    @Test func repeatedDiagnosticsAreCountedNotPrintedOneByOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let steps = #"[{"step":"repeat","count":2000,"steps":[{"step":"beginBackgroundTask","id":"t","name":"Leak","onExpiration":"doNothing"}]}]"#
        let path = try write(
            loopScenario(steps: steps, stopAt: "1h", timeline: #"[{"at":"0s","action":"launch"},{"at":"10s","action":"goHome"}]"#),
            to: "leak.json", in: folder)
        let text = runTool(["run", path])
        // The scenario states no expectations, so its error diagnostics fail it (the rule of `bgsim help run`).
        #expect(text.status == 1, "\(text.error)")
        #expect(text.out.contains("  BGS001 error × 1997 more, the last at "))
        #expect(text.out.contains("(2000 in all)"))
        let diagnosticsSection = text.out.components(separatedBy: "\nDiagnostics\n").last?.components(separatedBy: "\n\nExpectations").first ?? ""
        // Three rules fire 2,000 times each: three shown and one count line per rule, whatever the run's length.
        let headings = diagnosticsSection.split(separator: "\n").filter { $0.hasPrefix("  BGS") }
        #expect(headings.count == 12, "\(headings.count) diagnostic headings")
        #expect(diagnosticsSection.split(separator: "\n").count < 60, "\(diagnosticsSection.split(separator: "\n").count) lines of diagnostics")

        let json = runTool(["run", path, "--format", "json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let counts = try #require(summary["diagnosticCounts"] as? [[String: Any]])
        #expect(counts.first { $0["rule"] as? String == "BGS001" }?["count"] as? Int == 2_000)
        let kept = try #require(summary["diagnostics"] as? [[String: Any]])
        #expect(kept.filter { $0["rule"] as? String == "BGS001" }.count == RunLimits().keptDiagnosticsPerRule)
    }

    @Test func diagnosticsPastTheShareOfARuleAreCountedNotKept() throws {
        // Each round ends its task twice: the second end is BGS002 (ending a task never begun would be .invalid, which is no
        // task and fires nothing).
        let json = loopScenario(steps: #"""
            [{"step":"repeat","count":1000,"steps":[
              {"step":"beginBackgroundTask","id":"t"},{"step":"endBackgroundTask","id":"t"},{"step":"endBackgroundTask","id":"t"}]}]
            """#)
        let scenario = try Scenario.decode(Data(json.utf8), file: "x.json")
        let result = Simulation(scenario: scenario, options: .init(limits: RunLimits(keptDiagnosticsPerRule: 10))).run()
        #expect(result.diagnostics.count == 10)
        #expect(result.diagnosticTotal == 1_000)
        #expect(result.diagnosticCounts.map(\.count) == [1_000])
        // The trace still holds every one: only the list in memory is bounded.
        #expect(result.events.filter { $0.kind == .diagnostic }.count == 1_000)
        #expect(result.maximumSeverity == result.diagnostics.first?.severity)
    }

    @Test func untilIsCappedLikeStopAt() {
        let over = runTool(["run", "Scenarios/save-on-background.json", "--until", "3661d"])
        #expect(over.status == 64)
        #expect(over.error.contains(#""--until": "3661d" is over ten years; no scenario needs that long"#))
        let huge = runTool(["run", "Scenarios/save-on-background.json", "--until", "9223372036854775807ns"])
        #expect(huge.status == 64)
        #expect(huge.error.contains("is over ten years"))
        #expect(runTool(["run", "Scenarios/save-on-background.json", "--until", "3660d", "--format", "json"]).status == 0)
    }

    @Test func negativeSeedsAndDurationsSaySo() {
        for arguments in [["--seed", "-1"], ["--until", "-1s"], ["--seed=-1"]] {
            let run = runTool(["run", "Scenarios/save-on-background.json"] + arguments)
            #expect(run.status == 64)
            #expect(run.error.contains("negative values are not allowed"), "\(arguments): \(run.error)")
            #expect(!run.error.contains("needs a value"))
        }
        let inline = runTool(["run", "Scenarios/save-on-background.json", "--until=-1s"])
        #expect(inline.error.contains("is negative"))
    }
}
