import Foundation
import Testing

/// `--fail-on` and the rule for scenarios with no `expect`, through the command line.
@Suite struct FailOnTests {
    @Test func aScenarioWithNoExpectFailsOnErrorDiagnostics() throws {
        let folder = try temporaryFolder()
        let path = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let run = runTool(["run", path])
        #expect(run.status == 1)
        #expect(run.out.contains("✗ BGS001 app bug, error × 1: backgroundTaskLeaked (the scenario has no expect,\n    so error diagnostics fail it)"))
        #expect(run.out.contains("Result       FAIL"))
        let json = try jsonObject(runTool(["run", path, "--format", "json"]).out)
        #expect(json["passed"] as? Bool == false)
        #expect((json["failures"] as? [String])?.contains { $0.hasPrefix("BGS001 app bug, error") } == true)
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
        #expect(strict.out.contains("BGS017 app bug, warning × 9"))
        #expect(strict.out.contains("(--fail-on warning)"))
    }

    @Test func failOnTakesOnlyItsChoices() {
        let run = runTool(["run", "Scenarios/save-on-background.json", "--fail-on", "info"])
        #expect(run.status == 64)
        #expect(run.error.contains(#""--fail-on" must be one of app-bug, warning, error, never; got "info""#))
        for command in ["run", "fuzz", "explore"] {
            let typo = runTool([command, "Scenarios/save-on-background.json", "--fail-on", "appbug"])
            #expect(typo.status == 64, "\(command)")
            #expect(typo.error.contains(#"got "appbug" (did you mean "app-bug"?)"#), "\(command): \(typo.error)")
            #expect(typo.error.contains("Run \"bgsim \(command) --help\" for usage."), "\(command)")
        }
        // The shards' results carry the campaign's --fail-on: a merge takes none.
        let merge = runTool(["fuzz", "--merge", "a.json", "--fail-on", "warning"])
        #expect(merge.status == 64)
        #expect(merge.error.contains(#""--fail-on" does not go with --merge"#))
    }

    @Test func runFailOnAppBugFailsOnEveryAppBugAndNeverOnANotice() throws {
        let folder = try temporaryFolder()
        // BGS017 is a warning: a scenario with no expect passes by default, and fails on it with app-bug or warning.
        let tooSoon = try scenarioWithoutExpect("mistake-refresh-every-minute", in: folder)
        #expect(runTool(["run", tooSoon]).status == 0)
        let strict = runTool(["run", tooSoon, "--fail-on", "app-bug"])
        #expect(strict.status == 1)
        #expect(strict.out.contains("✗ BGS017 app bug, warning × 9: refreshRequestedTooSoon (--fail-on app-bug)"))
        #expect(strict.out.contains("--fail-on app-bug\n"), "the replay line judges as the run did")
        #expect(runTool(["run", tooSoon, "--fail-on", "warning"]).status == 1)
        #expect(runTool(["run", tooSoon, "--fail-on", "error"]).status == 0)
        // BGS024 is a system notice: no --fail-on fails on it.
        let ineligible = try scenarioWithoutExpect("continued-fail-beyond-limit", in: folder)
        for failOn in ["app-bug", "warning", "error", "never"] {
            let run = runTool(["run", ineligible, "--fail-on", failOn, "--format", "json"])
            #expect(run.status == 0, "\(failOn): \(run.out)")
            let json = try jsonObject(run.out)
            let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
            #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0["rule"] as? String == "BGS024" })
        }
        // The server of chat-push-burst-throttled sends too many pushes (BGS049, an app bug of severity warning);
        // the system's throttling of them (BGS040) is a notice beside it.
        let throttled = try scenarioWithoutExpect("chat-push-burst-throttled", in: folder)
        #expect(runTool(["run", throttled]).status == 0)
        let server = runTool(["run", throttled, "--fail-on", "app-bug"])
        #expect(server.status == 1)
        #expect(server.out.contains("✗ BGS049 app bug, warning × 3: pushesSentTooOften (--fail-on app-bug)"))
        #expect(!server.out.contains("✗ BGS040"))
    }

