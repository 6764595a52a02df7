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
        let handler = #", { "step": "wait", "duration": "3s" }"#
        let buggy = try Self.refreshApp(handler: handler, onExpiration: #"[ { "step": "setTaskCompleted", "success": true } ]"#)
        // The app bug's rule (BGS030, a warning) is the failure; the property says nothing more.
        #expect(try buggy.outcome(of: Self.expireEarly).failures == [FailureSignature(.rule, "BGS030")])
        // Where the rule does not fail the run, the property still does.
        let errorsOnly = ExplorationTarget(scenario: buggy.scenario, failOn: .error)
        #expect(try errorsOnly.outcome(of: Self.expireEarly).failures == [.property(.noSuccessAfterExpiry)])
        let correct = try Self.refreshApp(handler: handler, onExpiration: #"[ { "step": "setTaskCompleted", "success": false } ]"#)
        #expect(try correct.outcome(of: Self.expireEarly).failures == [])
    }

    @Test func completingTwiceBreaksItsPropertyUnlessTheScenarioExpectsIt() throws {
        // A background task keeps the app running after the expiration, so the handler goes on and completes again.
        let handler = #"""
            , { "step": "beginBackgroundTask", "id": "hold", "onExpiration": "endTask" }, { "step": "wait", "duration": "3s" },
            { "step": "setTaskCompleted", "success": true }, { "step": "endBackgroundTask", "id": "hold" }
            """#
        let expiration = #"[ { "step": "setTaskCompleted", "success": false } ]"#
        let plan = Self.expireEarly
        // No expect: an app bug fails the run at any severity, so the rule (a warning) is the failure, and the property,
        // which it explains, says nothing more.
        let quiet = try Self.refreshApp(handler: handler, onExpiration: expiration)
        #expect(try quiet.outcome(of: plan).failures == [FailureSignature(.rule, "BGS016")])
        // With an empty list, the same.
        let strict = try Self.refreshApp(handler: handler, onExpiration: expiration, expect: #"{ "diagnostics": [] }"#)
        #expect(try strict.outcome(of: plan).failures == [FailureSignature(.rule, "BGS016")])
        // --fail-on error leaves the warning to the property.
        let errorsOnly = ExplorationTarget(scenario: quiet.scenario, failOn: .error)
        #expect(try errorsOnly.outcome(of: plan).failures == [.property(.completedOnce)])
        // Expected by the scenario: a known bug, not a finding.
        let known = try Self.refreshApp(handler: handler, onExpiration: expiration, expect: #"{ "diagnostics": ["BGS016"] }"#)
        #expect(try known.outcome(of: plan).failures == [])
        let allowed = try Self.refreshApp(handler: handler, onExpiration: expiration, expect: #"{ "allowedDiagnostics": ["BGS016"] }"#)
        #expect(try allowed.outcome(of: plan).failures == [])
    }

    @Test func aWatchdogKillIsReportedOnceByItsRule() throws {
        // Never completes: the task's time runs out, its expiration handler returns without completing it (BGS031),
        // the grace passes and the watchdog kills the app (BGS014). Both are app bugs; the property neverWatchdog,
        // which BGS014 explains, says nothing more.
        let never = try Self.refreshApp(handler: "", onExpiration: #"[ { "step": "cancelWork" } ]"#)
        let failures = try never.outcome(of: FaultPlan()).failures
        #expect(failures == [FailureSignature(.rule, "BGS014"), FailureSignature(.rule, "BGS031")])
        let expected = try Self.refreshApp(
            handler: "", onExpiration: #"[ { "step": "cancelWork" } ]"#,
            expect: #"{ "diagnostics": ["BGS014", "BGS031"], "terminations": ["watchdog"] }"#)
        #expect(try expected.outcome(of: FaultPlan()).failures == [])
    }

    // MARK: App bugs and system notices

    @Test func anAppBugWarningFailsARunWhateverTheScenarioLists() throws {
        // The work ends without setTaskCompleted: BGS031, a warning, and the only diagnostic. It failed no campaign of a
        // scenario with no expect before rules had categories; it must fail every one now.
        let idle = try Self.refreshApp(
            handler: #", { "step": "wait", "duration": "3s" }"#, onExpiration: #"[ { "step": "setTaskCompleted", "success": false } ]"#)
        let run = try idle.result(of: FaultPlan())
        #expect(Set(run.diagnostics.map(\.rule.id)) == ["BGS031"])
        #expect(Rules.workFinishedWithoutCompleting.severity == .warning)
        let perturbed = FaultPlan(seed: 5)
        for plan in [FaultPlan(), perturbed] {
            #expect(try idle.outcome(of: plan).failures == [FailureSignature(.rule, "BGS031")])
            #expect(try ExplorationTarget(scenario: idle.scenario, failOn: .warning).outcome(of: plan).failures
                == [FailureSignature(.rule, "BGS031")])
            #expect(try ExplorationTarget(scenario: idle.scenario, failOn: .error).outcome(of: plan).failures == [])
            #expect(try ExplorationTarget(scenario: idle.scenario, failOn: .never).outcome(of: plan).failures == [])
        }
        // A whole campaign finds it at run 0, and so does exploration.
        let campaign = Campaign(target: idle, settings: CampaignSettings(runs: 8, shrinks: false)).run()
        #expect(campaign.failures.map(\.signature) == [FailureSignature(.rule, "BGS031")])
        #expect(campaign.failures.first?.firstRun == 0)
        #expect(campaign.failOn == .appBug)
        let explored = Exploration(target: idle, maximumSchedules: 8).run()
        #expect(explored.failures.map(\.signature) == [FailureSignature(.rule, "BGS031")])
    }

    @Test func aSystemNoticeNeverFailsAPerturbedRunWhateverTheScenarioLists() throws {
        // continued-fail-beyond-limit: the system refuses a .fail request that cannot begin at once (BGS024, a notice).
        // Made strict, its unperturbed run fails its own expectation ("no diagnostics" describes that run, notices
        // included), but no perturbed run fails on the notice, under any --fail-on.
        var scenario = try sample("continued-fail-beyond-limit").scenario
        scenario.expectations = Expectations(diagnostics: [])
        let plan = FaultPlan(seed: 5)
        for failOn in FailOn.allCases {
            let target = ExplorationTarget(scenario: scenario, failOn: failOn)
            let run = try target.result(of: plan)
            #expect(Set(run.diagnostics.map(\.rule.id)) == ["BGS024"])
            #expect(try target.outcome(of: plan).failures == [], "\(failOn)")
            #expect(try target.outcome(of: FaultPlan()).failures == [FailureSignature(.expectation, "no diagnostics")])
        }
        // As written (it expects BGS024), every run passes; and with no expect at all, so does run 0.
        let written = try sample("continued-fail-beyond-limit")
        #expect(try written.outcome(of: plan).failures == [])
        scenario.expectations = Expectations()
        #expect(try ExplorationTarget(scenario: scenario).outcome(of: FaultPlan()).failures == [])
    }

    @Test func failOnCountsOnlyAppBugsOfItsSeverity() {
        for rule in Rules.all {
            let bug = rule.category == .appBug
            #expect(FailOn.appBug.fails(rule) == bug, "\(rule.id)")
            #expect(FailOn.warning.fails(rule) == (bug && rule.severity >= .warning), "\(rule.id)")
            #expect(FailOn.error.fails(rule) == (bug && rule.severity == .error), "\(rule.id)")
            #expect(!FailOn.never.fails(rule), "\(rule.id)")
        }
        #expect(FailOn.allCases.map(\.rawValue) == ["app-bug", "warning", "error", "never"])
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
