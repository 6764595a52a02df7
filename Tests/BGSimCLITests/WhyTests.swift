@testable import BGSimCLI
import Foundation
import Testing

/// "Why didn't it run?", end to end: `bgsim run` and `bgsim report` say why each request waits, and list those still pending.
@Suite(.serialized) struct WhyTests {
    /// A refresh submitted when the person leaves at 1m, held back by Low Power Mode from 5m to the end at 2h.
    static let lowPowerScenario = """
        {
          "format": 1, "name": "why-low-power", "seed": 1, "stopAt": "2h",
          "app": {
            "bundleIdentifier": "com.example.why",
            "infoPlist": { "UIBackgroundModes": ["fetch"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.why.refresh"] },
            "handlers": { "didFinishLaunching": "registerTasks", "didEnterBackground": "schedule" },
            "actions": {
              "registerTasks": [ { "step": "register", "identifier": "com.example.why.refresh", "launchHandler": "refresh" } ],
              "schedule": [ { "step": "submit", "identifier": "com.example.why.refresh", "type": "appRefresh", "earliestBegin": "30m" } ],
              "refresh": [ { "step": "setTaskCompleted", "success": true } ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" }, { "at": "1m", "action": "goHome" }, { "at": "2m", "action": "lock" },
            { "at": "5m", "action": "conditions", "lowPowerMode": true }
          ]
        }
        """

    @Test func runTellsWhyInTheStoryAndListsWhatIsStillPending() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("why.json")
        try Data(Self.lowPowerScenario.utf8).write(to: scenario)
        let run = runTool(["run", scenario.path])
        #expect(run.status == 0, "\(run.error)")
        // The story says when it was due, then what held it back.
        #expect(run.out.contains("system     com.example.why.refresh is due at 31m00.000s"))
        #expect(run.out.contains("system     com.example.why.refresh waits: Low Power Mode is on"))
        // And the end of the output lists it, with why, before the verdict.
        let pending = try #require(run.out.range(of: "Still pending at the end\n  com.example.why.refresh\n"))
        #expect(run.out[pending.upperBound...].hasPrefix("      appRefresh, submitted at 1m00.000s: waits: Low Power Mode is on (since\n      5m00.000s)"))
        #expect(run.out.range(of: "Diagnostics")!.lowerBound > pending.lowerBound)
    }

    @Test func reportsFromTheTraceSayWhyInTheLaneTheStoryAndTheList() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("why.json")
        try Data(Self.lowPowerScenario.utf8).write(to: scenario)
        let trace = folder.appendingPathComponent("why.jsonl").path
        #expect(runTool(["run", scenario.path, "--trace", trace]).status == 0)
        let traceText = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(traceText.contains(#""kind":"bgTask.waiting","reason":"lowPowerMode","#))
        let html = folder.appendingPathComponent("why.html").path
        let markdown = folder.appendingPathComponent("why.md").path
        let report = runTool(["report", trace, "-o", html, "--markdown", markdown])
        #expect(report.status == 0, "\(report.error)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        // The pending stretch's hover says what held it back then, and the card lists it at the end.
        #expect(page.contains("refresh · pending\n1m00.000s to 5m00.000s (4m)\ndue at 31m00.000s</title>"))
        #expect(page.contains("refresh · pending\n5m00.000s to 2h00m00s (1h55m)\nwaits: Low Power Mode is on</title>"))
        #expect(page.contains("<h2>Still pending at the end</h2>"))
        #expect(page.contains("<td><code>com.example.why.refresh</code></td><td>appRefresh</td><td>1m00.000s</td><td>waits: Low Power Mode is on</td><td>5m00.000s</td>"))
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.contains("### Still pending at the end\n\n| Request | Type | Submitted | Why it waits | Since |"))
        #expect(text.contains("| `com.example.why.refresh` | appRefresh | 1m00.000s | waits: Low Power Mode is on | 5m00.000s |"))
        #expect(text.contains("system     com.example.why.refresh waits: Low Power Mode is on"))
    }

    @Test func aRunWithNothingPendingListsNothing() {
        let run = runTool(["run", "Scenarios/save-on-background.json"])
        #expect(run.status == 0)
        #expect(!run.out.contains("Still pending"))
        #expect(!run.out.contains(" waits: "))
    }
}
