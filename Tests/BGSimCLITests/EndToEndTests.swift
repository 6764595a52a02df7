import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
@testable import BGSimCLI
import Foundation
import Testing

/// `bgsim` as a person uses it: commands, output, exit codes and files.
@Suite(.serialized) struct EndToEndTests {
    @Test("every sample scenario runs and its expectations hold", arguments: sampleScenarioPaths)
    func sampleScenarioPasses(path: String) throws {
        let run = runTool(["run", path])
        #expect(run.status == 0, "\(path) failed:\n\(run.out)\(run.error)")
        #expect(run.out.contains("Result       PASS"))
        #expect(run.out.contains("Fingerprint  "))
        #expect(run.out.contains("Replay       bgsim run \(path) --seed "))
        #expect(run.out.contains("Lanes"))
        #expect(run.error.isEmpty)
    }

    @Test func thereAreAtLeastThreeSampleScenarios() {
        #expect(sampleScenarioPaths.count >= 3)
    }

    @Test func jsonFormatIsAParsableSummary() throws {
        let run = runTool(["run", "Scenarios/leaked-assertion-watchdog.json", "--format", "json"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == true)
        #expect(object["terminations"] as? [String] == ["watchdog"])
        let rules = (object["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } ?? []
        #expect(Set(rules) == ["BGS001", "BGS002", "BGS003", "BGS004"])
        #expect((object["fingerprint"] as? String)?.count == 16)
        #expect((object["replay"] as? String)?.hasPrefix("bgsim run Scenarios/leaked-assertion-watchdog.json --seed 7") == true)
    }

    @Test func failedExpectationsExitWithOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/save-on-background.json"), encoding: .utf8)
        let wrong = text.replacingOccurrences(of: "\"saved\": [\"draft\"]", with: "\"saved\": [\"somethingElse\"]")
        #expect(wrong != text)
        let path = folder.appendingPathComponent("wrong.json").path
        try wrong.write(toFile: path, atomically: true, encoding: .utf8)
        let run = runTool(["run", path])
        #expect(run.status == 1)
        #expect(run.out.contains("✗ saved somethingElse — got saved draft"))
        #expect(run.out.contains("Result       FAIL"))
    }

    @Test func untilShortensTheRunAndAppearsInTheReplayLine() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "--until", "40s", "--format", "json"])
        #expect(run.out.contains("\"stopAt\": 40000000000"))
        #expect(run.out.contains("--until 40s"))
        // The swipe at 5m never happens, so the termination expectation fails.
        #expect(run.status == 1)
    }

    @Test func traceFileHasOneSortedJSONObjectPerLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace.jsonl").path
        let run = runTool(["run", "Scenarios/save-on-background.json", "--trace", trace])
        #expect(run.status == 0)
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 10)
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["seq"] as? Int == index)
            #expect(object["t"] is Int)
            #expect(object["kind"] is String)
        }
        // Only the finished file is left: no temporary file beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["trace.jsonl"])
    }

    @Test func rulesListsEveryRuleOnce() throws {
        let text = runTool(["rules"])
        #expect(text.status == 0)
        for rule in Rules.all {
            #expect(text.out.components(separatedBy: "\(rule.id)  \(rule.name)").count == 2)
        }
        let json = runTool(["rules", "--format", "json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["id"] as? String } == Rules.all.map(\.id))
        #expect(runTool(["rules", "--format", "yaml"]).status == 64)
    }

    @Test func versionAndHelp() {
        #expect(runTool(["--version"]).out == "bgsim 0.1.0\n")
        let help = runTool(["run", "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("--seed"))
    }

    @Test func usageErrorsExitWith64() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "--sed", "3"])
        #expect(run.status == 64)
        #expect(run.error.contains("did you mean \"--seed\"?"))
        #expect(runTool(["frobnicate"]).status == 64)
    }

    @Test func validateChecksEveryFile() {
        let run = runTool(["validate"] + sampleScenarioPaths)
        #expect(run.status == 0)
        #expect(run.out.split(separator: "\n").count == sampleScenarioPaths.count)
    }

    /// Bad scenario files: exit 65, one clear message naming the file and the place, nothing written.
    @Test(arguments: [
        ("malformed", "{\n  \"format\": 1,\n  \"name\": \"x\"\n  \"stopAt\": \"1m\"\n}", "line 4, column 3: expected ',' or '}'"),
        ("unknown-key", #"{"format":1,"name":"x","stopAt":"1m","timline":[],"app":{"bundleIdentifier":"a.b"}}"#,
         "timline: unknown key \"timline\" (did you mean \"timeline\"?)"),
        ("unknown-action", #"{"format":1,"name":"x","stopAt":"1m","app":{"bundleIdentifier":"a.b"},"timeline":[{"at":"0s","action":"launch"},{"at":"1s","action":"swipe"}]}"#,
         "timeline[1].action: unknown action \"swipe\" (did you mean \"swipeAway\"?)"),
        ("unknown-step", #"{"format":1,"name":"x","stopAt":"1m","app":{"bundleIdentifier":"a.b","actions":{"s":[{"step":"wrk","duration":"1s"}]}},"timeline":[]}"#,
         "app.actions.s[0].step: unknown step \"wrk\" (did you mean \"work\"?)"),
        ("negative", #"{"format":1,"name":"x","stopAt":"1m","app":{"bundleIdentifier":"a.b"},"timeline":[{"at":"-5s","action":"launch"}]}"#,
         "timeline[0].at: \"-5s\" is negative"),
        ("absurd", #"{"format":1,"name":"x","stopAt":"11000d","app":{"bundleIdentifier":"a.b"},"timeline":[]}"#,
         "stopAt: \"11000d\" is over ten years"),
        ("missing", #"{"format":1,"name":"x","app":{"bundleIdentifier":"a.b"},"timeline":[]}"#,
         "stopAt: missing required key \"stopAt\""),
        ("profile", #"{"format":1,"name":"x","profile":"iOS18","stopAt":"1m","app":{"bundleIdentifier":"a.b"},"timeline":[]}"#,
         "profile: unknown profile \"iOS18\""),
    ])
    func invalidScenario(name: String, json: String, expected: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("\(name).json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let trace = folder.appendingPathComponent("trace.jsonl").path
        let run = runTool(["run", path, "--trace", trace])
        #expect(run.status == 65)
        #expect(run.error == "bgsim: error: \(path): \(expected)" || run.error.hasPrefix("bgsim: error: \(path): \(expected)"),
                "got: \(run.error)")
        #expect(run.error.split(separator: "\n").count == 1)
        #expect(run.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: trace))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["\(name).json"])
        #expect(runTool(["validate", path]).status == 65)
    }

    @Test func missingFileIsAnInvalidScenario() {
        let run = runTool(["run", "Scenarios/does-not-exist.json"])
        #expect(run.status == 65)
        #expect(run.error.contains("Scenarios/does-not-exist.json: cannot read the file (no such file)"))
    }

    @Test func unwritableTraceExitsWith73() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "--trace", "/nonexistent-folder/trace.jsonl"])
        #expect(run.status == 73)
        #expect(run.error.contains("/nonexistent-folder"))
    }
}
