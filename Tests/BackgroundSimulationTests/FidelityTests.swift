import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// What real apps' code showed the model got wrong (issue 11): each fixed behaviour made to happen, and a correct app
/// kept quiet.
@Suite struct FidelityTests {
    typealias Scheduler = TaskSchedulerTests
    static let minute = TaskSchedulerTests.minute
    static let second = TaskSchedulerTests.second

    /// The refresh app with its registration replaced by `register`.
    static func refreshApp(handler: [Step], register: Step) -> AppDefinition {
        var app = Scheduler.refreshApp(handler: handler)
        app.actions["registerTasks"] = [register]
        return app
    }

    static func register(queueMain: Bool = false, isolation: HandlerIsolation = .nonisolated) -> Step {
        .register(identifier: Scheduler.refreshID, launchHandler: "refresh", onMainQueue: queueMain, asyncHandler: false, isolation: isolation)
    }

    // MARK: BGS029 mainActorHandlerOnBackgroundQueue

    @Test func bgs029AMainActorHandlerOnABackgroundQueueTrapsAtItsEntry() throws {
        let app = Self.refreshApp(handler: Scheduler.goodRefresh, register: Self.register(isolation: .mainActor))
        let result = Scheduler.run(app, Scheduler.leaveAtOneMinute)
        #expect(Scheduler.rules(result) == ["BGS029"])
        #expect(result.terminations == [.crash])
        let start = try #require(result.events(.task(.start)).first)
        #expect(start["queue"] == "background")
        // At the handler's entry: nothing of it ran.
        #expect(result.terminationEvents.first?.time == start.time)
        #expect(!result.saved.contains("feed"))
        #expect(result.events(.task(.end)).first?["how"] == "processEnded")
        #expect(result.consoleMessages == [
            "BUG IN CLIENT OF LIBDISPATCH: Assertion failed: Block was expected to execute on queue [com.apple.main-thread (0x201422380)]",
        ])
        #expect(result.terminationEvents.first?["message"]?.string?.hasPrefix("EXC_BREAKPOINT (SIGTRAP) on com.apple.BGTaskScheduler (") == true)
    }

    @Test func bgs029QuietOnTheMainQueueOrWithoutIsolation() {
        for register in [Self.register(queueMain: true, isolation: .mainActor), Self.register()] {
            let result = Scheduler.run(Self.refreshApp(handler: Scheduler.goodRefresh, register: register), Scheduler.leaveAtOneMinute)
            #expect(result.diagnostics.isEmpty, "\(register)")
            #expect(result.consoleMessages.isEmpty)
            #expect(result.events(.task(.end)).first?["how"] == "completed")
        }
    }

    // MARK: Where BGTask expiration handlers run

    @Test func aBusyMainThreadDoesNotDelayABGTaskExpirationHandler() throws {
        // The launch handler runs on the main queue and keeps it busy for 40 s; the task's time runs out at 30 s. The
        // expiration handler runs on a global queue at once and completes the task: no watchdog kill, no BGS014.
        let handler: [Step] = [.setTaskExpirationHandler(.steps([.cancelWork, .setTaskCompleted(success: false)])), .work(duration: 40 * Self.second, jitter: .zero, changesState: false)]
        let app = Self.refreshApp(handler: handler, register: Self.register(queueMain: true))
        let result = Scheduler.run(app, Scheduler.leaveAtOneMinute)
        #expect(Scheduler.rules(result) == ["BGS048"])
        #expect(result.terminations.isEmpty)
        let start = try #require(result.events(.task(.start)).first)
        let end = try #require(result.events(.task(.end)).first)
        #expect(end.time == start.time + 30 * Self.second)
        #expect(end["how"] == "expired" && end["success"] == false)
    }

    // MARK: BGS030 successAfterExpiration

    /// The WWDC25 sample's handler: the expiration handler stops the loop; the completion reports `success`.
    static func loopUntilCancelled(success: SuccessValue) -> [Step] {
        [
            .setTaskExpirationHandler(.steps([.cancelWork])),
            .while(.not(.cancelled), steps: [.processUnits(UnitWork(count: 1, duration: second, checksCancellation: false))]),
            .setTaskCompleted(success: success),
        ]
    }

    @Test func bgs030SuccessReportedAfterTheTaskWasCancelled() throws {
        let app = ContinuedProcessingTests.app(job: Self.loopUntilCancelled(success: true))
        let result = ContinuedProcessingTests.run(app, ContinuedProcessingTests.exportThenHome + [at(40, .cancelLiveActivity(identifier: nil))])
        #expect(Scheduler.rules(result) == ["BGS030"])
        #expect(result.diagnostics.first?.time == seconds(40))
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.taskRuns.map(\.success) == [true])
        #expect(result.taskRuns.map(\.how) == [.expired])
    }

    @Test func bgs030QuietWithSuccessNotCancelled() throws {
        let app = ContinuedProcessingTests.app(job: Self.loopUntilCancelled(success: .condition(.not(.cancelled))))
        let result = ContinuedProcessingTests.run(app, ContinuedProcessingTests.exportThenHome + [at(40, .cancelLiveActivity(identifier: nil))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.taskRuns.map(\.success) == [false])
        #expect(result.terminations.isEmpty)
    }

    // MARK: BGS031 workFinishedWithoutCompleting, and BGS048 when the work is still going

    @Test func aBlockStillQueuedForTheTaskIsItsWork() throws {
        // The handler returns at once, but a block it dispatched for 40 s later is still to come: the work does not
        // fit (BGS048: the refresh had its whole 30 s), it did not end (BGS031).
        let handler: [Step] = [
            .setTaskExpirationHandler(.steps([.setTaskCompleted(success: false)])),
            .dispatchMain(delay: 40 * Self.second, steps: [.setTaskCompleted(success: true)]),
        ]
        let result = Scheduler.run(Scheduler.refreshApp(handler: handler), Scheduler.leaveAtOneMinute)
        #expect(Scheduler.rules(result) == ["BGS048"])
        #expect(result.diagnostics.first?.message == "app refresh task \(Scheduler.refreshID) ran for its 30.000s with its work still going "
            + "(no save since it began): the work does not fit the time the task type gets")
    }

    @Test func expiryAdviceFitsTheKindOfTask() throws {
        let refresh = Scheduler.run(Scheduler.refreshApp(handler: [.setTaskExpirationHandler(.steps([.setTaskCompleted(success: false)])), .wait(duration: Self.minute)]),
                                    Scheduler.leaveAtOneMinute)
        #expect(refresh.diagnostics("BGS048").first?.fix.hasPrefix("Keep a refresh to a few seconds") == true)
        let processing = Scheduler.app(actions: [
            "registerTasks": [.register(identifier: Scheduler.cleanupID, launchHandler: "cleanup", onMainQueue: false, asyncHandler: false)],
            "schedule": [.submit(TaskRequest(identifier: Scheduler.cleanupID, kind: .processing))],
            "cleanup": [.setTaskExpirationHandler(.steps([.setTaskCompleted(success: false)])), .wait(duration: 20 * Self.minute)],
        ], handlers: [(.didFinishLaunching, "registerTasks"), (.didEnterBackground, "schedule")])
        let result = Scheduler.run(processing, Scheduler.leaveAtOneMinute)
        let diagnostic = try #require(result.diagnostics("BGS018").first)
        #expect(diagnostic.fix.hasPrefix("Save progress as the work goes: nothing was saved since this task began"))
        #expect(!diagnostic.fix.contains("refresh"))
        // The trace carries the fix of the case, not the rule's.
        #expect(result.events(.diagnostic).first { $0["rule"] == "BGS018" }?["fix"]?.string == diagnostic.fix)
    }

    // MARK: BGS032 expirationHandlerBlocked (BGTask)

    static func slowExpiration(_ wait: Double) -> [Step] {
        [.setTaskExpirationHandler(.steps([.cancelWork, .wait(duration: seconds(wait)), .setTaskCompleted(success: false)])), .wait(duration: Self.minute)]
    }

    @Test func bgs032AnExpirationHandlerThatHasNotReturnedInTime() throws {
        let result = Scheduler.run(Scheduler.refreshApp(handler: Self.slowExpiration(10)), Scheduler.leaveAtOneMinute)
        #expect(Scheduler.rules(result) == ["BGS032", "BGS048"])
        let start = try #require(result.events(.task(.start)).first)
        #expect(result.diagnostics("BGS032").first?.time == start.time + 35 * Self.second)
        #expect(result.diagnostics("BGS032").first?.message
            == "the expiration handler of app refresh task \(Scheduler.refreshID) had not returned 5s after it was called, "
                + "waiting for a sleep until \(start.time + 40 * Self.second), and the task was not complete")
        // The kill line names what held the app up: the handler, and what it waited for.
        #expect(result.terminationEvents.first?["message"]?.string == "app refresh task \(Scheduler.refreshID) did not complete within 5s "
            + "after its time ran out: its expiration handler was still running, waiting for a sleep until \(start.time + 40 * Self.second)")
        #expect(result.terminations == [.watchdog])
    }

    @Test func bgs032QuietWhenTheHandlerReturnsInTime() {
        let result = Scheduler.run(Scheduler.refreshApp(handler: Self.slowExpiration(1)), Scheduler.leaveAtOneMinute)
        #expect(Scheduler.rules(result) == ["BGS048"])
        #expect(result.terminations.isEmpty)
    }

    // MARK: BackgroundTasks' console

    @Test func withoutAnExpirationHandlerTheConsoleSaysSo() {
        let result = Scheduler.run(Scheduler.refreshApp(handler: [.wait(duration: Self.minute)]), Scheduler.leaveAtOneMinute)
        #expect(result.consoleMessages == [
            "Client didn't provide an expiration handler for task <BGAppRefreshTask: \(Scheduler.refreshID)>, completing with NO success for them",
        ])
    }

    // MARK: simulateLaunch and simulateExpiration

    static let pendingRefresh = [
        at(0, .launch), at(60, .goHome), at(65, .lock),
    ]

    @Test func simulateExpirationOnlyExpiresASimulatedLaunch() throws {
        // Started by the system at 21 min: the debugger's expiration does nothing.
        let timeline = Self.pendingRefresh + [at(21 * 60 + 1, .simulateExpiration(identifier: Scheduler.refreshID))]
        let handler: [Step] = [.setTaskExpirationHandler(.steps([.setTaskCompleted(success: false)])), .wait(duration: 10 * Self.second), .setTaskCompleted(success: true)]
        let result = Scheduler.run(Scheduler.refreshApp(handler: handler), timeline)
        #expect(result.consoleMessages == [
            "Simulating expiration for task with identifier \(Scheduler.refreshID)",
            "Task with identifier \(Scheduler.refreshID) is not currently being simulated",
        ])
        #expect(result.ignoredReasons == ["no task with identifier \(Scheduler.refreshID) is running from simulateLaunch"])
        #expect(result.events(.task(.end)).first?["how"] == "completed")
    }

    @Test func theSystemCanExpireATaskItLaunchedItself() throws {
        // What fuzzing injects: unlike the debugger's command, expireTask needs no simulateLaunch.
        let timeline = Self.pendingRefresh + [at(21 * 60 + 1, .expireTask(identifier: Scheduler.refreshID))]
        let handler: [Step] = [.setTaskExpirationHandler(.steps([.setTaskCompleted(success: false)])), .wait(duration: 10 * Self.second), .setTaskCompleted(success: true)]
        let result = Scheduler.run(Scheduler.refreshApp(handler: handler), timeline)
        #expect(result.consoleMessages.isEmpty)
        #expect(result.events(.task(.expire)).first?["reason"] == "the system ended its time early")
        #expect(result.events(.task(.end)).first?["how"] == "expired")
        #expect(result.events(.task(.end)).first?.time == seconds(21 * 60 + 1))
        // Nothing running by that name: ignored with the reason.
        let nothing = Scheduler.run(Scheduler.refreshApp(handler: handler), [at(0, .launch), at(5, .expireTask(identifier: Scheduler.refreshID))])
        #expect(nothing.ignoredReasons == ["no task with identifier \(Scheduler.refreshID) is running"])
    }

    @Test func simulateLaunchThenSimulateExpiration() throws {
        let handler: [Step] = [.setTaskExpirationHandler(.steps([.setTaskCompleted(success: false)])), .wait(duration: 10 * Self.second), .setTaskCompleted(success: true)]
        let timeline = Self.pendingRefresh + [
            at(120, .simulateLaunch(identifier: Scheduler.refreshID)), at(122, .simulateExpiration(identifier: Scheduler.refreshID)),
        ]
        let result = Scheduler.run(Scheduler.refreshApp(handler: handler), timeline)
        #expect(result.consoleMessages == [
            "Simulating launch for task with identifier \(Scheduler.refreshID)",
            "Simulating expiration for task with identifier \(Scheduler.refreshID)",
            "Expiring simulated task: <BGAppRefreshTask: \(Scheduler.refreshID)>",
        ])
        #expect(result.events(.task(.expire)).first?["reason"] == "simulateExpiration")
        #expect(result.events(.task(.end)).first?["how"] == "expired")
        #expect(result.events(.task(.end)).first?.time == seconds(122))
    }

    @Test func simulateExpirationWithoutAHandlerOnlyLogs() throws {
        let timeline = Self.pendingRefresh + [
            at(120, .simulateLaunch(identifier: Scheduler.refreshID)), at(122, .simulateExpiration(identifier: Scheduler.refreshID)),
        ]
        let result = Scheduler.run(Scheduler.refreshApp(handler: [.wait(duration: Self.minute)]), timeline)
        #expect(result.consoleMessages.contains("No expiration handler for task: <BGAppRefreshTask: \(Scheduler.refreshID)>"))
        // Not completed by the simulated expiry (unlike a real one): it runs until its time runs out at 150 s.
        #expect(result.events(.task(.end)).first?.time == seconds(150))
        #expect(Scheduler.rules(result) == ["BGS015", "BGS048"])
    }

    @Test func simulateLaunchWithNothingPending() {
        let result = Scheduler.run(Scheduler.refreshApp(handler: Scheduler.goodRefresh), [at(0, .launch), at(5, .simulateLaunch(identifier: "com.example.app.other"))])
        #expect(result.consoleMessages == [
            "Simulating launch for task with identifier com.example.app.other",
            "No task request with identifier com.example.app.other has been scheduled",
        ])
        #expect(result.ignoredReasons == ["no pending request with identifier com.example.app.other"])
    }

    // MARK: beginBackgroundTask once expiration has started

    @Test func aBeginAfterExpirationStartedFollowsTheProfile() {
        let actions: [String: [Step]] = [
            // Task b's handler keeps the app running until 38 s; the block queued at 36 s begins a task at 38 s.
            "sync": [
                begin("a", onExpiration: endOwnTask), begin("b", onExpiration: .steps([busy(3), .endBackgroundTask(variable: nil)])),
                .dispatchMain(delay: seconds(26), steps: [begin("late", onExpiration: endOwnTask)]),
            ],
        ]
        // The default (Apple: "returns invalid if running in the background is not possible").
        let invalid = run(actions: actions, handlers: [(.didEnterBackground, "sync")], timeline: [at(0, .launch), at(10, .goHome)])
        #expect(invalid.events(.backgroundTime(.taskInvalid)).count == 1)
        #expect(invalid.diagnostics.isEmpty)
        // wire-ios PR #4935: granted, but its expiration handler is never called; it is open when the time runs out.
        var granted = PlatformProfile(.iOS26)
        granted.setChoice(.beginBackgroundTaskAfterExpiration, to: "grantedWithoutExpiration")
        let result = run(profile: granted, actions: actions, handlers: [(.didEnterBackground, "sync")], timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.events(.backgroundTime(.taskInvalid)).isEmpty)
        #expect(result.expirationHandlerStarts == [seconds(35), seconds(35)])
        #expect(result.ruleIDs == ["BGS001"])
        #expect(result.diagnostics.first?.subject == "background task 3 (\"late\")")
        #expect(result.terminations == [.watchdog])
    }
}
