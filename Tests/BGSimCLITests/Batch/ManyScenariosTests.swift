import Foundation
import Testing

/// `bgsim run` over many files: the summary line, `--quiet`, JUnit, SARIF and GitHub annotations.
@Suite struct ManyScenariosTests {
    @Test func everySampleRunsQuietlyWithASummaryLine() {
        let run = runTool(["run", "--quiet"] + sampleScenarioPaths)
        #expect(run.status == 0, "\(run.out)\(run.error)")
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == sampleScenarioPaths.count + 1)
        #expect(lines.last == "\(sampleScenarioPaths.count) scenarios, 0 failed")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS  Scenarios/") })
    }

    @Test func oneFailureFailsTheBatchAndIsCounted() throws {
        let folder = try temporaryFolder()
        let failing = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let run = runTool(["run", "Scenarios/save-on-background.json", failing])
        #expect(run.status == 1)
        // Each scenario prints its usual output, then the summary.
        #expect(run.out.components(separatedBy: "Fingerprint  ").count == 3)
        #expect(run.out.hasSuffix("2 scenarios, 1 failed\n"))
    }

    @Test func anUnreadableFileIsCountedAndWins() {
        let run = runTool(["run", "-q", "Scenarios/save-on-background.json", "Scenarios/missing.json", "Scenarios"])
        #expect(run.status == 65)
        #expect(run.out.contains("ERROR Scenarios/missing.json: cannot read the file (no such file)"))
        #expect(run.out.contains("ERROR Scenarios: is a folder; pass the .json files in it, e.g. Scenarios/*.json"))
        #expect(run.out.hasSuffix("3 scenarios, 0 failed, 2 could not be read\n"))
    }

    @Test func junitHasOneTestCasePerScenario() throws {
        let folder = try temporaryFolder()
        let failing = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let junit = folder.appendingPathComponent("results.xml").path
        let run = runTool(["run", "-q", "Scenarios/save-on-background.json", failing, "--junit", junit])
        #expect(run.status == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"bgsim run\" tests=\"2\" failures=\"1\">"))
        #expect(xml.components(separatedBy: "<testcase ").count == 3)
        #expect(xml.contains("<failure message=\"BGS004 app bug, error × 1: expirationHandlerLeftTaskOpen"))
        #expect(xml.contains("replay: bgsim run "))
        // The explorer's JUnit comes from the same writer.
        #expect(!xml.contains("time="))
    }

    @Test func sarifNamesRulesFilesLinesAndTheEventChain() throws {
        let folder = try temporaryFolder()
        let failing = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let sarifPath = folder.appendingPathComponent("results.sarif").path
        let run = runTool(["run", "-q", failing, "Scenarios/mistake-identifier-not-permitted.json", "--sarif", sarifPath])
        #expect(run.status == 1)
        let sarif = try jsonObject(try String(contentsOfFile: sarifPath, encoding: .utf8))
        #expect(sarif["version"] as? String == "2.1.0")
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.contains { $0["id"] as? String == "BGS001" })
        #expect(rules.contains { $0["id"] as? String == "BGS-EXPECT" })
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        let leak = try #require(results.first { $0["ruleId"] as? String == "BGS001" })
        #expect(leak["level"] as? String == "error")
        let location = try #require((leak["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == failing)
        let line = try #require((location["region"] as? [String: Any])?["startLine"] as? Int)
        // The timeline entry in force when the leak was found is the goHome entry.
        let fileLines = try String(contentsOfFile: failing, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(fileLines[line].contains("\"action\""))
        let flows = try #require(leak["codeFlows"] as? [[String: Any]])
        let steps = try #require(((flows[0]["threadFlows"] as? [[String: Any]])?[0]["locations"]) as? [[String: Any]])
        #expect(steps.count > 1)
        let lastStep = try #require((steps.last?["location"] as? [String: Any])?["message"] as? [String: Any])
        #expect((lastStep["text"] as? String)?.contains("diagnostic") == true)
        // mistake-identifier-not-permitted passes: it expects BGS010, so the result is a note, not an alert.
        let expected = try #require(results.first { $0["ruleId"] as? String == "BGS010" })
        #expect(expected["level"] as? String == "note")
        // Every rule and every result of one says whose doing it is; a system notice (BGS003, UIKit's 30 s line) is a
        // note even in a scenario that failed.
        let category = { (object: [String: Any]) in (object["properties"] as? [String: Any])?["category"] as? String }
        #expect(rules.filter { ($0["id"] as? String)?.hasPrefix("BGS0") == true }.allSatisfy { category($0) != nil })
        #expect(category(try #require(rules.first { $0["id"] as? String == "BGS001" })) == "appBug")
        let noticeRule = try #require(rules.first { $0["id"] as? String == "BGS003" })
        #expect(category(noticeRule) == "systemNotice")
        #expect((noticeRule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
        #expect(category(leak) == "appBug")
        let notice = try #require(results.first { $0["ruleId"] as? String == "BGS003" })
        #expect(notice["level"] as? String == "note")
        #expect(category(notice) == "systemNotice")
        #expect(((notice["message"] as? [String: Any])?["text"] as? String)?.hasSuffix("(a system notice: what the system did, not an app bug)") == true)
    }

    @Test func githubAnnotationsOnlyInGitHubActions() throws {
        let folder = try temporaryFolder()
        let failing = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let plain = runToolWith(["run", "-q", failing])
        #expect(!plain.out.contains("::error"))
        let github = runToolWith(["run", "-q", failing], environment: ["GITHUB_ACTIONS": "true"])
        let annotations = github.out.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.contains { $0.hasPrefix("::error file=\(failing),line=") && $0.contains(",title=bgsim BGS001::") })
        #expect(annotations.contains { $0.hasPrefix("::warning file=\(failing),line=") && $0.contains(",title=bgsim BGS002::") })
        // A system notice (BGS003) is no alert, even in a failed scenario.
        #expect(!annotations.contains { $0.contains(",title=bgsim BGS003::") })
        // One scenario alone is annotated too; with JSON, on standard error, so that standard output stays JSON.
        let single = runToolWith(["run", failing, "--format", "json"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(try jsonObject(single.out)["passed"] as? Bool == false)
        #expect(single.error.contains("::error file=\(failing),line="))
        // A passing scenario is not annotated.
        let passing = runToolWith(["run", "-q", "Scenarios/leaked-assertion-watchdog.json"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(!passing.out.contains("::"))
    }

    @Test func jsonWithManyScenariosIsJSONLines() throws {
        let folder = try temporaryFolder()
        let failing = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let run = runTool(["run", "Scenarios/save-on-background.json", failing, "Scenarios/missing.json", "--format", "json"])
        #expect(run.status == 65)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let objects = try lines.map(jsonObject)
        #expect(objects[0]["passed"] as? Bool == true)
        #expect(objects[1]["passed"] as? Bool == false)
        #expect(objects[2]["exitCode"] as? Int == 65)
        let summary = try #require(objects[3]["summary"] as? [String: Int])
        #expect(summary == ["scenarios": 3, "passed": 1, "failed": 1, "unreadable": 1])
    }

    @Test func oneRunOutputsAreRefusedWithManyScenarios() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "Scenarios/feed-refresh-week.json", "--trace", "x.jsonl"])
        #expect(run.status == 64)
        #expect(run.error.contains("\"--trace\" writes one run"))
    }

    @Test func batchOutputsAreCollisionChecked() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("same").path
        let run = runTool(["run", "Scenarios/save-on-background.json", "--junit", path, "--sarif", path])
        #expect(run.status == 64)
        #expect(run.error.contains("\"--sarif\" names the same file as \"--junit\""))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
