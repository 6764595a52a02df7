import ScenarioFormat
import SimulationKernel
import SimulationModel
import Testing
@testable import SimulationExplorer

/// What counts as a failure: each property breaks on a buggy app and stays quiet on a correct one; rules the
/// scenario expects are not failures; the unperturbed run answers to every expectation.
@Suite struct JudgeTests {
    /// A refresh app whose handler and expiration handler are the given steps; the refresh is due 30 minutes after 1m.
    static func refreshApp(handler: String, onExpiration: String, expect: String = "{}") throws -> ExplorationTarget {
        ExplorationTarget(scenario: try scenario("""
            {
              "format": 1, "name": "judge", "stopAt": "2h",
              "app": {
                "bundleIdentifier": "com.example.judge",
                "infoPlist": { "UIBackgroundModes": ["fetch"], "BGTaskSchedulerPermittedIdentifiers": ["com.example.judge.refresh"] },
                "handlers": { "didFinishLaunching": "registerTasks", "didEnterBackground": "schedule" },
                "actions": {
                  "registerTasks": [ { "step": "register", "identifier": "com.example.judge.refresh", "launchHandler": "refresh" } ],
                  "schedule": [ { "step": "submit", "identifier": "com.example.judge.refresh", "type": "appRefresh", "earliestBegin": "30m" } ],
                  "refresh": [ { "step": "setTaskExpirationHandler", "onExpiration": \(onExpiration) } \(handler) ]
                }
              },
              "timeline": [ { "at": "0s", "action": "launch" }, { "at": "1m", "action": "goHome" } ],
              "expect": \(expect)
            }
            """))
    }

    /// Expires the refresh 1 s after it starts (it starts at 31m).
    static let expireEarly = FaultPlan(faults: [Fault(at: .zero + 1_861 * second, kind: .expireTask, identifier: "com.example.judge.refresh")])

    @Test func successAfterExpiryBreaksItsProperty() throws {
        let buggy = try Self.refreshApp(
            handler: #", { "step": "wait", "duration": "3s" }"#, onExpiration: #"[ { "step": "setTaskCompleted", "success": true } ]"#)
        #expect(try buggy.outcome(of: Self.expireEarly).failures == [.property(.noSuccessAfterExpiry)])
        let correct = try Self.refreshApp(
            handler: #", { "step": "wait", "duration": "3s" }"#, onExpiration: #"[ { "step": "setTaskCompleted", "success": false } ]"#)
        #expect(try correct.outcome(of: Self.expireEarly).failures == [])
    }

    @Test func completingTwiceBreaksItsPropertyUnlessTheScenarioExpectsIt() throws {
        // A background task keeps the app running after the expiration, so the handler goes on and completes again.
        let handler = #"""
            , { "step": "beginBackgroundTask", "id": "hold", "onExpiration": "endTask" }, { "step": "wait", "duration": "3s" },
            { "step": "setTaskCompleted", "success": true }, { "step": "endBackgroundTask", "id": "hold" }
            """#
        let expiration = #"[ { "step": "setTaskCompleted", "success": false } ]"#
        // No list of diagnostics: a warning is a failure only through the property.
        let quietList = try Self.refreshApp(handler: handler, onExpiration: expiration)
        let plan = Self.expireEarly
        #expect(try quietList.outcome(of: plan).failures == [.property(.completedOnce)])
        // With an empty list, the rule itself is the failure (the property says nothing more).
        let strict = try Self.refreshApp(handler: handler, onExpiration: expiration, expect: #"{ "diagnostics": [] }"#)
        #expect(try strict.outcome(of: plan).failures == [FailureSignature(.rule, "BGS016")])
        // Expected by the scenario: a known bug, not a finding.
        let known = try Self.refreshApp(handler: handler, onExpiration: expiration, expect: #"{ "diagnostics": ["BGS016"] }"#)
        #expect(try known.outcome(of: plan).failures == [])
    }

    @Test func aWatchdogKillIsReportedOnceByItsRule() throws {
        // Never completes: the task's time runs out, its expiration handler returns without completing it (BGS031),
        // the grace passes and the watchdog kills the app (BGS014).
        let never = try Self.refreshApp(handler: "", onExpiration: #"[ { "step": "cancelWork" } ]"#)
        let failures = try never.outcome(of: FaultPlan()).failures
        #expect(failures == [FailureSignature(.rule, "BGS014")])
        let expected = try Self.refreshApp(
            handler: "", onExpiration: #"[ { "step": "cancelWork" } ]"#,
            expect: #"{ "diagnostics": ["BGS014", "BGS031"], "terminations": ["watchdog"] }"#)
        #expect(try expected.outcome(of: FaultPlan()).failures == [])
    }

    @Test func theUnperturbedRunAnswersToEveryExpectationAndPerturbedRunsDoNot() throws {
        let target = try sample("save-on-background")
        // The swipe at 5m is expected; a memory-pressure kill instead of it fails only the unperturbed run's expectations.
        var scenario = target.scenario
        scenario.expectations.terminations = [.memoryPressure]
        let strict = ExplorationTarget(scenario: scenario)
        #expect(try strict.outcome(of: FaultPlan()).failures == [FailureSignature(.expectation, "terminations memoryPressure")])
        #expect(try strict.outcome(of: FaultPlan(faults: [Fault(at: .zero, kind: .lowPowerMode)])).failures == [])
    }

    @Test func aCorrectSampleIsQuietUnderHarmlessFaults() throws {
        let target = try sample("save-on-background")
        let plan = FaultPlan(faults: [
            Fault(at: .zero + 10 * second, kind: .networkLoss), Fault(at: .zero + 12 * second, kind: .networkReturn),
            Fault(at: .zero + 20 * second, kind: .lowPowerMode), Fault(at: .zero + 60 * second, kind: .memoryPressure),
        ])
        let outcome = try target.outcome(of: plan)
        #expect(outcome.passed, "\(outcome.failures)")
        #expect(outcome.milestones.contains(.terminatedByMemoryPressure))
        // Every injected fault took effect, and the run says so.
        #expect(FaultKind.kinds(in: outcome.effectiveBits) == [.memoryPressure, .networkLoss, .networkReturn, .lowPowerMode])
    }

    @Test func anIgnoredFaultDidNotTakeEffect() throws {
        // At 0 the app is still launching in the foreground: memory pressure has nothing to kill.
        let outcome = try sample("save-on-background").outcome(of: FaultPlan(faults: [Fault(at: .zero, kind: .memoryPressure)]))
        #expect(FaultKind.kinds(in: outcome.injectedBits) == [.memoryPressure])
        #expect(FaultKind.kinds(in: outcome.effectiveBits) == [])
    }

    @Test func aCampaignSaysWhatItNeverReached() throws {
        let result = Campaign(target: try sample("save-on-background"), settings: CampaignSettings(runs: 40, shrinks: false)).run()
        #expect(result.unreached.contains(.taskExpired))
        #expect(result.unreached.contains(.liveActivity))
        #expect(!result.unreached.contains(.background))
        #expect(result.faults.first { $0.kind == .expireTask }?.injected == 0)
    }
}
