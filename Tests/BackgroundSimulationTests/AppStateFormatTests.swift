import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// What the format could not say before (issue 11): app state and conditions, loops until cancelled, app updates,
/// scene callbacks, and the new expectations; each decoded, run, and its mistakes reported.
@Suite struct AppStateFormatTests {
    /// A scenario file around `app` (the inside of "app": {...}) and `timeline`, with `expect`.
    static func file(app: String, timeline: String = #"[{ "at": "0s", "action": "launch" }]"#, expect: String = "{}") -> String {
        """
        { "format": 1, "name": "state", "stopAt": "10m",
          "app": { "bundleIdentifier": "com.example.notes", \(app) },
          "timeline": \(timeline), "expect": \(expect) }
        """
    }

    static func decode(_ json: String) throws -> Scenario {
        try Scenario.decode(Data(json.utf8), file: "x.json")
    }

    static func failure(_ json: String) -> ScenarioError? {
        ScenarioDecodingTests.failure(json)
    }

    // MARK: Flags, set, if, while

    @Test func aFlagDecidesABranchAndSetChangesIt() throws {
        let json = Self.file(app: """
            "flags": { "enabled": false },
            "handlers": { "didBecomeActive": "check" },
            "actions": {
              "check": [ { "step": "if", "condition": { "flag": "enabled" },
                           "then": [ { "step": "log", "message": "on" } ], "else": [ { "step": "log", "message": "off" } ] } ],
              "turnOn": [ { "step": "set", "flag": "enabled", "to": true } ]
            }
            """, timeline: #"""
            [{ "at": "0s", "action": "launch" }, { "at": "5s", "action": "tap", "run": "turnOn" },
             { "at": "6s", "action": "openControlCenter" }, { "at": "7s", "action": "closeControlCenter" },
             { "at": "8s", "action": "memoryPressure" }]
            """#)
        let scenario = try Self.decode(json)
        #expect(scenario.app.flags.map(\.name) == ["enabled"])
        let result = Simulation(scenario: scenario).run()
        // Off at launch, on after the tap; memory is per process, so a relaunch would start off again.
        #expect(result.events(.app(.log)).compactMap { $0["message"]?.string } == ["off", "on"])
    }

    @Test func theStoredIdentifierPatternIsWrittenAsAppsWriteIt() {
        // `if taskID != .invalid { end(taskID); taskID = .invalid }`, run twice: the second time it does nothing.
        let guarded: [Step] = [.if(.valid("t"), then: [end("t"), .setInvalid(variable: "t")], otherwise: [])]
        let result = run(
            actions: ["start": [begin("t")], "finish": guarded + guarded],
            timeline: [at(0, .launch), at(1, .tap(action: "start")), at(2, .tap(action: "finish"))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.backgroundTime(.taskEnd)).count == 1)
        // Without the guard: the second end is "Can't end BackgroundTask".
        let unguarded = run(
            actions: ["start": [begin("t")], "finish": [end("t"), end("t")]],
            timeline: [at(0, .launch), at(1, .tap(action: "start")), at(2, .tap(action: "finish"))])
        #expect(unguarded.ruleIDs == ["BGS002"])
    }

    @Test func backgroundTimeRemainingAndApplicationStateConditions() {
        let check: [Step] = [
            .if(.backgroundTimeRemainingBelow(seconds(10)), then: [.log("little time")], otherwise: [.log("enough time")]),
            .if(.applicationState(.background), then: [.log("background")], otherwise: [.log("not background")]),
        ]
        let result = run(
            actions: ["sync": [begin("t"), .dispatchMain(delay: seconds(25), steps: check), .dispatchMain(delay: seconds(26), steps: [end("t")])],
                      "look": check],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(5, .tap(action: "look")), at(10, .goHome)])
        // In the foreground the remaining time is unlimited; 25 s into the 30 s budget, 5 s are left.
        #expect(result.events(.app(.log)).compactMap { $0["message"]?.string } == ["enough time", "not background", "little time", "background"])
    }

    @Test func aLoopThatTakesNoTimeIsStopped() {
        let result = run(
            actions: ["spin": [.while(.not(.cancelled), steps: [.log("again")])]],
            timeline: [at(0, .launch), at(1, .tap(action: "spin"))])
        #expect(result.events(.app(.log)).count == 1000)
        #expect(result.events(.app(.stepIgnored)).first?["step"] == "while")
        #expect(result.ending == .completed)
    }

    @Test func theNewStepsAreCheckedAgainstTheApp() {
        let base = Self.file(app: """
            "flags": { "enabled": false },
            "actions": { "a": [ { "step": "beginBackgroundTask", "id": "saveTask" }, STEP ] }
            """)
        func error(_ step: String) -> ScenarioError? { Self.failure(base.replacingOccurrences(of: "STEP", with: step)) }
        #expect(error(#"{ "step": "set", "flag": "enabeld", "to": true }"#)?.message.hasPrefix("no flag named \"enabeld\" in app.flags (did you mean \"enabled\"?)") == true)
        #expect(error(#"{ "step": "set", "id": "saveTsk", "to": "invalid" }"#)?.message.hasPrefix("no beginBackgroundTask stores an identifier in \"saveTsk\" (did you mean \"saveTask\"?)") == true)
        #expect(error(#"{ "step": "set", "id": "saveTask", "to": "none" }"#)?.message.hasPrefix("a stored background task identifier can only be set to \"invalid\"") == true)
        #expect(error(#"{ "step": "set", "flag": "enabled", "id": "saveTask", "to": true }"#)?.message.hasPrefix("set needs either") == true)
        #expect(error(#"{ "step": "if", "condition": { "flag": "enabled", "valid": "saveTask" }, "then": [] }"#)?.message.hasPrefix("a condition object has exactly one of") == true)
        #expect(error(#"{ "step": "while", "condition": "canceled", "steps": [] }"#)?.message.hasPrefix("unknown condition \"canceled\" (did you mean \"cancelled\"?)") == true)
        #expect(error(#"{ "step": "if", "condition": { "valid": "other" }, "then": [] }"#)?.location == "app.actions.a[1].condition")
        #expect(error(#"{ "step": "setTaskCompleted", "success": { "flag": "nope" } }"#)?.location == "app.actions.a[1].success")
        #expect(error(#"{ "step": "register", "identifier": "x", "launchHandler": "a", "isolation": "main" }"#)?.message.hasPrefix("unknown isolation \"main\"") == true)
        #expect(error(#"{ "step": "if", "condition": { "not": "cancelled" }, "then": [ { "step": "log", "message": "x" } ] }"#) == nil)
    }

    // MARK: {n}

    @Test func aRegisteredJobNumberIsTheSubmittedOne() throws {
        let register = Step.register(identifier: "com.example.video.export.{n}", launchHandler: "runExport", onMainQueue: false, asyncHandler: false)
        // register, submit, submit: the first submit takes the registered number, the second a new one (and crashes:
        // nothing registered it).
        let app = ContinuedProcessingTests.app(
            job: ContinuedProcessingTests.job(units: 1), export: [register, ContinuedProcessingTests.request(), ContinuedProcessingTests.request()],
            registersJobs: false)
        let result = ContinuedProcessingTests.run(app)
        #expect(result.events(.task(.register)).map { $0["identifier"]?.string ?? "" } == ["com.example.video.export.1"])
        #expect(result.events(.task(.submit)).map { $0["identifier"]?.string ?? "" } == ["com.example.video.export.1"])
        #expect(result.diagnostics.map(\.message) == ["No launch handler registered for task with identifier com.example.video.export.2: "
            + "it falls under the wildcard entry com.example.video.export.*, which permits such identifiers but registers none"])
    }

    // MARK: Scenes

    static let sceneApp = """
        "infoPlist": { "UIApplicationSceneManifest": { "UIApplicationSupportsMultipleScenes": false } },
        "handlers": { "sceneWillConnect": "connect", "sceneDidEnterBackground": "background", "didEnterBackground": "appBackground" },
        "actions": {
          "connect": [ { "step": "log", "message": "connected" } ],
          "background": [ { "step": "log", "message": "scene background" } ],
          "appBackground": [ { "step": "log", "message": "app background" } ]
        }
        """

    @Test func aSceneAppHearsTheSceneDelegateCallbacks() throws {
        let scenario = try Self.decode(Self.file(app: Self.sceneApp, timeline: #"[{ "at": "0s", "action": "launch" }, { "at": "10s", "action": "goHome" }, { "at": "20s", "action": "returnToApp" }]"#))
        #expect(scenario.app.usesScenes)
        let result = Simulation(scenario: scenario).run()
        #expect(result.events(.app(.callback)).filter { $0["phase"] == "start" }.compactMap { $0["callback"]?.string } == [
            "didFinishLaunching", "sceneWillConnect", "sceneWillEnterForeground", "sceneDidBecomeActive",
            "sceneWillResignActive", "sceneDidEnterBackground", "sceneWillEnterForeground", "sceneDidBecomeActive",
        ])
        // TN3187: applicationDidEnterBackground is not called in an app that uses scenes.
        #expect(result.events(.app(.log)).compactMap { $0["message"]?.string } == ["connected", "scene background"])
    }

    @Test func aBackgroundLaunchConnectsNoSceneUntilThePersonOpensTheApp() throws {
        let scenario = try Self.decode(Self.file(app: Self.sceneApp, timeline: #"[{ "at": "0s", "action": "backgroundLaunch" }, { "at": "10s", "action": "launch" }]"#))
        let result = Simulation(scenario: scenario).run()
        let connect = try #require(result.events(.app(.callback)).first { $0["callback"] == "sceneWillConnect" })
        #expect(connect.time == seconds(10))
    }

    @Test func sceneCallbacksNeedTheSceneManifest() {
        let error = Self.failure(Self.file(app: #""handlers": { "sceneWillConnect": "a" }, "actions": { "a": [] }"#))
        #expect(error?.location == "app.handlers.sceneWillConnect")
        #expect(error?.message.hasPrefix("sceneWillConnect is a scene delegate callback") == true)
    }

    @Test func aSlowSceneDidEnterBackgroundIsKilledLikeTheAppDelegates() throws {
        let app = AppDefinition(
            bundleIdentifier: "com.example.notes", handlers: [(callback: .sceneDidEnterBackground, action: "slow")],
            actions: ["slow": [busy(6)]], usesScenes: true)
        let result = Simulation(scenario: Scenario(name: "scene", stopAt: .seconds(60), app: app, timeline: [at(0, .launch), at(10, .goHome)])).run()
        #expect(result.ruleIDs == ["BGS006"])
        #expect(result.diagnostics.first?.message == "sceneDidEnterBackground did not return within 5s")
    }

    // MARK: App updates

    @Test func anUpdateInstallsTheNewBuildsCode() throws {
        let json = Self.file(app: """
            "build": "1.0", "flags": { "newUI": false },
            "handlers": { "didBecomeActive": "hello" },
            "actions": { "hello": [ { "if": 1 } ] },
            "updates": { "2.0": { "flags": { "newUI": true }, "actions": { "hello": [
              { "step": "if", "condition": { "flag": "newUI" }, "then": [ { "step": "log", "message": "2.0 new UI" } ] } ] } } }
            """.replacingOccurrences(of: #"[ { "if": 1 } ]"#, with: #"[ { "step": "log", "message": "1.0" } ]"#),
            timeline: #"[{ "at": "0s", "action": "launch" }, { "at": "10s", "action": "updateApp", "build": "2.0" }, { "at": "20s", "action": "launch" }]"#)
        let scenario = try Self.decode(json)
        #expect(scenario.app.updates.map(\.build) == ["2.0"])
        let result = Simulation(scenario: scenario).run()
        #expect(result.events(.app(.log)).compactMap { $0["message"]?.string } == ["1.0", "2.0 new UI"])
        #expect(result.terminations == [.appUpdated])
        #expect(result.events(.person(.action)).first { $0["action"] == "updateApp" }?["build"] == "2.0")
    }

    @Test func updatesAreCheckedAgainstTheirBuild() {
        let unknownBuild = Self.failure(Self.file(app: #""actions": {}, "updates": { "2.0": {} }"#,
                                                  timeline: #"[{ "at": "0s", "action": "updateApp", "build": "2.1" }]"#))
        #expect(unknownBuild?.location == "timeline[0].build")
        #expect(unknownBuild?.message.hasPrefix("no build \"2.1\" in app.updates (did you mean \"2.0\"?)") == true)
        let badHandler = Self.failure(Self.file(app: #""actions": { "a": [] }, "updates": { "2.0": { "handlers": { "didBecomeActive": "b" } } }"#))
        #expect(badHandler?.location == "app.updates.2.0.handlers.didBecomeActive")
        let sameBuild = Self.failure(Self.file(app: #""build": "2.0", "actions": {}, "updates": { "2.0": {} }"#))
        #expect(sameBuild?.message.hasPrefix("build \"2.0\" is the app's own build") == true)
        // A tap after the update is checked against the new build's actions.
        let tap = Self.failure(Self.file(app: #""actions": { "a": [] }, "updates": { "2.0": { "actions": { "b": [] } } }"#,
                                         timeline: #"[{ "at": "0s", "action": "updateApp", "build": "2.0" }, { "at": "1s", "action": "tap", "run": "c" }]"#))
        #expect(tap?.message.hasPrefix("no action named \"c\" in app.actions of build 2.0") == true)
    }

    // MARK: Profile switches

    @Test func switchesAreOverriddenByName() throws {
        func withOverrides(_ overrides: String) -> String {
            Self.file(app: #""actions": {}"#).replacingOccurrences(of: #""stopAt": "10m","#, with: #""stopAt": "10m", "overrides": \#(overrides),"#)
        }
        let scenario = try Self.decode(withOverrides(#"{ "registrationAfterLaunch": "raises", "lowPowerModeRefusesSubmit": true, "consolePrivateData": "redacted" }"#))
        #expect(scenario.profile.registrationAfterLaunch == .raises)
        #expect(scenario.profile.lowPowerModeRefusesSubmit)
        #expect(scenario.profile.consolePrivateData == .redacted)
        let unknown = Self.failure(withOverrides(#"{ "continuedWildcardRegistration": "matches" }"#))
        #expect(unknown?.location == "overrides.continuedWildcardRegistration")
        #expect(unknown?.message.hasPrefix("unknown continuedWildcardRegistration \"matches\" (did you mean \"matchesComposed\"?)") == true)
        #expect(Self.failure(withOverrides(#"{ "lowPowerModeRefusesSubmit": "yes" }"#))?.location == "overrides.lowPowerModeRefusesSubmit")
    }

    // MARK: Expectations

    static func check(_ expect: String, app: String = #""actions": { "save": [ { "step": "save", "checkpoint": "draft" } ], "twice": [ { "step": "beginBackgroundTask", "id": "t" }, { "step": "endBackgroundTask", "id": "t" }, { "step": "endBackgroundTask", "id": "t" } ] }"#,
                      timeline: String = #"[{ "at": "0s", "action": "launch" }, { "at": "1s", "action": "tap", "run": "save" }, { "at": "2s", "action": "tap", "run": "twice" }]"#) throws -> [ExpectationResult] {
        Simulation(scenario: try decode(file(app: app, timeline: timeline, expect: expect))).run().expectations
    }

    @Test func notSavedAndAllowedDiagnostics() throws {
        #expect(try Self.check(#"{ "notSaved": ["other"] }"#).allSatisfy(\.passed))
        #expect(try Self.check(#"{ "notSaved": ["draft"] }"#).map(\.passed) == [false])
        // BGS002 fires: allowed, it passes; required elsewhere, allowed here, it passes too; not allowed, it fails.
        #expect(try Self.check(#"{ "allowedDiagnostics": ["BGS002"] }"#).map(\.passed) == [true])
        #expect(try Self.check(#"{ "diagnostics": ["BGS002"], "allowedDiagnostics": ["BGS003"] }"#).map(\.passed) == [true])
        #expect(try Self.check(#"{ "allowedDiagnostics": ["BGS003"] }"#).map(\.passed) == [false])
        #expect(Self.failure(Self.file(app: #""actions": {}"#, expect: #"{ "diagnostics": ["BGS002"], "allowedDiagnostics": ["BGS002"] }"#))?
            .message.hasPrefix("BGS002 is in diagnostics already") == true)
        #expect(Self.failure(Self.file(app: #""actions": {}"#, expect: #"{ "saved": ["a"], "notSaved": ["a"] }"#))?.location == "expect.notSaved[0]")
    }

    @Test func taskExpectationsCountAndDescribeRuns() throws {
        let app = ContinuedProcessingTests.app(job: ContinuedProcessingTests.job(units: 2))
        var scenario = Scenario(name: "tasks", stopAt: .seconds(600), app: app, timeline: ContinuedProcessingTests.exportThenHome
            + [at(50, .returnToApp), at(60, .tap(action: "export"))])
        scenario.expectations = Expectations(tasks: [
            .init(identifier: "com.example.video.export.*", runs: 1, ended: "completed", success: true, endedWithin: seconds(10)),
            .init(identifier: "com.example.video.export.1", ended: "completed", endedWithin: seconds(5)),
        ])
        let results = Simulation(scenario: scenario).run().expectations
        // Two runs, each done in 6 s: the count and the 5 s bound fail, the rest holds.
        #expect(results.map(\.passed) == [false, false])
        #expect(results[0].expectation == "task com.example.video.export.*: 1 run(s), ended completed, success true, each within 10s")
        #expect(results[0].actual == "2 run(s); com.example.video.export.1 completed, success true after 6.000s; com.example.video.export.2 completed, success true after 6.000s")
        scenario.expectations = Expectations(tasks: [.init(identifier: "com.example.video.export.*", runs: 2, endedWithin: seconds(6))])
        #expect(Simulation(scenario: scenario).run().expectations.map(\.passed) == [true])
        let unknownEnding = Self.failure(Self.file(app: #""actions": {}"#, expect: #"{ "tasks": { "x": { "ended": "finished" } } }"#))
        #expect(unknownEnding?.location == "expect.tasks.x.ended")
    }
}
