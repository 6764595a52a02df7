import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// Each rule fires on the app that breaks it, at the right instant and about the right thing, and stays quiet on a correct app.
@Suite struct DiagnosticsRulesTests {
    // MARK: The catalog

    @Test func catalogHasStableUniqueIdentifiers() {
        // Identifiers never change meaning: the first nine are the lifecycle and background time rules, in order.
        #expect(Rules.all.prefix(9).map(\.id) == (1...9).map { "BGS00\($0)" })
        #expect(Rules.all.prefix(9).map(\.name) == [
            "backgroundTaskLeaked", "endedUnknownBackgroundTask", "backgroundTaskOpenTooLong", "expirationHandlerLeftTaskOpen",
            "workLostAtTermination", "didEnterBackgroundTooSlow", "lockHeldAtSuspension", "handlerStalled", "foreignThreadWork",
        ])
        #expect(Rules.all.map(\.id) == Rules.all.map(\.id).sorted())
        #expect(Set(Rules.all.map(\.id)).count == Rules.all.count)
        #expect(Set(Rules.all.map(\.name)).count == Rules.all.count)
        #expect(Rules.all.allSatisfy { Rules.rule(withID: $0.id) == $0 })
        #expect(Rules.rule(withID: "BGS004") == Rules.expirationHandlerLeftTaskOpen)
        #expect(Rules.rule(withID: "BGS404") == nil)
        #expect(Rules.all.prefix(9).filter { $0.severity == .warning }.map(\.id) == ["BGS002"])
        #expect(Rules.all.allSatisfy { !$0.summary.isEmpty && !$0.fix.isEmpty && !$0.source.isEmpty && !$0.categoryReason.isEmpty })
    }

    @Test func everySystemNoticeIsInfo() {
        // A notice says what the system did: at info, `--fail-on warning|error` and a scenario with no expect (which fails on
        // errors) can only ever fail on app bugs.
        let notices = Rules.all.filter { $0.category == .systemNotice }
        #expect(notices.allSatisfy { $0.severity == .info }, "\(notices.filter { $0.severity != .info }.map(\.id))")
        // trust-spec decision 2 and trust-findings section 4: these, and only these, are the system's doing.
        #expect(notices.map(\.id) == ["BGS003", "BGS018", "BGS024", "BGS036", "BGS040", "BGS046"])
        #expect(Rules.all.filter { $0.category == .appBug }.count == Rules.all.count - notices.count)
    }

    @Test func aDiagnosticIsAlsoATraceEvent() throws {
        let result = run(
            actions: ["twice": [begin("t"), end("t"), end("t")]],
            timeline: [at(0, .launch), at(1, .tap(action: "twice"))])
        let diagnostic = try #require(result.diagnostics.first)
        let event = try #require(result.events(.diagnostic).first)
        #expect(event.time == diagnostic.time)
        #expect(event["rule"]?.string == "BGS002")
        #expect(event["name"]?.string == "endedUnknownBackgroundTask")
        #expect(event["severity"]?.string == "warning")
        #expect(event["subject"]?.string == diagnostic.subject)
        #expect(event["message"]?.string == diagnostic.message)
        #expect(event["fix"]?.string == Rules.endedUnknownBackgroundTask.fix)
        #expect(event["process"]?.int == 1)
        #expect(result.maximumSeverity == .warning)
        #expect(result.events(.run(.end)).first?["diagnostics"]?.int == 1)
    }

    // MARK: A correct app

    @Test func aCorrectAppHasNoDiagnostics() {
        let result = run(
            actions: [
                "edit": [work(2)],
                "save": [
                    begin("saveTask", name: "Save draft", onExpiration: endOwnTask),
                    .async([busy(3), .save(checkpoint: "draft", duration: milliseconds(500)), end("saveTask")]),
                ],
            ],
            handlers: [(.didEnterBackground, "save")],
            timeline: [
                at(0, .launch), at(5, .tap(action: "edit")), at(30, .goHome), at(60, .returnToApp),
                at(65, .tap(action: "edit")), at(70, .lock), at(300, .swipeAway),
            ])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.diagnostic).isEmpty)
        // Nor a word from the system in the console.
        #expect(result.consoleMessages.isEmpty)
        #expect(result.maximumSeverity == nil)
        #expect(result.terminations == [.userSwipedAway])
        #expect(result.saved.checkpoints.map(\.name) == ["draft", "draft"])
        #expect(result.ending == .completed)
    }

    // MARK: BGS001 backgroundTaskLeaked

    @Test func bgs001FiresWhenATaskIsOpenAtTheDeadline() throws {
        let result = run(
            actions: ["upload": [begin("t", name: "Upload", onExpiration: .noHandler)]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS001"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == seconds(40))
        #expect(diagnostic.process == 1)
        #expect(diagnostic.subject == "background task 1 (\"Upload\")")
        #expect(diagnostic.message == "background task 1 (\"Upload\") was still open when the background time ran out")
        #expect(diagnostic.severity == .error)
        #expect(result.terminations == [.watchdog])
    }

    @Test func bgs001NamesEveryLeakedTask() {
        let result = run(
            actions: ["upload": [begin("a", name: "A", onExpiration: .noHandler), begin("b", name: "B", onExpiration: .noHandler)]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.diagnostics.map(\.subject) == ["background task 1 (\"A\")", "background task 2 (\"B\")"])
        #expect(result.terminationEvents.first?["message"]?.string
            == "background task(s) 1 (\"A\"), 2 (\"B\") not ended before the background time ran out")
    }

    @Test func bgs001QuietWhenTheTaskEndsInTime() {
        let result = run(
            actions: ["upload": [begin("t", name: "Upload", onExpiration: .noHandler),
                                 .async([busy(3), .save(checkpoint: "upload", duration: .zero), end("t")])]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.time(enteringState: "suspended") == seconds(13))
    }

    // MARK: BGS002 endedUnknownBackgroundTask

    @Test func bgs002FiresWhenATaskIsEndedTwice() throws {
        let result = run(
            actions: ["twice": [begin("t", name: "Fetch"), busy(1), end("t"), end("t")]],
            timeline: [at(0, .launch), at(5, .tap(action: "twice"))])
        #expect(result.ruleIDs == ["BGS002"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == seconds(6))
        #expect(diagnostic.subject == "background task 1")
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message
            == "Can't end BackgroundTask: no background task exists with identifier 1 (0x1), or it may have already been ended. "
                + "Break in UIApplicationEndBackgroundTaskError() to debug. Background task 1 (\"Fetch\") was ended already at 6.000s.")
        #expect(diagnostic.fix == Rules.endedUnknownBackgroundTask.fix)
    }

    @Test func bgs002IsQuietForApplesOwnPatternThatEndsInvalid() {
        // "Extending your app's background execution time": the expiration handler ends the task and sets the stored
        // identifier to .invalid; the work, still going, then ends the stored identifier: endBackgroundTask(.invalid).
        let result = run(
            actions: ["send": [
                begin("t", name: "Finish Network Tasks", onExpiration: .steps([end("t"), .setInvalid(variable: "t")])),
                .async([busy(40), end("t"), .setInvalid(variable: "t")]),
            ]],
            handlers: [(.didEnterBackground, "send")],
            // Suspended after the expiration, the work goes on when the person comes back.
            timeline: [at(0, .launch), at(10, .goHome), at(60, .returnToApp)])
        #expect(result.events(.backgroundTime(.expiring)).count == 1)
        #expect(result.events(.app(.state)).contains { $0.time == seconds(60) })
        #expect(result.diagnostics("BGS002").isEmpty, "\(result.ruleIDs)")
        // Ending a real identifier that is no longer open still is BGS002 (above); only .invalid is let be.
        let twice = run(
            actions: ["send": [
                begin("t", name: "Finish Network Tasks", onExpiration: .steps([end("t")])),
                .async([busy(40), end("t")]),
            ]],
            handlers: [(.didEnterBackground, "send")],
            timeline: [at(0, .launch), at(10, .goHome), at(60, .returnToApp)])
        #expect(twice.diagnostics("BGS002").map(\.subject) == ["background task 1"])
    }

    @Test func bgs002FiresWhenOneStoredIdentifierIsOverwritten() {
        // The second begin overwrites the stored identifier: task 2 is ended twice, task 1 never.
        let result = run(
            actions: ["sync": [begin("t", name: "Sync", onExpiration: .noHandler), .async([waitFor(5), end("t")])]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome), at(11, .returnToApp), at(12, .goHome)])
        #expect(result.diagnostics("BGS002").map(\.subject) == ["background task 2"])
        #expect(result.diagnostics("BGS002").map(\.time) == [seconds(17)])
        #expect(result.diagnostics("BGS001").map(\.subject) == ["background task 1 (\"Sync\")"])
        #expect(result.diagnostics("BGS001").map(\.time) == [seconds(42)])
    }

    @Test func bgs002QuietWhenEachTaskIsEndedOnce() {
        let result = run(
            actions: ["once": [begin("t", name: "Fetch"), busy(1), end("t"), begin("t", name: "Fetch again"), end("t")]],
            timeline: [at(0, .launch), at(5, .tap(action: "once"))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.backgroundTime(.taskEnd)).count == 2)
    }

    // MARK: BGS003 backgroundTaskOpenTooLong, BGS047 backgroundTaskHeldIdle

    @Test func bgs003FiresForATaskOpenThirtySecondsInTheBackground() throws {
        // The upload goes on under the task: UIKit's line is a notice, not the app's mistake.
        let result = run(
            profile: profile(.iOS17, [.backgroundTimeBudget: seconds(180)]),
            actions: ["upload": [begin("t", name: "Upload", onExpiration: endOwnTask), .async([waitFor(300)])]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS003"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == seconds(40))
        #expect(diagnostic.subject == "background task 1 (\"Upload\")")
        #expect(diagnostic.severity == .info)
        #expect(diagnostic.rule.category == .systemNotice)
        // The handler ends it at 185 s: warned, not killed.
        #expect(result.terminations.isEmpty)
        #expect(result.time(enteringState: "suspended") == seconds(185))
    }

    @Test func bgs003CountsTheTaskAgeFromItsCreation() {
        // Begun in the foreground at 1 s, still open when the app leaves at 60 s: the warning comes at once. The work
        // it protects goes on, so the foreground age is no mistake (C8).
        let result = run(
            profile: profile(.iOS17, [.backgroundTimeBudget: seconds(180)]),
            actions: ["start": [begin("t", name: "Long", onExpiration: endOwnTask), .async([waitFor(120), end("t")])]],
            timeline: [at(0, .launch), at(1, .tap(action: "start")), at(60, .goHome)])
        #expect(result.diagnostics("BGS003").map(\.time) == [seconds(60)])
        #expect(result.diagnostics("BGS047").isEmpty)
        // Held with no work, the same task is the app's mistake, at the same instant.
        let held = run(
            profile: profile(.iOS17, [.backgroundTimeBudget: seconds(180)]),
            actions: ["start": [begin("t", name: "Long", onExpiration: endOwnTask)]],
            timeline: [at(0, .launch), at(1, .tap(action: "start")), at(60, .goHome)])
        #expect(held.ruleIDs == ["BGS047"])
        #expect(held.diagnostics("BGS047").map(\.time) == [seconds(60)])
    }

    @Test func bgs003QuietForATaskEndedBeforeThirtySeconds() {
        let result = run(
            profile: profile(.iOS17, [.backgroundTimeBudget: seconds(180)]),
            actions: ["upload": [begin("t", name: "Upload", onExpiration: endOwnTask), .async([waitFor(29), end("t")])]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.time(enteringState: "suspended") == seconds(39))
    }

    @Test func bgs003QuietForALongTaskEndedInTheForeground() {
        let result = run(
            actions: ["start": [begin("t", name: "Long")], "stop": [end("t")]],
            timeline: [at(0, .launch), at(1, .tap(action: "start")), at(300, .tap(action: "stop")), at(301, .goHome)])
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: BGS004 expirationHandlerLeftTaskOpen

    @Test func bgs004FiresWhenTheHandlerEndsItsTaskLater() throws {
        let asyncEnd = ExpirationBehavior.steps([.dispatchMain(delay: .zero, steps: [.endBackgroundTask(variable: nil)])])
        let result = run(
            actions: ["upload": [begin("t", name: "Upload", onExpiration: asyncEnd)]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS004"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == seconds(35))
        #expect(diagnostic.subject == "background task 1 (\"Upload\")")
        #expect(diagnostic.message == "Background task still not ended after expiration handlers were called: "
            + "<_UIBackgroundTaskInfo: 0x15523b7e0>: taskID = 1, taskName = Upload, creationTime = 10 (elapsed = 25). "
            + "This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this. "
            + "Its expiration handler dispatched the end for later and returned with the task still open.")
        #expect(diagnostic.fix == Rules.expirationHandlerLeftTaskOpen.fix)
        // Here the dispatched block ends the task right after: late, but before the deadline.
        #expect(result.events(.backgroundTime(.taskEnd)).map(\.time) == [seconds(35)])
        #expect(result.terminations.isEmpty)
    }

    @Test func bgs004AndBgs001WhenTheHandlerDoesNothing() {
        let result = run(
            actions: ["upload": [begin("t", name: "Upload", onExpiration: .steps([]))]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS004", "BGS001"])
        #expect(result.diagnostics.map(\.time) == [seconds(35), seconds(40)])
    }

    @Test func bgs004QuietWhenTheHandlerEndsItsTask() {
        let result = run(
            actions: ["upload": [begin("t", name: "Upload", onExpiration: endOwnTask)]],
            handlers: [(.didEnterBackground, "upload")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: BGS005 workLostAtTermination

    @Test func bgs005FiresWhenUnsavedWorkDiesWithTheProcess() throws {
        let result = run(
            actions: ["edit": [work(2)]],
            timeline: [at(0, .launch), at(5, .tap(action: "edit")), at(10, .goHome), at(20, .swipeAway)])
        #expect(result.ruleIDs == ["BGS005"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == seconds(20))
        #expect(diagnostic.subject == "unsaved work")
        #expect(diagnostic.message == "2.000s of work since the last save was lost when the person closed the app in the app "
            + "switcher (userSwipedAway): the app had been suspended since 10.000s with that work unsaved (since 5.000s) and "
            + "nothing protecting it: no background task was open and no BGTask ran for it")
        #expect(diagnostic.fix.hasPrefix("Save when the app leaves the foreground"))
        #expect(diagnostic.process == 1)
    }

    @Test func bgs005CountsWorkFromTheMomentItStarts() {
        let result = run(
            actions: ["edit": [work(60)]],
            timeline: [at(0, .launch), at(5, .tap(action: "edit")), at(10, .memoryPressure), at(10, .swipeAway)])
        // Swiped away in the foreground mid-work: lost, but no app could have saved it (BGS046).
        #expect(result.diagnostics("BGS046").map(\.time) == [seconds(10)])
        #expect(result.diagnostics("BGS046").first?.message.hasPrefix("1m00.000s of work since the last save was lost") == true)
    }

    @Test func bgs005QuietWhenTheWorkWasSaved() {
        let result = run(
            actions: ["edit": [work(2), .save(checkpoint: "doc", duration: milliseconds(100))]],
            timeline: [at(0, .launch), at(5, .tap(action: "edit")), at(10, .goHome), at(20, .swipeAway)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.app(.save)).first?["work"]?.int == seconds(2))
    }

    @Test func bgs005QuietForWorkThatChangesNothing() {
        let result = run(
            actions: ["render": [busy(2)]],
            timeline: [at(0, .launch), at(5, .tap(action: "render")), at(20, .swipeAway)])
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: BGS006 didEnterBackgroundTooSlow

    @Test func bgs006KillsAnAppWhoseDidEnterBackgroundBlocksTooLong() throws {
        let result = run(
            actions: ["flush": [busy(6)]], handlers: [(.didEnterBackground, "flush")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS006"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == seconds(15))
        #expect(diagnostic.subject == "applicationDidEnterBackground")
        #expect(diagnostic.message == "applicationDidEnterBackground did not return within 5s")
        let kill = try #require(result.terminationEvents.first)
        #expect(kill.time == seconds(15))
        #expect(kill["reason"]?.string == "watchdog")
        #expect(kill["code"]?.string == "0x8badf00d")
        #expect(kill["message"]?.string == "applicationDidEnterBackground exceeded 5s")
        // It never returned.
        #expect(result.events(.app(.callback)).filter { $0["callback"]?.string == "didEnterBackground" }
            .map { $0["phase"]?.string } == ["start"])
    }

    @Test func bgs006QuietWhenDidEnterBackgroundReturnsInTime() {
        let result = run(
            actions: ["flush": [busy(4)]], handlers: [(.didEnterBackground, "flush")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.time(enteringState: "suspended") == seconds(14))
    }

    // MARK: BGS007 lockHeldAtSuspension

    @Test func bgs007KillsAnAppSuspendedHoldingALock() throws {
        let result = run(
            actions: ["store": [.holdLock("db")]], handlers: [(.didEnterBackground, "store")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS007"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == seconds(10))
        #expect(diagnostic.subject == "lock db")
        let kill = try #require(result.terminationEvents.first)
        #expect(kill.time == seconds(10))
        #expect(kill["from"]?.string == "background")
        #expect(kill["reason"]?.string == "lockHeldAtSuspension")
        #expect(kill["code"]?.string == "0xdead10cc")
        #expect(result.terminations == [.lockHeldAtSuspension])
        #expect(!result.moves().contains("background->suspended"))
    }

    @Test func bgs007QuietWhenTheLockIsReleasedUnderABackgroundTask() {
        let result = run(
            actions: ["store": [begin("t", name: "Write", onExpiration: endOwnTask), .holdLock("db"),
                                .async([busy(2), .releaseLock("db"), end("t")])]],
            handlers: [(.didEnterBackground, "store")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.app(.lock)).map { $0["held"] } == [.bool(true), .bool(false)])
        #expect(result.time(enteringState: "suspended") == seconds(12))
    }

    // MARK: BGS008 handlerStalled

    @Test func bgs008NamesAHandlerAwaitingAContinuationNobodyResumes() throws {
        let result = run(app: { ForgottenContinuationApp() }, timeline: [at(0, .launch)], stopAt: .seconds(60))
        guard case .stalled(let report) = result.ending else {
            Issue.record("expected a stalled run, got \(result.ending)")
            return
        }
        #expect(report.tasks.map(\.name) == ["main: didFinishLaunching"])
        #expect(report.tasks.first?.waitingFor == nil)
        #expect(result.ruleIDs == ["BGS008"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.subject == "task \"main: didFinishLaunching\"")
        #expect(diagnostic.message.contains("a continuation never resumed"))
        #expect(diagnostic.process == 1)
        #expect(result.events(.run(.end)).first?["ending"]?.string == "stalled")
        #expect(!result.passed)
        // The callback never returned, so the launch never finished.
        #expect(result.finalState == .launching(into: .foreground))
    }

    @Test func bgs008NamesWhatAKernelWaitWasFor() throws {
        let result = run(app: { NeverAnsweredApp() }, timeline: [at(0, .launch), at(2, .tap(action: "ask"))], stopAt: .seconds(60))
        guard case .stalled(let report) = result.ending else {
            Issue.record("expected a stalled run, got \(result.ending)")
            return
        }
        #expect(report.tasks.map(\.name) == ["main: userAction:ask"])
        #expect(report.tasks.first?.waitingFor == "a reply that never comes")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.rule.id == "BGS008")
        #expect(diagnostic.message == "\"main: userAction:ask\" never finished: it waits for a reply that never comes")
    }

    @Test func bgs008QuietForASuspendedAppWithAPendingWait() {
        // The wait ends at 70 s while the app is suspended: its code waits for the app to run again. Not a stall.
        let result = run(
            actions: ["fetch": [.async([waitFor(60), .log("reply")])]], handlers: [(.didEnterBackground, "fetch")],
            timeline: [at(0, .launch), at(10, .goHome)], stopAt: .seconds(300))
        #expect(result.ending == .completed)
        #expect(result.diagnostics.isEmpty)
        #expect(result.finalState == .suspended)
        #expect(result.events(.app(.log)).isEmpty)
    }

    @Test func bgs008QuietForSwiftCodeThatFinishes() {
        let result = run(app: { NeverAnsweredApp() }, timeline: [at(0, .launch), at(2, .tap(action: "other"))], stopAt: .seconds(60))
        #expect(result.ending == .completed)
        #expect(result.diagnostics.isEmpty)
    }
}

/// Keeps forgotten continuations alive for the life of the test process, so the runtime does not report them leaked.
let forgottenContinuations = Log<CheckedContinuation<Void, Never>>()

/// didFinishLaunching awaits a continuation that nothing ever resumes.
nonisolated final class ForgottenContinuationApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?) async -> Bool {
        await withCheckedContinuation { continuation in forgottenContinuations.append(continuation) }
        return true
    }
}

/// A tap named "ask" waits on the kernel for something nobody provides; any other tap returns.
nonisolated final class NeverAnsweredApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func application(_ application: UIApplication, performUserAction name: String) async {
        guard name == "ask", let kernel = TaskContext.current?.kernel else { return }
        try? await kernel.wait(for: "a reply that never comes") { _ in }
    }
}
