import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// The silent push service: delivery, the rate limit and coalescing, what blocks a push, the 30 s handler, and its rules.
@Suite struct SilentPushTests {
    /// A correct background push.
    static let good = UserAction.push(RemoteNotification())

    /// A push handler that works for `duration` seconds, then calls its completion handler (`calls` times).
    static func handler(_ duration: Double, calls: Int = 1) -> [Step] {
        [waitFor(duration)] + Array(repeating: .callFetchCompletion(result: .newData), count: calls)
    }

    /// Runs an app with `remote-notification` (unless `modes` says otherwise) that handles pushes with `steps`.
    static func runPush(
        _ timeline: [TimelineEntry], steps: [Step] = handler(2), modes: [BackgroundMode] = [.remoteNotification],
        profile: PlatformProfile = PlatformProfile(.iOS26), device: DeviceConditions = DeviceConditions(),
        stopAt: Duration = .seconds(3 * 3600), seed: UInt64 = 1
    ) -> SimulationResult {
        let app = AppDefinition(
            bundleIdentifier: "com.example.chat", backgroundModes: modes,
            handlers: [(callback: .didReceiveRemoteNotification, action: "onPush")], actions: ["onPush": steps])
        return Simulation(scenario: Scenario(
            name: "push", seed: seed, profile: profile, stopAt: stopAt, app: app, device: device, timeline: timeline)).run()
    }

    /// The launched, then suspended app: the person opened it and went home.
    static let suspended = [at(0, .launch), at(10, .goHome)]

    // MARK: Delivery

    @Test func aSuspendedAppIsWokenAndSuspendedAgainAfterTheHandler() throws {
        let result = Self.runPush(Self.suspended + [at(60, Self.good)])
        let delivered = try #require(result.events(.push(.outcome)).first)
        #expect(delivered["outcome"]?.string == "delivered")
        #expect(delivered["wake"]?.string == "woken")
        #expect(delivered.time == seconds(60))
        let completion = try #require(result.events(.push(.completion)).first)
        #expect(completion["phase"]?.string == "called")
        #expect(completion["result"]?.string == "newData")
        #expect(completion.time == seconds(62))
        #expect(result.moves(process: 1).suffix(2) == ["suspended->background", "background->suspended"])
        #expect(result.time(enteringState: "suspended").map { $0 <= seconds(62) } == true)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aTerminatedAppIsLaunchedIntoTheBackground() throws {
        let result = Self.runPush(Self.suspended + [at(20, .memoryPressure), at(60, Self.good)])
        let delivered = try #require(result.events(.push(.outcome)).first)
        #expect(delivered["wake"]?.string == "launched")
        #expect(delivered["process"]?.int == 2)
        #expect(result.moves(process: 2).first == "notRunning->launchingBackground")
        #expect(result.events(.push(.completion)).first?["process"]?.int == 2)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func nothingIsDeliveredAfterAForceQuitUntilThePersonOpensTheApp() throws {
        let result = Self.runPush(
            Self.suspended + [at(20, .swipeAway), at(60, Self.good), at(120, .launch), at(130, .goHome), at(200, Self.good)])
        let outcomes = result.events(.push(.outcome))
        #expect(outcomes.map { $0["outcome"]?.string } == ["dropped", "delivered"])
        #expect(outcomes.first?["why"]?.string?.contains("app switcher") == true)
        #expect(outcomes.last?.time == seconds(200))
    }

    @Test func lowPowerModeAndBackgroundAppRefreshOffBlockDelivery() {
        var lowPower = DeviceConditions()
        lowPower.lowPowerMode = true
        var refreshOff = DeviceConditions()
        refreshOff.backgroundAppRefresh = .denied
        for device in [lowPower, refreshOff] {
            let result = Self.runPush(Self.suspended + [at(60, Self.good)], device: device)
            #expect(result.events(.push(.outcome)).map { $0["outcome"]?.string } == ["dropped"])
            #expect(result.events(.push(.completion)).isEmpty)
        }
    }

