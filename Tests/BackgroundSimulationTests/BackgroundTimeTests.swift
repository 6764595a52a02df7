import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
@testable import SimulationModel
import SimulationKernel
import Testing

/// `beginBackgroundTask` time: the budget, expiration handlers, the watchdog, and what the console says.
@Suite struct BackgroundTimeTests {
    /// didEnterBackground begins a task named "Sync" whose handler ends it; nothing else ends it.
    let syncUntilExpired: [String: [Step]] = ["sync": [begin("t", name: "Sync", onExpiration: endOwnTask)]]

    // MARK: The budget

    @Test func budgetComesFromTheProfileAndCountsFromEnteringTheBackground() throws {
        let result = run(actions: syncUntilExpired, handlers: [(.didEnterBackground, "sync")],
                         timeline: [at(0, .launch), at(10, .goHome)])
        let start = try #require(result.events(.backgroundTime(.start)).first)
        #expect(start.time == seconds(10))
        #expect(start["budget"]?.int == seconds(30))
        #expect(start["deadline"]?.int == seconds(40))
        // The handler is called expirationLead (5 s) before the end, and ends its task: the app is suspended then.
        #expect(result.events(.backgroundTime(.expiring)).map(\.time) == [seconds(35)])
        #expect(result.events(.backgroundTime(.expiring)).first?["openTasks"]?.int == 1)
        #expect(result.expirationHandlerStarts == [seconds(35)])
        #expect(result.events(.backgroundTime(.taskEnd)).map(\.time) == [seconds(35)])
        #expect(result.time(enteringState: "suspended") == seconds(35))
        #expect(result.diagnostics.isEmpty)
        #expect(result.terminations.isEmpty)
    }

    @Test func aTaskBegunInTheForegroundGetsTheBudgetFromLeaving() {
        let result = run(
            actions: ["start": [begin("t", name: "Sync", onExpiration: endOwnTask)]],
            timeline: [at(0, .launch), at(1, .tap(action: "start")), at(10, .goHome)])
        #expect(result.events(.backgroundTime(.taskBegin)).first?["remaining"]?.int == -1)
        #expect(result.expirationHandlerStarts == [seconds(35)])
        #expect(result.time(enteringState: "suspended") == seconds(35))
    }

