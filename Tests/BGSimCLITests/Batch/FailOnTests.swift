import Foundation
import Testing

/// `--fail-on` and the rule for scenarios with no `expect`, through the command line.
@Suite struct FailOnTests {
    @Test func aScenarioWithNoExpectFailsOnErrorDiagnostics() throws {
        let folder = try temporaryFolder()
        let path = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let run = runTool(["run", path])
        #expect(run.status == 1)
        #expect(run.out.contains("✗ BGS001 error × 1: backgroundTaskLeaked (the scenario has no expect, so error\n    diagnostics fail it)"))
        #expect(run.out.contains("Result       FAIL"))
        let json = try jsonObject(runTool(["run", path, "--format", "json"]).out)
        #expect(json["passed"] as? Bool == false)
        #expect((json["failures"] as? [String])?.contains { $0.hasPrefix("BGS001 error") } == true)
    }

    @Test func failOnNeverLeavesOnlyExpectations() throws {
        let folder = try temporaryFolder()
        let path = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let run = runTool(["run", path, "--fail-on", "never"])
        #expect(run.status == 0)
        #expect(run.out.contains("Result       PASS"))
    }

    @Test func aCorrectAppWithNoExpectPasses() throws {
        let folder = try temporaryFolder()
        let path = try scenarioWithoutExpect("save-on-background", in: folder)
        #expect(runTool(["run", path]).status == 0)
    }

    @Test func withExpectTheExpectationsDecideUnlessFailOnIsGiven() {
        // mistake-refresh-every-minute expects its BGS017 warning.
        let path = "Scenarios/mistake-refresh-every-minute.json"
        #expect(runTool(["run", path]).status == 0)
        #expect(runTool(["run", path, "--fail-on", "error"]).status == 0)
        let strict = runTool(["run", path, "--fail-on", "warning"])
        #expect(strict.status == 1)
        #expect(strict.out.contains("BGS017 warning × 9"))
        #expect(strict.out.contains("(--fail-on warning)"))
    }

    @Test func failOnTakesOnlyItsChoices() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "--fail-on", "info"])
        #expect(run.status == 64)
        #expect(run.error.contains("warning, error, never") || run.error.contains("warning"))
    }
}