    @Test func aPushWithoutContentAvailableDoesNotWakeTheApp() {
        let result = Self.runPush(Self.suspended + [at(60, .push(RemoteNotification(contentAvailable: false, pushType: .alert, priority: 10)))])
        #expect(result.events(.push(.outcome)).map { $0["outcome"]?.string } == ["dropped"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aPushInTheForegroundIsHandledWithoutTheBackgroundMode() {
        let result = Self.runPush([at(0, .launch), at(10, Self.good)], modes: [])
        #expect(result.events(.push(.outcome)).first?["wake"]?.string == "running")
        #expect(result.events(.push(.completion)).first?["phase"]?.string == "called")
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: BGS038 pushPriorityTooHigh

    @Test func bgs038FiresForPriority10OnABackgroundPushWhichIsDropped() {
        let result = Self.runPush(Self.suspended + [at(60, .push(RemoteNotification(priority: 10)))])
        #expect(result.ruleIDs == ["BGS038"])
        #expect(result.events(.push(.outcome)).map { $0["outcome"]?.string } == ["dropped"])
    }

    @Test func bgs038PolicyCanDeliverAsLowPriority() {
        var switched = PlatformProfile(.iOS26)
        let switchedOK = switched.setChoice(.pushPriority10Policy, to: "deliverAsLowPriority")
        #expect(switchedOK)
        let result = Self.runPush(Self.suspended + [at(60, .push(RemoteNotification(priority: 10)))], profile: switched)
        #expect(result.ruleIDs == ["BGS038"])
        #expect(result.events(.push(.outcome)).map { $0["outcome"]?.string } == ["delivered"])
    }

    @Test func bgs038QuietAtPriority5() {
        #expect(Self.runPush(Self.suspended + [at(60, Self.good)]).diagnostics.isEmpty)
    }

    // MARK: BGS039 remoteNotificationModeMissing

    @Test func bgs039FiresWithoutTheBackgroundMode() {
        let result = Self.runPush(Self.suspended + [at(60, Self.good)], modes: ["fetch"])
        #expect(result.ruleIDs == ["BGS039"])
        #expect(result.events(.push(.completion)).isEmpty)
    }

    // MARK: BGS040 pushThrottled, and coalescing

    @Test func bgs040HoldsTheFourthPushInAnHourAndKeepsOnlyTheNewest() throws {
        let pushes = [600.0, 720, 840, 960, 1080, 1200].map { at($0, Self.good) }
        let result = Self.runPush(Self.suspended + pushes)
        // The server sent six in twenty minutes: each beyond the third is its bug (BGS049) and is held (BGS040).
        #expect(result.ruleIDs == ["BGS049", "BGS040", "BGS049", "BGS040", "BGS049", "BGS040"])
        let outcomes = result.events(.push(.outcome)).map { "\($0["push"]?.int ?? 0):\($0["outcome"]?.string ?? "")" }
        #expect(outcomes == [
            "1:delivered", "2:delivered", "3:delivered", "4:held", "4:coalesced", "5:held", "5:coalesced", "6:held", "6:delivered",
        ])
        // Delivered when the first delivery is an hour old.
        #expect(result.events(.push(.outcome)).last?.time == seconds(600 + 3600))
        #expect(result.events(.push(.completion)).count == 4)
    }

    @Test func bgs040QuietAtThreeAnHour() {
        let pushes = [600.0, 1800, 3000, 4300, 5500].map { at($0, Self.good) }
        let result = Self.runPush(Self.suspended + pushes)
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.push(.completion)).count == 5)
    }

    @Test func aHeldPushIsDiscardedWhenTheAppIsKilledAndDeliveredWhenThePersonOpensIt() {
        let four = [600.0, 700, 800, 900].map { at($0, Self.good) }
        let killed = Self.runPush(Self.suspended + four + [at(1000, .memoryPressure)])
        #expect(killed.events(.push(.outcome)).last?["outcome"]?.string == "discarded")
        let opened = Self.runPush(Self.suspended + four + [at(1000, .returnToApp)])
        let last = opened.events(.push(.outcome)).last
        #expect(last?["outcome"]?.string == "delivered")
        #expect(last?.time == seconds(1000))
        #expect(last?["why"]?.string == "the person opened the app")
    }

    // MARK: BGS041 pushCompletionNotCalled

    @Test func bgs041TerminatesAHandlerThatTakes40Seconds() throws {
        let result = Self.runPush(Self.suspended + [at(60, Self.good)], steps: Self.handler(40))
        #expect(result.ruleIDs == ["BGS041"])
        #expect(result.terminations == [.watchdog])
        let timedOut = try #require(result.events(.push(.completion)).first)
        #expect(timedOut["phase"]?.string == "timedOut")
        #expect(timedOut.time == seconds(90))
    }

    @Test func bgs041TerminatesAHandlerThatNeverCalls() {
        let result = Self.runPush(Self.suspended + [at(60, Self.good)], steps: [waitFor(1)])
        #expect(result.ruleIDs == ["BGS041"])
        #expect(result.terminations == [.watchdog])
    }

    @Test func bgs041QuietAt29Seconds() {
        let result = Self.runPush(Self.suspended + [at(60, Self.good)], steps: Self.handler(29))
        #expect(result.diagnostics.isEmpty)
        #expect(result.terminations.isEmpty)
    }

    // MARK: BGS042 pushCompletionCalledTwice

    @Test func bgs042FiresWhenTheHandlerIsCalledTwice() {
        let result = Self.runPush(Self.suspended + [at(60, Self.good)], steps: Self.handler(1, calls: 2))
        #expect(result.ruleIDs == ["BGS042"])
        #expect(result.events(.push(.completion)).map { $0["phase"]?.string } == ["called", "calledAgain"])
    }

    @Test func callFetchCompletionOutsideAHandlerIsIgnored() {
        let app = AppDefinition(
            bundleIdentifier: "com.example.chat", handlers: [(callback: .didBecomeActive, action: "a")],
            actions: ["a": [.callFetchCompletion(result: .noData)]])
        let result = Simulation(scenario: Scenario(name: "x", stopAt: .seconds(10), app: app, timeline: [at(0, .launch)])).run()
        #expect(result.events(.app(.stepIgnored)).first?["step"]?.string == "callFetchCompletion")
    }

    // MARK: The trace

    @Test func runStartListsPushParametersOnlyWhenTheRunHasPushes() throws {
        let without = Self.runPush(Self.suspended)
        let with = Self.runPush(Self.suspended + [at(60, Self.good)])
        #expect(without.events(.run(.start)).first?["profile.pushHandlerBudget"] == nil)
        #expect(with.events(.run(.start)).first?["profile.pushHandlerBudget"]?.int == seconds(30))
        #expect(with.events(.run(.start)).first?["profile.pushPriority10Policy"]?.string == "drop")
        for result in [without, with] {
            let lines = result.events.map(\.jsonLine).joined(separator: "\n") + "\n"
            let read = try TraceReader.read(Array(lines.utf8))
            #expect(read.events.map(\.record) == result.events.map(\.record))
            #expect(read.fingerprint == result.fingerprint)
        }
    }

    // MARK: Swift app code

    @Test func aSwiftDelegateWithApplesSignatureHandlesAPush() throws {
        let timeline = Self.suspended + [at(60, Self.good)]
        var info = AppDefinition(bundleIdentifier: "com.example.chat", backgroundModes: ["remote-notification"])
        info.handlers = []
        let scenario = Scenario(name: "swift-push", stopAt: .seconds(600), app: info, timeline: timeline)
        let result = Simulation(scenario: scenario, app: { PushHandlingApp() }).run()
        let completion = try #require(result.events(.push(.completion)).first)
        #expect(completion["result"]?.string == "noData")
        #expect(completion.time == seconds(60))
        #expect(result.diagnostics.isEmpty)
    }
}

/// An app delegate as written for iOS: it reads the payload and calls the completion handler at once.
final class PushHandlingApp: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        let aps = userInfo["aps"] as? [String: Any]
        completionHandler(aps?["content-available"] as? Int == 1 ? .noData : .failed)
    }
}
