import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// Model behaviours found in review to contradict platform-facts or the model's own contracts, now fixed.
///
/// Each comment says what was wrong; the test keeps it from coming back.
@Suite struct ModelRegressionTests {
    // Was: AppProcess.save(checkpoint:) does not check isAlive (unlike beginBackgroundTask/endBackgroundTask): Swift code of a terminated process still saves
    @Test
    func aTerminatedProcessCannotSave() {
        // The tap's work is cut short by the swipe; `try?` swallows the error and the code goes on to save.
        let result = run(app: { SaveAfterKillApp() }, timeline: [at(0, .launch), at(1, .tap(action: "edit")), at(5, .goHome), at(10, .swipeAway)])
        #expect(result.terminations == [.userSwipedAway])
        #expect(!result.saved.contains("after-termination"))
        let terminatedAt = result.terminationEvents.first?.sequence ?? .max
        #expect(result.events(.app(.save)).allSatisfy { $0.sequence < terminatedAt })
    }

    // Was: Simulation.perform(.swipeAway) calls resignActive then terminate in one event: the willResignActive body of a Swift delegate runs after the process is terminated
    @Test
    func delegateCodeNeverRunsAfterTermination() {
        let result = run(app: { SaveAfterKillApp() }, timeline: [at(0, .launch), at(10, .swipeAway)])
        let terminatedAt = result.terminationEvents.first?.sequence ?? .max
        #expect(result.events.filter { $0.kind == .app(.save) && $0.sequence > terminatedAt }.isEmpty)
        #expect(!result.saved.contains("on resign"))
    }

    // Was: AppProcess.memoryPressure() queues didReceiveMemoryWarning at once while launching: it runs before didFinishLaunching
    @Test
    func noDelegateCallbackBeforeDidFinishLaunching() {
        let result = run(
            actions: ["trim": [.log("trimmed")]], handlers: [(.didReceiveMemoryWarning, "trim")],
            timeline: [at(0, .launch), at(0.1, .memoryPressure)], stopAt: .seconds(10))
        let callbacks = result.events(.app(.callback)).filter { $0["phase"]?.string == "start" }.compactMap { $0["callback"]?.string }
        #expect(callbacks.first == "didFinishLaunching")
    }

    // Was: Simulation.perform(.swipeAway) ignores an app the system terminated ('not in the app switcher'), so background launches go on; platform-facts: closing the app in the app switcher means no background launches until the person opens it again
    @Test
    func swipingAwayAKilledAppStillBlocksBackgroundLaunches() {
        let result = run(timeline: [
            at(0, .launch), at(10, .goHome), at(20, .memoryPressure), at(30, .swipeAway), at(40, .backgroundLaunch),
        ])
        #expect(result.moves(process: 2).isEmpty)
        #expect(result.ignoredReasons.last
            == "the person closed the app in the app switcher; no background launch until they open it again")
    }

    // Was: UIApplication.simulateWork(for:) records unsaved work only after it completes, unlike the scenario work step (dirty from its start): Swift code killed mid-work loses nothing and BGS005 stays quiet
    @Test
    func swiftWorkCutShortIsLostWork() {
        let result = run(app: { SaveAfterKillApp() }, timeline: [at(0, .launch), at(1, .tap(action: "edit")), at(5, .goHome), at(10, .swipeAway)])
        // Lost: the app's main thread still ran the work, with applicationDidEnterBackground queued behind it.
        #expect(result.diagnostics("BGS046").first?.message.hasPrefix("30.000s of work since the last save was lost") == true)
    }

    // Was: Simulation.run() diagnoses BGS008 after kernel.run(until:) moved the clock to stopAt: .nanoseconds(the diagnostic is pinned to the stop time), not to the instant the run went idle (StallReport.at)
    @Test
    func aStallIsReportedWhenItHappens() throws {
        let result = run(app: { ForgottenContinuationApp() }, timeline: [at(0, .launch)], stopAt: .seconds(60))
        guard case .stalled(let report) = result.ending else {
            Issue.record("expected a stalled run")
            return
        }
        let diagnostic = try #require(result.diagnostics("BGS008").first)
        #expect(diagnostic.time == report.at)
    }

    // Was: AppProcess.enterBackground starts the didEnterBackground watchdog when the callback starts, so a willResignActive that blocks the main thread gives the app unbounded background CPU with no task; platform-facts: backgrounded apps are suspended by default and get no CPU, and didEnterBackground has about five seconds
    @Test
    func aBlockedMainThreadDoesNotBuyBackgroundTime() {
        let result = run(
            actions: ["hang": [busy(60)]], handlers: [(.willResignActive, "hang")],
            timeline: [at(0, .launch), at(10, .goHome)])
        let stopped = result.events(.app(.state)).first { ["suspended", "terminated"].contains($0["to"]?.string) }?.time
        #expect((stopped ?? .distantFuture) <= seconds(15))
    }
}

/// Swift app code that keeps going after its process died: it swallows the error of its cut-short work.
nonisolated final class SaveAfterKillApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func application(_ application: UIApplication, performUserAction name: String) async {
        try? await application.simulateWork(for: .seconds(30))
        application.saveState(checkpoint: "after-termination")
    }

    func applicationWillResignActive(_ application: UIApplication) async {
        application.saveState(checkpoint: "on resign")
    }
}