    @Test func expirationHandlersRunOnTheMainLane() throws {
        let result = run(
            actions: ["sync": [begin("t", name: "Sync", onExpiration: .steps([busy(1), .endBackgroundTask(variable: nil)]))]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        let handler = result.events(.backgroundTime(.taskExpirationHandler))
        #expect(handler.map { $0["phase"]?.string } == ["start", "return"])
        #expect(handler.map(\.time) == [seconds(35), seconds(36)])
        #expect(handler.first?["identifier"]?.int == 1)
        // Its work is main-thread work.
        let work = result.events(.app(.work)).filter { $0.time == seconds(35) }
        #expect(work.map { $0["lane"]?.string } == ["main"])
        #expect(result.time(enteringState: "suspended") == seconds(36))
    }

    @Test func expirationHandlersWaitBehindABusyMainLane() {
        // At 34 s a block dispatched to the main queue renders for 3 s: the handler due at 35 s starts at 37 s.
        let result = run(
            actions: ["sync": [begin("t", name: "Sync", onExpiration: endOwnTask), .dispatchMain(delay: seconds(24), steps: [busy(3)])]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.events(.backgroundTime(.expiring)).map(\.time) == [seconds(35)])
        #expect(result.expirationHandlerStarts == [seconds(37)])
        #expect(result.time(enteringState: "suspended") == seconds(37))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aMainLaneBusyPastTheDeadlineGetsTheAppKilled() {
        // The render takes 6 s, from 34 s to 40 s: the handler never gets to run before the time runs out.
        let result = run(
            actions: ["sync": [begin("t", name: "Sync", onExpiration: endOwnTask), .dispatchMain(delay: seconds(24), steps: [busy(6)])]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.expirationHandlerStarts.isEmpty)
        // Not a leak (BGS001): the handler would have ended the task, had the main thread let it start.
        #expect(result.ruleIDs == ["BGS032"])
        #expect(result.diagnostics.first?.time == seconds(40))
        #expect(result.diagnostics.first?.message == "the expiration handler of background task 1 (\"Sync\") had not started when the background time ran out: the main thread was busy with dispatched block")
        #expect(result.diagnostics.first?.fix.hasPrefix("Keep the main thread free in the background") == true)
        #expect(result.terminations == [.watchdog])
        // The kill line blames what blocked the handler, not the task it would have ended.
        #expect(result.terminationEvents.first?["message"]?.string == "the expiration handler of background task 1 (\"Sync\") had "
            + "not started when the background time ran out: the main thread was busy with dispatched block")
    }

    // MARK: The watchdog

    @Test func theWatchdogKillsAtZeroWhenATaskIsOpen() throws {
        let result = run(
            actions: ["upload": [begin("t", name: "Upload", onExpiration: .noHandler)]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.events(.backgroundTime(.expiring)).map(\.time) == [seconds(35)])
        #expect(result.expirationHandlerStarts.isEmpty)
        let kill = try #require(result.terminationEvents.first)
        #expect(kill.time == seconds(40))
        #expect(kill["from"]?.string == "background")
        #expect(kill["reason"]?.string == "watchdog")
        #expect(kill["code"]?.string == "0x8badf00d")
        #expect(kill["message"]?.string == "background task(s) 1 (\"Upload\") not ended before the background time ran out")
        #expect(result.terminations == [.watchdog])
        #expect(TerminationReason.watchdog.exceptionCode == "0x8badf00d")
    }

    @Test func noKillWhenNoTaskIsOpenAtTheDeadline() {
        // Nothing keeps the app running: it is suspended at once, so its background time never runs out on it.
        let result = run(timeline: [at(0, .launch), at(10, .goHome)], stopAt: .seconds(120))
        #expect(result.terminations.isEmpty)
        #expect(result.events(.backgroundTime(.expiring)).isEmpty)
    }

    // MARK: Several assertions

    @Test func severalTasksShareOneBudgetAndAllGetTheirHandlers() {
        let result = run(
            actions: ["sync": [
                begin("a", onExpiration: endOwnTask), begin("b", onExpiration: endOwnTask),
                // A third task begun 10 s later still expires with the others: the budget is the app's, not the task's.
                .dispatchMain(delay: seconds(10), steps: [begin("c", onExpiration: endOwnTask)]),
            ]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.events(.backgroundTime(.taskBegin)).map(\.time) == [seconds(10), seconds(10), seconds(20)])
        #expect(result.events(.backgroundTime(.expiring)).first?["openTasks"]?.int == 3)
        #expect(result.expirationHandlerStarts == [seconds(35), seconds(35), seconds(35)])
        #expect(result.events(.backgroundTime(.taskExpirationHandler)).filter { $0["phase"]?.string == "start" }
            .compactMap { $0["identifier"]?.int } == [1, 2, 3])
        #expect(result.time(enteringState: "suspended") == seconds(35))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func handlersRunOneAfterAnotherAndShareTheLastSeconds() {
        // Each handler needs 2 s of the main thread before ending its task. Two fit in the 5 s lead...
        let two = run(
            actions: ["sync": [begin("a", onExpiration: .steps([busy(2), .endBackgroundTask(variable: nil)])),
                               begin("b", onExpiration: .steps([busy(2), .endBackgroundTask(variable: nil)]))]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(two.expirationHandlerStarts == [seconds(35), seconds(37)])
        #expect(two.time(enteringState: "suspended") == seconds(39))
        #expect(two.diagnostics.isEmpty)
        // ...three do not: the third starts at 39 s and is still running at 40 s.
        let three = run(
            actions: ["sync": [begin("a", onExpiration: .steps([busy(2), .endBackgroundTask(variable: nil)])),
                               begin("b", onExpiration: .steps([busy(2), .endBackgroundTask(variable: nil)])),
                               begin("c", onExpiration: .steps([busy(2), .endBackgroundTask(variable: nil)]))]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(three.expirationHandlerStarts == [seconds(35), seconds(37), seconds(39)])
        #expect(three.diagnostics.map(\.subject) == ["background task 3 (\"c\")"])
        #expect(three.ruleIDs == ["BGS032"])
        #expect(three.diagnostics.first?.message
            == "the expiration handler of background task 3 (\"c\") was still running when the background time ran out (for 1.000s, waiting for CPU work (work on main))")
        #expect(three.terminations == [.watchdog])
    }

    @Test func endingTheLastTaskSuspendsTheApp() {
        let result = run(
            actions: ["sync": [begin("a"), begin("b"), .async([busy(2), end("a"), busy(3), end("b")])]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.events(.backgroundTime(.taskEnd)).map(\.time) == [seconds(12), seconds(15)])
        #expect(result.events(.app(.state)).filter { $0.time == seconds(12) }.isEmpty)
        #expect(result.time(enteringState: "suspended") == seconds(15))
        #expect(result.events(.backgroundTime(.end)).map(\.time) == [seconds(15)])
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: .invalid

    @Test func beginningAfterExpirationStartedReturnsInvalid() throws {
        let result = run(
            actions: ["sync": [begin("t", name: "Sync", onExpiration: .steps([
                begin("late", name: "Late"), .endBackgroundTask(variable: nil),
            ]))]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        let invalid = try #require(result.events(.backgroundTime(.taskInvalid)).first)
        #expect(invalid.time == seconds(35))
        #expect(invalid["name"]?.string == "Late")
        #expect(invalid["state"]?.string == "background")
        #expect(result.events(.backgroundTime(.taskBegin)).count == 1)
        #expect(result.time(enteringState: "suspended") == seconds(35))
    }

    @Test func endingTheInvalidIdentifierDoesNothing() {
        // The late begin returns .invalid; ending it is no task to end: no console line, no diagnostic (trust-findings C6).
        let result = run(
            actions: ["sync": [begin("t", name: "Sync", onExpiration: .steps([
                begin("late"), end("late"), .endBackgroundTask(variable: nil),
            ]))]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.console).allSatisfy { $0["message"]?.string?.hasPrefix("Can't end BackgroundTask") != true })
        #expect(result.events(.backgroundTime(.taskEnd)).count == 1)
    }

    // MARK: The foreground

    @Test func inTheForegroundTimeIsUnlimited() throws {
        let result = run(
            actions: ["start": [begin("t", name: "Forever", onExpiration: .noHandler)]],
            timeline: [at(0, .launch), at(1, .tap(action: "start"))], stopAt: .seconds(1800))
        let begun = try #require(result.events(.backgroundTime(.taskBegin)).first)
        #expect(begun["remaining"]?.int == -1)
        #expect(result.events(.backgroundTime(.start)).isEmpty)
        #expect(result.events(.backgroundTime(.expiring)).isEmpty)
        #expect(result.diagnostics.isEmpty)
        #expect(result.terminations.isEmpty)
        #expect(result.finalState == .foregroundActive)
        #expect(result.endTime == VirtualInstant(nanoseconds: minutes(30)))
    }

    @Test func goingBackToTheForegroundResetsTheBudget() {
        let result = run(
            actions: ["sync": [begin("t", name: "Sync", onExpiration: endOwnTask)], "stop": [end("t")]],
            handlers: [(.didEnterBackground, "sync"), (.willEnterForeground, "stop")],
            timeline: [at(0, .launch), at(10, .goHome), at(20, .returnToApp), at(40, .goHome)])
        #expect(result.events(.backgroundTime(.start)).compactMap { $0["deadline"]?.int } == [seconds(40), seconds(70)])
        #expect(result.events(.backgroundTime(.end)).map(\.time) == [seconds(20), seconds(65)])
        // No expiration at 35 s (the app was in front), one at 65 s: 25 s after the second goHome.
        #expect(result.events(.backgroundTime(.expiring)).map(\.time) == [seconds(65)])
        #expect(result.expirationHandlerStarts == [seconds(65)])
        #expect(result.time(enteringState: "suspended") == seconds(65))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func backgroundTimeRemainingReadsAsSwiftCodeSeesIt() throws {
        let app = RemainingTimeApp()
        let result = run(app: { app }, timeline: [at(0, .launch), at(10, .goHome)])
        let readings = app.readings.all
        #expect(readings.map(\.0) == ["launch", "active", "entered", "after work", "after wait"])
        #expect(readings[0].1 == .greatestFiniteMagnitude)
        #expect(readings[1].1 == .greatestFiniteMagnitude)
        #expect(readings[2].1 == 30)
        #expect(readings[3].1 == 28)
        #expect(readings[4].1 == 27.5)
        #expect(result.events(.backgroundTime(.taskBegin)).first?["remaining"]?.int == seconds(30))
        #expect(result.time(enteringState: "suspended") == seconds(12.5))
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: Profiles

    @Test func profileOverridesChangeTheInstants() throws {
        let old = profile(.iOS17, [.backgroundTimeBudget: seconds(180)])
        let result = run(
            profile: old, actions: ["upload": [begin("t", name: "Upload", onExpiration: .noHandler)]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        let header = try #require(result.events(.run(.start)).first)
        #expect(header["profile"]?.string == "iOS17")
        #expect(header["profile.backgroundTimeBudget"]?.int == seconds(180))
        #expect(result.events(.backgroundTime(.start)).first?["deadline"]?.int == seconds(190))
        #expect(result.events(.backgroundTime(.expiring)).map(\.time) == [seconds(185)])
        #expect(result.terminationEvents.map(\.time) == [seconds(190)])
        // With a long budget the 30-second console warning has time to appear first: the task protects no work (BGS047).
        #expect(result.ruleIDs == ["BGS047", "BGS001"])
        #expect(result.diagnostics.map(\.time) == [seconds(40), seconds(190)])
    }

    @Test func expirationLeadOverride() {
        let early = profile(.iOS26, [.expirationLead: seconds(10)])
        let result = run(profile: early, actions: syncUntilExpired, handlers: [(.didEnterBackground, "sync")],
                         timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.expirationHandlerStarts == [seconds(30)])
    }

    @Test func defaultProfileNumbers() {
        let profile = PlatformProfile(.iOS26)
        #expect(profile.backgroundTimeBudget == seconds(30))
        #expect(profile.expirationLead == seconds(5))
        #expect(profile.didEnterBackgroundLimit == seconds(5))
        #expect(profile.backgroundTaskWarningAge == seconds(30))
        #expect(PlatformProfile.parameters.map(\.key) == PlatformProfile.Key.allCases)
        // Continued processing: the numbers are all assumptions, and the concurrency counts tasks.
        #expect(profile.continuedProcessingConcurrency == 2)
        #expect(profile.continuedProgressSampleInterval == seconds(1))
        #expect(profile.continuedProgressStallLimit == seconds(30))
        #expect(profile.continuedStallPromptDelay == seconds(15))
        let continued: [PlatformProfile.Key] = [
            .continuedProcessingConcurrency, .continuedProgressSampleInterval, .continuedProgressStallLimit, .continuedStallPromptDelay,
        ]
        #expect(continued.allSatisfy { PlatformProfile.info($0).isAssumed && PlatformProfile.info($0).source.hasPrefix("Assumed") })
        #expect(PlatformProfile.parameters.filter { $0.unit == .count }.map(\.key) == [
            .continuedProcessingConcurrency, .pushMaxPerHour, .transferWifiBytesPerSecond, .transferCellularBytesPerSecond,
        ])
        let transferParameters = PlatformProfile.parameters.filter { $0.feature == .urlSession }
        #expect(transferParameters.count == 3 && transferParameters.allSatisfy { $0.isAssumed })
        // Silent push: 30 s is Apple's; three an hour reads Apple's "two or three" (assumed).
        #expect(profile.pushHandlerBudget == seconds(30))
        #expect(profile.pushMaxPerHour == 3)
        #expect(profile.pushPriority10Policy == .drop)
        #expect(PlatformProfile.parameters.filter { $0.feature == .push }.map(\.key) == [.pushHandlerBudget, .pushMaxPerHour, .pushPriority10Policy])
        #expect(PlatformProfile.parameters.allSatisfy { !$0.meaning.isEmpty && !$0.source.isEmpty })
        // Continued processing exists from iOS 26 only.
        #expect(profile.supportsContinuedProcessing)
        #expect(!PlatformProfile(.iOS17).supportsContinuedProcessing)
    }

    // MARK: The console, word for word

    @Test func consoleWarnsAboutATaskOpenForThirtySeconds() {
        let result = run(
            profile: profile(.iOS17, [.backgroundTimeBudget: seconds(180)]),
            actions: ["upload": [begin("t", name: "Upload", onExpiration: endOwnTask)]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        let message = "Background Task 1 (\"Upload\"), was created over 30 seconds ago. "
            + "In applications running in the background, this creates a risk of termination. "
            + "Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this."
        #expect(result.consoleMessages == [message])
        #expect(result.events(.console).first?.time == seconds(40))
    }

    @Test func consoleSaysWhenAHandlerLeavesItsTaskOpen() {
        let result = run(
            actions: ["upload": [begin("t", name: "Upload", onExpiration: .steps([]))]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        // As under the Xcode debugger (WordPress-iOS PR #21254): the task's description, its creation 10 s into
        // the run and its age in whole seconds.
        #expect(result.consoleMessages == [
            "Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x15523b7e0>: "
                + "taskID = 1, taskName = Upload, creationTime = 10 (elapsed = 25). "
                + "This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.",
        ])
        #expect(result.events(.console).first?.time == seconds(35))
        // As in Console and device logs: redacted.
        var redacted = PlatformProfile(.iOS26)
        redacted.setChoice(.consolePrivateData, to: "redacted")
        let device = run(
            profile: redacted, actions: ["upload": [begin("t", name: "Upload", onExpiration: .steps([]))]],
            handlers: [(.didEnterBackground, "upload")], timeline: [at(0, .launch), at(10, .goHome)])
        #expect(device.consoleMessages == [
            "Background task still not ended after expiration handlers were called: <private>. "
                + "This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.",
        ])
    }

    @Test func consoleListsTasksWithoutAHandlerToo() {
        // One task has a handler that ends it, one has none: UIKit says it called no handler, then lists it as open.
        let result = run(
            actions: ["upload": [begin("a", name: "Photos", onExpiration: endOwnTask), begin("b", name: "Videos", onExpiration: .noHandler)]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.consoleMessages == [
            "[_UIBackgroundTaskInfo fireExpirationHandler]: Did not call expiration handler: (null) for task: "
                + "<_UIBackgroundTaskInfo: 0x15523b840>: taskID = 2, taskName = Videos, creationTime = 10 (elapsed = 25). "
                + "Handler was nil, or UIKIT_SUPPORTS_ASSERTIONSERVICES is false.",
            "Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x15523b840>: "
                + "taskID = 2, taskName = Videos, creationTime = 10 (elapsed = 25). "
                + "This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.",
        ])
        // The handler-less task is the leak (BGS001), not a handler that left its task open (BGS004).
        #expect(result.ruleIDs == ["BGS001"])
    }

    @Test func consoleSaysWhenEndingAnUnknownTask() {
        let result = run(
            actions: ["twice": [begin("t"), end("t"), end("t")]],
            timeline: [at(0, .launch), at(1, .tap(action: "twice"))])
        #expect(result.consoleMessages == [
            "Can't end BackgroundTask: no background task exists with identifier 1 (0x1), or it may have already been ended. "
                + "Break in UIApplicationEndBackgroundTaskError() to debug.",
        ])
    }
}

/// Reads `backgroundTimeRemaining` at each step of its life.
nonisolated final class RemainingTimeApp: SimulatedApplicationDelegate, @unchecked Sendable {
    let readings = Log<(String, Double)>()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?) async -> Bool {
        readings.append(("launch", application.backgroundTimeRemaining))
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) async {
        readings.append(("active", application.backgroundTimeRemaining))
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        let task = IdentifierBox()
        task.value = application.beginBackgroundTask(withName: "Measure") { application.endBackgroundTask(task.value) }
        readings.append(("entered", application.backgroundTimeRemaining))
        try? await application.simulateWork(for: .seconds(2))
        readings.append(("after work", application.backgroundTimeRemaining))
        try? await TaskContext.current?.kernel.clock.sleep(for: .milliseconds(500))
        readings.append(("after wait", application.backgroundTimeRemaining))
        application.saveState(checkpoint: "measured")
        application.endBackgroundTask(task.value)
    }
}
