import BackgroundSimulation
import Foundation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// BGS010 and BGS013 say what fits the case (trust findings 4.1 item 2): a per-job continued identifier under a
/// wildcard, an identifier an older build submitted, a registration behind a condition, a scene that registers too late,
/// a missing background mode.
@Suite struct IdentifierCaseTests {
    static func run(_ json: String) throws -> SimulationResult {
        Simulation(scenario: try Scenario.decode(Data(json.utf8), file: "x.json")).run()
    }

    /// An app with `infoPlist`, `handlers` and `actions` as given (and more of the app's keys in `extra`), living the
    /// timeline, run for `stopAt`.
    static func app(
        infoPlist: String, handlers: String, actions: String, timeline: String = #"{ "at": "0s", "action": "launch" }, { "at": "1m", "action": "goHome" }"#,
        stopAt: String = "1h", extra: String = ""
    ) -> String {
        """
        {
          "format": 1, "name": "identifiers", "seed": 1, "profile": "iOS26", "stopAt": "\(stopAt)",
          "app": {
            "bundleIdentifier": "com.example.video",
            \(extra)
            "infoPlist": \(infoPlist),
            "handlers": \(handlers),
            "actions": \(actions)
          },
          "timeline": [ \(timeline) ]
        }
        """
    }

    static let export = #"""
        "export": [
          { "step": "setTaskExpirationHandler", "onExpiration": [ { "step": "cancelWork" }, { "step": "setTaskCompleted", "success": false } ] },
          { "step": "processUnits", "count": 3, "duration": "1s" },
          { "step": "setTaskCompleted", "success": true }
        ]
        """#

    // MARK: Per-job continued identifiers under a wildcard

    @Test func registeringTheWildcardAndSubmittingAJobSaysToRegisterTheJobsOwnIdentifier() throws {
        // Scenarios/bugs-day-of-use/continued-registers-wildcard-day, shortened.
        let result = try Self.run(Self.app(
            infoPlist: #"{ "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.export.*"] }"#,
            handlers: #"{ "didFinishLaunching": "registerTasks" }"#,
            actions: #"""
                {
                  "registerTasks": [ { "step": "register", "identifier": "com.example.video.export.*", "launchHandler": "export" } ],
                  "tapExport": [ { "step": "submit", "type": "continuedProcessing", "identifier": "com.example.video.export.{n}", "title": "Exporting video", "subtitle": "Holiday.mov" } ],
                  \#(Self.export)
                }
                """#,
            timeline: #"{ "at": "0s", "action": "launch" }, { "at": "1m", "action": "tap", "run": "tapExport" }"#))
        #expect(result.ruleIDs == ["BGS010", "BGS013"])
        let registration = try #require(result.diagnostics("BGS010").first)
        #expect(registration.message == "register(forTaskWithIdentifier:) returned false: com.example.video.export.* is a wildcard entry, "
            + "not an identifier; a request for com.example.video.export.<job> will find no handler")
        #expect(registration.fix == "Register the job's own identifier, com.example.video.export.<n>, on the person's action just before "
            + "submitting it; the wildcard entry only permits such identifiers.")
        let submit = try #require(result.diagnostics("BGS013").first)
        #expect(submit.message == "No launch handler registered for task with identifier com.example.video.export.1: it falls under "
            + "the wildcard entry com.example.video.export.*, which permits such identifiers but registers none")
        #expect(submit.fix.hasPrefix("com.example.video.export.1 was submitted without a handler: register that identifier in the same "
            + "action, before submit"))
        #expect(!submit.fix.contains("on every launch"))
    }

    @Test func anExactContinuedIdentifierSubmittedUnregisteredSaysRegisterItInTheSameAction() throws {
        let result = try Self.run(Self.app(
            infoPlist: #"{ "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.export"] }"#,
            handlers: "{}",
            actions: #"""
                {
                  "tapExport": [ { "step": "submit", "type": "continuedProcessing", "identifier": "com.example.video.export", "title": "Exporting video", "subtitle": "Holiday.mov" } ],
                  \#(Self.export)
                }
                """#,
            timeline: #"{ "at": "0s", "action": "launch" }, { "at": "1m", "action": "tap", "run": "tapExport" }"#))
        let diagnostic = try #require(result.diagnostics("BGS013").first)
        #expect(diagnostic.message.hasSuffix(": this process did not register it before submitting it"))
        #expect(diagnostic.fix == "Register com.example.video.export in the same action, before submitting it.")
    }

    @Test func submittingTheWildcardEntryItselfSaysToSubmitTheJobsIdentifier() throws {
        let result = try Self.run(Self.app(
            infoPlist: #"{ "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.export.*"] }"#,
            handlers: "{}",
            actions: #"""
                {
                  "tapExport": [ { "step": "submit", "type": "continuedProcessing", "identifier": "com.example.video.export.*", "title": "Exporting video", "subtitle": "Holiday.mov" } ],
                  \#(Self.export)
                }
                """#,
            timeline: #"{ "at": "0s", "action": "launch" }, { "at": "1m", "action": "tap", "run": "tapExport" }"#))
        let diagnostic = try #require(result.diagnostics("BGS010").first)
        #expect(diagnostic.fix == "Submit the job's own identifier, com.example.video.export.<n>, registered just before on the person's "
            + "action; the wildcard entry only permits such identifiers.")
    }

    @Test func aWildcardThatDoesNotStartWithTheBundleIdentifierSaysSo() throws {
        let result = try Self.run(Self.app(
            infoPlist: #"{ "BGTaskSchedulerPermittedIdentifiers": ["org.other.export.*"] }"#,
            handlers: "{}",
            actions: #"""
                {
                  "tapExport": [ { "step": "submit", "type": "continuedProcessing", "identifier": "com.example.video.export.1", "title": "Exporting video", "subtitle": "Holiday.mov" } ],
                  \#(Self.export)
                }
                """#,
            timeline: #"{ "at": "0s", "action": "launch" }, { "at": "1m", "action": "tap", "run": "tapExport" }"#))
        #expect(result.diagnostics("BGS010").first?.fix == "Start the wildcard entry with the bundle identifier: "
            + "com.example.video.<context>.* (not org.other.export.*), and submit identifiers under it.")
    }

    // MARK: Refresh and processing identifiers

    static let refresh = #"""
        "refresh": [
          { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" },
          { "step": "wait", "duration": "2s" },
          { "step": "setTaskCompleted", "success": true }
        ]
        """#

    @Test func aRefreshIdentifierUnderAWildcardMustBeListedExactly() throws {
        let result = try Self.run(Self.app(
            infoPlist: #"{ "UIBackgroundModes": ["fetch"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.tasks.*"] }"#,
            handlers: #"{ "didEnterBackground": "schedule" }"#,
            actions: #"""
                {
                  "schedule": [ { "step": "submit", "type": "appRefresh", "identifier": "com.example.video.tasks.refresh", "earliestBegin": "30m" } ],
                  \#(Self.refresh)
                }
                """#))
        let diagnostic = try #require(result.diagnostics("BGS010").first)
        #expect(diagnostic.message == "submit(_:) threw notPermitted: com.example.video.tasks.refresh is not in "
            + "BGTaskSchedulerPermittedIdentifiers (it falls under the wildcard entry com.example.video.tasks.*, which only continued "
            + "processing identifiers may use)")
        #expect(diagnostic.fix == "List com.example.video.tasks.refresh exactly in BGTaskSchedulerPermittedIdentifiers: an app refresh "
            + "identifier must be listed as it is; wildcard entries permit only continued processing identifiers.")
    }

    @Test func anUnlistedIdentifierSaysToAddItAndAMissingModeNamesTheMode() throws {
        let unlisted = try Self.run(Self.app(
            infoPlist: #"{ "UIBackgroundModes": ["fetch"], "BGTaskSchedulerPermittedIdentifiers": [] }"#,
            handlers: #"{ "didFinishLaunching": "registerTasks", "didEnterBackground": "schedule" }"#,
            actions: #"""
                {
                  "registerTasks": [ { "step": "register", "identifier": "com.example.video.refresh", "launchHandler": "refresh" } ],
                  "schedule": [ { "step": "submit", "type": "appRefresh", "identifier": "com.example.video.refresh", "earliestBegin": "30m" } ],
                  \#(Self.refresh)
                }
                """#))
        #expect(unlisted.diagnostics("BGS010").map(\.fix) == [
            "Add com.example.video.refresh to Info.plist's BGTaskSchedulerPermittedIdentifiers, exactly as the code registers and "
                + "submits it (a continued processing identifier may instead fall under a wildcard entry <bundle id>.<context>.*).",
            "Add com.example.video.refresh to Info.plist's BGTaskSchedulerPermittedIdentifiers, exactly as the code registers and submits it.",
        ])
        let noMode = try Self.run(Self.app(
            infoPlist: #"{ "UIBackgroundModes": [], "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.cleanup"] }"#,
            handlers: #"{ "didFinishLaunching": "registerTasks", "didEnterBackground": "schedule" }"#,
            actions: #"""
                {
                  "registerTasks": [ { "step": "register", "identifier": "com.example.video.cleanup", "launchHandler": "refresh" } ],
                  "schedule": [ { "step": "submit", "type": "processing", "identifier": "com.example.video.cleanup", "earliestBegin": "30m" } ],
                  \#(Self.refresh)
                }
                """#))
        #expect(noMode.diagnostics("BGS010").first?.fix == "Add processing to Info.plist's UIBackgroundModes (the Background Modes "
            + "capability in Xcode: Background processing), which processing tasks need.")
    }

    @Test func anIdentifierAnOlderBuildSubmittedSaysKeepRegisteringItAndCancelIt() throws {
        // Scenarios/app-update-stale-request, shortened: build 1 submits the old identifier, build 2 registers a new one.
        let result = try Self.run(Self.app(
            infoPlist: #"{ "UIBackgroundModes": ["processing"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.roundup"] }"#,
            handlers: #"{ "didFinishLaunching": "registerTasks", "didEnterBackground": "schedule" }"#,
            actions: #"""
                {
                  "registerTasks": [ { "step": "register", "identifier": "com.example.video.roundup", "launchHandler": "refresh" } ],
                  "schedule": [ { "step": "submit", "type": "processing", "identifier": "com.example.video.roundup", "earliestBegin": "30m" } ],
                  \#(Self.refresh)
                }
                """#,
            timeline: #"{ "at": "0s", "action": "launch" }, { "at": "1m", "action": "goHome" }, { "at": "2m", "action": "lock" }, { "at": "10m", "action": "updateApp", "build": "2" }"#,
            extra: #"""
                "updates": {
                  "2": {
                    "infoPlist": { "UIBackgroundModes": ["processing"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.roundup", "com.example.video.roundup2"] },
                    "actions": {
                      "registerTasks": [ { "step": "register", "identifier": "com.example.video.roundup2", "launchHandler": "refresh" } ],
                      "schedule": [ { "step": "submit", "type": "processing", "identifier": "com.example.video.roundup2", "earliestBegin": "30m" } ]
                    }
                  }
                },
                """#))
        let diagnostic = try #require(result.diagnostics("BGS013").first)
        #expect(diagnostic.message.hasPrefix("No launch handler registered for task with identifier com.example.video.roundup: build 1 "
            + "submitted it at 1m00.000s (app #1); the request outlived the update, and build 2 registers no handler for it"))
        #expect(diagnostic.fix == "Keep registering com.example.video.roundup at launch in this build (a handler that completes at once "
            + "is enough), and cancel its request (cancel(taskRequestWithIdentifier: \"com.example.video.roundup\")): a request an older "
            + "build submitted stays pending across the update.")
    }

    @Test func aRegistrationInTheSceneSaysNoSceneConnectsForABackgroundLaunch() throws {
        // Scenarios/scene-registers-too-late, shortened.
        let result = try Self.run(Self.app(
            infoPlist: #"""
                { "UIBackgroundModes": ["fetch"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.refresh"],
                  "UIApplicationSceneManifest": { "UIApplicationSupportsMultipleScenes": false } }
                """#,
            handlers: #"{ "sceneWillConnect": "registerTasks", "sceneDidEnterBackground": "schedule" }"#,
            actions: #"""
                {
                  "registerTasks": [ { "step": "register", "identifier": "com.example.video.refresh", "launchHandler": "refresh" } ],
                  "schedule": [ { "step": "submit", "type": "appRefresh", "identifier": "com.example.video.refresh", "earliestBegin": "15m" } ],
                  \#(Self.refresh)
                }
                """#,
            timeline: #"{ "at": "0s", "action": "launch" }, { "at": "1m", "action": "goHome" }, { "at": "5m", "action": "memoryPressure" }"#))
        let diagnostic = try #require(result.diagnostics("BGS013").first)
        #expect(diagnostic.message.contains(": app #1 registered it only after its launch had finished (at "))
        #expect(diagnostic.message.hasSuffix("in scene(_:willConnectTo:options:) or later), and this background launch ran no such code"))
        #expect(diagnostic.fix == "Register com.example.video.refresh in application(_:didFinishLaunchingWithOptions:), before it returns: "
            + "no scene connects for a background launch, so code in scene(_:willConnectTo:options:) does not run.")
    }

    @Test func aRegistrationBehindAConditionSaysRegisterUnconditionally() throws {
        // Registered at launch only when opened by the person: the background launch for the request registers nothing.
        let result = try Self.run(Self.app(
            infoPlist: #"{ "UIBackgroundModes": ["fetch"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.refresh"] }"#,
            handlers: #"{ "didFinishLaunching": "registerTasks", "didEnterBackground": "schedule" }"#,
            actions: #"""
                {
                  "registerTasks": [ { "step": "if", "condition": { "not": { "applicationState": "background" } },
                    "then": [ { "step": "register", "identifier": "com.example.video.refresh", "launchHandler": "refresh" } ] } ],
                  "schedule": [ { "step": "submit", "type": "appRefresh", "identifier": "com.example.video.refresh", "earliestBegin": "15m" } ],
                  \#(Self.refresh)
                }
                """#,
            timeline: #"{ "at": "0s", "action": "launch" }, { "at": "1m", "action": "goHome" }, { "at": "5m", "action": "memoryPressure" }"#))
        let diagnostic = try #require(result.diagnostics("BGS013").first)
        #expect(diagnostic.process == 2)
        #expect(diagnostic.message == "No launch handler registered for task with identifier com.example.video.refresh: app #1 registered "
            + "it at launch and this launch did not: what decides the registration (a flag, a setting) changed")
        #expect(diagnostic.fix == "Register com.example.video.refresh at launch unconditionally (in "
            + "application(_:didFinishLaunchingWithOptions:)); let the flag or setting decide only whether to submit.")
    }

    @Test func aRegistrationSkippedByAFlagAndASubmitItAllowsSaysLetTheFlagDecideOnlyTheSubmit() throws {
        // Scenarios/mistake-register-on-feature-flag, shortened.
        let result = try Self.run(Self.app(
            infoPlist: #"{ "UIBackgroundModes": ["processing"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.ingest"] }"#,
            handlers: #"{ "didFinishLaunching": "setUp", "didEnterBackground": "schedule" }"#,
            actions: #"""
                {
                  "setUp": [ { "step": "if", "condition": { "flag": "enabled" },
                    "then": [ { "step": "register", "identifier": "com.example.video.ingest", "launchHandler": "refresh" } ] } ],
                  "turnOn": [ { "step": "set", "flag": "enabled", "to": true } ],
                  "schedule": [ { "step": "if", "condition": { "flag": "enabled" },
                    "then": [ { "step": "submit", "type": "processing", "identifier": "com.example.video.ingest", "earliestBegin": "1h" } ] } ],
                  \#(Self.refresh)
                }
                """#,
            timeline: #"{ "at": "0s", "action": "launch" }, { "at": "30s", "action": "tap", "run": "turnOn" }, { "at": "1m", "action": "goHome" }"#,
            extra: #""flags": { "enabled": false },"#))
        let diagnostic = try #require(result.diagnostics("BGS013").first)
        #expect(diagnostic.message == "No launch handler registered for task with identifier com.example.video.ingest: this process "
            + "registered no handler for it before submitting it")
        #expect(diagnostic.fix == "Register com.example.video.ingest at launch unconditionally (in "
            + "application(_:didFinishLaunchingWithOptions:)); let the flag or setting decide only whether to submit.")
    }

    // MARK: Swift

    /// Swift code that submits a per-job continued identifier without registering it.
    nonisolated final class UnregisteredJobApp: SimulatedApplicationDelegate, @unchecked Sendable {
        func application(_ application: UIApplication, performUserAction name: String) async {
            try? BGTaskScheduler.shared.submit(BGContinuedProcessingTaskRequest(
                identifier: "com.example.video.export.7", title: "Exporting video", subtitle: "Holiday.mov"))
        }
    }

    @Test func swiftCodeGetsTheWildcardCaseToo() throws {
        let scenario = Scenario(
            name: "swift-job", stopAt: .seconds(60),
            app: AppDefinition(bundleIdentifier: "com.example.video", permittedIdentifiers: ["com.example.video.export.*"]),
            timeline: [at(0, .launch), at(5, .tap(action: "export"))])
        let result = Simulation(scenario: scenario, app: { UnregisteredJobApp() }).run()
        #expect(result.ruleIDs == ["BGS013"])
        #expect(result.diagnostics.first?.message.hasSuffix("it falls under the wildcard entry com.example.video.export.*, which "
            + "permits such identifiers but registers none") == true)
        #expect(result.diagnostics.first?.fix.hasPrefix("com.example.video.export.7 was submitted without a handler") == true)
    }
}