    /// A refresh whose work ends without setTaskCompleted: BGS031, an app bug of severity warning, and nothing else.
    static let workFinishedWithoutCompleting = #"""
        {
          "format": 1, "name": "never-completes", "stopAt": "2h",
          "app": {
            "bundleIdentifier": "com.example.judge",
            "infoPlist": { "UIBackgroundModes": ["fetch"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.judge.refresh"] },
            "handlers": { "didFinishLaunching": "registerTasks", "didEnterBackground": "schedule" },
            "actions": {
              "registerTasks": [ { "step": "register", "identifier": "com.example.judge.refresh", "launchHandler": "refresh" } ],
              "schedule": [ { "step": "submit", "identifier": "com.example.judge.refresh", "type": "appRefresh", "earliestBegin": "30m" } ],
              "refresh": [
                { "step": "setTaskExpirationHandler", "onExpiration": [ { "step": "setTaskCompleted", "success": false } ] },
                { "step": "wait", "duration": "3s" }
              ]
            }
          },
          "timeline": [ { "at": "0s", "action": "launch" }, { "at": "1m", "action": "goHome" } ]
        }
        """#

    @Test func fuzzAndExploreFailOnAnAppBugWarningByDefault() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("never-completes.json").path
        try Self.workFinishedWithoutCompleting.write(toFile: path, atomically: true, encoding: .utf8)
        // The warning fails a campaign although the scenario has no expect.
        let fuzz = runTool(["fuzz", path, "--runs", "4", "--kinds", "otherSeed", "--format", "json"])
        #expect(fuzz.status == 1, "\(fuzz.out)\(fuzz.error)")
        let campaign = try #require((try jsonObject(fuzz.out)["campaigns"] as? [[String: Any]])?.first)
        #expect(campaign["failOn"] as? String == "app-bug")
        let failures = try #require(campaign["failures"] as? [[String: Any]])
        #expect(failures.map { $0["signature"] as? String } == ["rule BGS031"])
        let text = runTool(["fuzz", path, "--runs", "4", "--kinds", "otherSeed"])
        #expect(text.out.contains("✗ rule BGS031 — 4 runs (first: run 0)"))
        #expect(text.out.contains("BGS031 workFinishedWithoutCompleting (app bug, warning):"))
        #expect(text.out.contains("Fails on     every app bug the scenario does not expect (--fail-on app-bug); never a system notice"))
        // Its replay line carries the campaign's --fail-on, so bgsim run fails on the same warning.
        let replay = try #require(text.out.split(separator: "\n").first { $0.contains("Replay  ") })
        #expect(replay.hasSuffix(" --fail-on app-bug"))
        #expect(runTool(["run", path, "--faults", #"{"format":1,"scenario":"never-completes"}"#, "--fail-on", "app-bug"]).status == 1)
        #expect(runTool(["run", path, "--faults", #"{"format":1,"scenario":"never-completes"}"#]).status == 0)
        #expect(runTool(["fuzz", path, "--runs", "4", "--kinds", "otherSeed", "--fail-on", "warning"]).status == 1)
        // --fail-on error and never leave it to the properties, which it breaks none of.
        for failOn in ["error", "never"] {
            let run = runTool(["fuzz", path, "--runs", "4", "--kinds", "otherSeed", "--fail-on", failOn])
            #expect(run.status == 0, "\(failOn): \(run.out)")
            #expect(run.out.contains("Failures     none"))
        }
        let explore = runTool(["explore", path, "--format", "json"])
        #expect(explore.status == 1)
        let explored = try #require((try jsonObject(explore.out)["campaigns"] as? [[String: Any]])?.first)
        #expect((explored["failures"] as? [[String: Any]])?.map { $0["signature"] as? String } == ["rule BGS031"])
        #expect(runTool(["explore", path, "--fail-on", "error"]).status == 0)
    }

    @Test func fuzzAndExploreNeverFailOnASystemNotice() throws {
        // continued-fail-beyond-limit with no expect: every run shows BGS024 (the system refuses a .fail request that
        // cannot begin at once), a notice.
        let folder = try temporaryFolder()
        let path = try scenarioWithoutExpect("continued-fail-beyond-limit", in: folder)
        for failOn in ["app-bug", "warning", "error"] {
            let fuzz = runTool(["fuzz", path, "--runs", "12", "--kinds", "otherSeed", "--fail-on", failOn, "--format", "json"])
            #expect(fuzz.status == 0, "\(failOn): \(fuzz.out)")
            let campaign = try #require((try jsonObject(fuzz.out)["campaigns"] as? [[String: Any]])?.first)
            #expect((campaign["failures"] as? [Any])?.isEmpty == true)
            #expect((campaign["rules"] as? [String: Any]).map { Array($0.keys) } == ["BGS024"])
            #expect(runTool(["explore", path, "--max-schedules", "20", "--fail-on", failOn]).status == 0)
        }
    }
}
