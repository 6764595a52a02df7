import Foundation
import Testing

/// `-` for standard output and input, JSON errors and schema versions, the terminal's width, the pending list.
@Suite struct StandardStreamsTests {
    @Test func traceToStandardOutputSendsTheRestToStandardError() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "--trace", "-"])
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"bundleIdentifier\"") == true)
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
        #expect(lines.count == 30)
        #expect(run.error.contains("Result       PASS"))
        #expect(run.error.contains("Trace        standard output"))
    }

    @Test func aReportToStandardOutput() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "--markdown", "-", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("## bgsim: save-on-background"))
        #expect(run.error.contains("\"schemaVersion\""))
    }

    @Test func twoOutputsCannotBothBeStandardOutput() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "--trace", "-", "--perfetto", "-"])
        #expect(run.status == 64)
        #expect(run.error.contains("\"--trace\" and \"--perfetto\" both name standard output (-)"))
        let report = runTool(["report", "x.jsonl", "-o", "-", "--markdown", "-"])
        #expect(report.status == 64)
    }

    @Test func scenariosAndTracesFromStandardInput() throws {
        let text = try String(contentsOfFile: packageRoot.appendingPathComponent("Scenarios/save-on-background.json").path, encoding: .utf8)
        let run = runToolWith(["run", "-"], input: text)
        #expect(run.status == 0)
        #expect(run.out.contains("Replay       bgsim run '<stdin>' --seed 1") || run.out.contains("Replay       bgsim run <stdin>"))
        let validate = runToolWith(["validate", "-"], input: text)
        #expect(validate.status == 0)
        #expect(validate.out.hasPrefix("<stdin>: ok"))
        let trace = runTool(["run", "Scenarios/save-on-background.json", "--trace", "-"]).out
        let report = runToolWith(["report", "-", "--markdown", "-"], input: trace)
        #expect(report.status == 0)
        #expect(report.out.contains("## bgsim: save-on-background"))
        let broken = runToolWith(["validate", "-"], input: "{\"format\": 1,")
        #expect(broken.status == 65)
        #expect(broken.error.hasPrefix("<stdin>:1:14: error: "))
    }

    @Test func errorsAsJSON() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("bad.json").path
        try "{\n  \"format\": 1,\n  \"name\": 7\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let run = runTool(["run", path, "--format", "json"])
        #expect(run.status == 65)
        let error = try jsonObject(run.out)
        #expect(error["schemaVersion"] as? Int == 1)
        #expect((error["error"] as? String)?.contains("expected a string") == true)
        #expect(error["file"] as? String == path)
        #expect(error["path"] as? String == "name")
        #expect(error["line"] as? Int == 3)
        #expect(error["column"] as? Int == 11)
        #expect(error["exitCode"] as? Int == 65)
    }

    @Test func everyJSONOutputHasASchemaVersion() throws {
        let run = try jsonObject(runTool(["run", "Scenarios/save-on-background.json", "--format", "json"]).out)
        #expect(run["schemaVersion"] as? Int == 1)
        let validate = try jsonObject(runTool(["validate", "Scenarios/save-on-background.json", "--format", "json"]).out)
        #expect(validate["schemaVersion"] as? Int == 1)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(runTool(["rules", "--format", "json"]).out.utf8)) as? [[String: Any]])
        #expect(rules.allSatisfy { $0["schemaVersion"] as? Int == 1 })
        let fuzz = try jsonObject(runTool(["fuzz", "Scenarios/save-on-background.json", "--runs", "2", "--format", "json"]).out)
        #expect(fuzz["schemaVersion"] as? Int == 1)
    }

    @Test func theRunSummaryListsPendingRequestsAndEachFix() throws {
        let json = try jsonObject(runTool(["run", "Scenarios/feed-refresh-week.json", "--format", "json"]).out)
        let pending = try #require(json["pending"] as? [[String: Any]])
        #expect(pending.count == 1)
        #expect(pending.first?["identifier"] as? String == "com.example.news.refresh")
        #expect((pending.first?["why"] as? String)?.isEmpty == false)
        let leak = try jsonObject(runTool(["run", "Scenarios/leaked-assertion-watchdog.json", "--format", "json"]).out)
        let diagnostics = try #require(leak["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.allSatisfy { ($0["fix"] as? String)?.isEmpty == false })
    }

    @Test func theExecutableTakesItsWidthFromTheEnvironment() throws {
        let tool = try #require(builtToolURL())
        func widest(_ columns: String) throws -> Int {
            let run = try runShell(tool, "\"$BGSIM\" run Scenarios/feed-refresh-week.json", environment: ["COLUMNS": columns])
            return run.out.split(separator: "\n").map(\.count).max() ?? 0
        }
        #expect(try widest("140") > 100)
        #expect(try widest("") <= 80)
    }

    @Test func seedDistributionsAreTheSameInAnotherProcess() throws {
        let tool = try #require(builtToolURL())
        let arguments = ["run", "Scenarios/feed-refresh-week.json", "--seeds", "1-6", "--format", "json"]
        let first = try runProcess(tool, arguments)
        let second = try runProcess(tool, arguments)
        #expect(first.status == 0)
        #expect(first.out == second.out)
        #expect(first.out == runTool(arguments).out)
    }

    @Test func theTimelineUsesTheTerminalsWidth() {
        func widest(_ width: Int) -> Int {
            let run = runToolWith(["run", "Scenarios/feed-refresh-week.json"], width: width)
            return run.out.split(separator: "\n").map(\.count).max() ?? 0
        }
        #expect(widest(80) <= 80)
        #expect(widest(140) > 100)
        #expect(widest(140) <= 140)
    }
}
