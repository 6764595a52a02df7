import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// The background URLSession service: transfers out of process, the relaunch for a session's events, and its rules.
@Suite struct BackgroundTransfersTests {
    static let session = "com.example.podcasts.downloads"
    /// 60 MB: 24 s on Wi-Fi at the assumed 2.5 MB/s.
    static let bytes: Int64 = 60_000_000

    /// The correct app's code, with parts replaced by `overrides`.
    static func actions(
        _ overrides: [String: [Step]] = [:], download: Step = .downloadTask(session: session, bytes: bytes, earliestBegin: nil, error: nil),
        configuration: BackgroundSessionConfiguration = BackgroundSessionConfiguration(identifier: session)
    ) -> [String: [Step]] {
        var actions: [String: [Step]] = [
            "download": [.createSession(configuration), download],
            "recreate": [.createSession(configuration)],
            "move": [.moveDownloadedFile(checkpoint: "episode")],
            "complete": [.log("complete")],
            "finish": [.callBackgroundEventsCompletion(session: session)],
        ]
        for (name, steps) in overrides { actions[name] = steps }
        return actions
    }

    static func run(
        _ timeline: [TimelineEntry], actions: [String: [Step]] = actions(), device: DeviceConditions = DeviceConditions(),
        stopAt: Duration = .seconds(3600), handlers: [(callback: AppDefinition.Callback, action: String)] = []
    ) -> SimulationResult {
        let app = AppDefinition(
            bundleIdentifier: "com.example.podcasts",
            handlers: [
                (callback: .handleEventsForBackgroundURLSession, action: "recreate"), (callback: .didFinishDownloadingTo, action: "move"),
                (callback: .didCompleteWithError, action: "complete"), (callback: .urlSessionDidFinishEvents, action: "finish"),
            ] + handlers,
            actions: actions)
        return Simulation(scenario: Scenario(name: "transfers", stopAt: stopAt, app: app, device: device, timeline: timeline)).run()
    }

    /// Opened, a download started at 5 s, the person leaves at 8 s.
    static let started = [at(0, .launch), at(5, .tap(action: "download")), at(8, .goHome)]

    static func phases(_ result: SimulationResult) -> [String] {
        result.events(.transfer(.state)).map { "\($0["phase"]?.string ?? ""):\($0["bytes"]?.int ?? -1)" }
    }

    static func sessionPhases(_ result: SimulationResult) -> [String] {
        result.events(.transfer(.session)).map { ($0["phase"]?.string ?? "") + ($0["wake"]?.string.map { ":" + $0 } ?? "") }
    }

    // MARK: Transfers out of process

    @Test func aDownloadFinishingWhileSuspendedWakesTheAppForItsEvents() throws {
        let result = Self.run(Self.started)
        #expect(Self.phases(result) == ["running:0", "finished:\(Self.bytes)"])
        #expect(result.events(.transfer(.state)).last?.time == seconds(29))
        // The handler recreates the session (harmless: the process had it already).
        #expect(Self.sessionPhases(result) == ["created", "eventsReady:woken", "created", "eventsDelivered", "completionCalled"])
        #expect(result.saved.checkpoints.map(\.name) == ["episode"])
        #expect(result.diagnostics.isEmpty)
        #expect(result.callbackStarts("handleEventsForBackgroundURLSession") == [seconds(29)])
        #expect(result.finalState == .suspended)
    }

    @Test func aDownloadFinishingAfterTheSystemKilledTheAppRelaunchesIt() {
        let result = Self.run(Self.started + [at(12, .memoryPressure)])
        #expect(Self.sessionPhases(result) == ["created", "eventsReady:launched", "created", "eventsDelivered", "completionCalled"])
        #expect(result.moves(process: 2).first == "notRunning->launchingBackground")
        #expect(result.saved.checkpoints.map(\.name) == ["episode"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aForceQuitCancelsTheTransferAndNothingRelaunchesTheApp() {
        let result = Self.run(Self.started + [at(12, .swipeAway), at(600, .launch), at(601, .tap(action: "recreate"))])
        #expect(Self.phases(result) == ["running:0", "cancelled:17500000"])
        #expect(result.moves(process: 2).first == "notRunning->launchingForeground")
        // Opened by the person and the session recreated, the app hears of the cancellation (no file).
        #expect(result.callbackStarts("didCompleteWithError") == [seconds(601)])
        #expect(result.callbackStarts("didFinishDownloadingTo").isEmpty)
        // It only logs the error and never starts the download again: BGS051 when the run ends.
        #expect(result.ruleIDs == ["BGS051"])
    }

    @Test func networkLossPausesTheTransferAndItResumesWhereItStopped() {
        var offline = ConditionChange()
        offline.network = DeviceConditions.Network.none
        var online = ConditionChange()
        online.network = .wifi
        let result = Self.run(Self.started + [at(15, .conditions(offline)), at(100, .conditions(online))])
        #expect(Self.phases(result) == ["running:0", "waiting:25000000", "running:25000000", "finished:\(Self.bytes)"])
        #expect(result.events(.transfer(.state)).last?.time == seconds(114))
    }

    @Test func cellularIsSlowerThanWifi() {
        var cellular = DeviceConditions()
        cellular.network = .cellular
        let result = Self.run(Self.started, device: cellular)
        #expect(result.events(.transfer(.state)).last?.time == seconds(65))
    }

    @Test func aDiscretionaryTransferWaitsForWifiAndPower() {
        var plugged = ConditionChange()
        plugged.charging = true
        let configuration = BackgroundSessionConfiguration(identifier: Self.session, isDiscretionary: true)
        let result = Self.run(Self.started + [at(300, .conditions(plugged))], actions: Self.actions(configuration: configuration))
        #expect(result.events(.transfer(.state)).first?["why"]?.string == "discretionary: waits for power")
        #expect(result.events(.transfer(.state)).last?.time == seconds(324))
    }

    @Test func aTransferStartedInTheBackgroundIsDiscretionary() {
        // Started from applicationDidEnterBackground, isDiscretionary false is ignored: it waits for power.
        let result = Self.run([at(0, .launch), at(5, .goHome)], handlers: [(callback: .didEnterBackground, action: "download")])
        #expect(result.events(.transfer(.state)).first?["phase"]?.string == "waiting")
        #expect(result.events(.transfer(.state)).first?["why"]?.string == "discretionary: waits for power")
        // The same from the foreground starts at once.
        let foreground = Self.run([at(0, .launch), at(5, .tap(action: "download"))])
        #expect(foreground.events(.transfer(.state)).first?["phase"]?.string == "running")
    }

    @Test func earliestBeginDateDelaysTheStart() {
        let download = Step.downloadTask(session: Self.session, bytes: Self.bytes, earliestBegin: seconds(600), error: nil)
        let result = Self.run(Self.started, actions: Self.actions(download: download))
        #expect(Self.phases(result) == ["waiting:0", "running:0", "finished:\(Self.bytes)"])
        #expect(result.events(.transfer(.state))[1].time == seconds(605))
    }

    @Test func aClientErrorFailsTheTransferWithoutAFile() {
        let download = Step.downloadTask(session: Self.session, bytes: Self.bytes, earliestBegin: nil, error: "NSURLErrorCannotConnectToHost")
        let result = Self.run(Self.started, actions: Self.actions(download: download))
        #expect(Self.phases(result).last == "failed:\(Self.bytes)")
        #expect(result.callbackStarts("didFinishDownloadingTo").isEmpty)
        #expect(result.callbackStarts("didCompleteWithError") == [seconds(29)])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func withoutLaunchEventsTheAppIsNotWoken() {
        let configuration = BackgroundSessionConfiguration(identifier: Self.session, sendsLaunchEvents: false)
        let result = Self.run(Self.started, actions: Self.actions(configuration: configuration))
        #expect(result.callbackStarts("handleEventsForBackgroundURLSession").isEmpty)
        #expect(result.events(.transfer(.session)).last?["why"]?.string?.contains("sessionSendsLaunchEvents") == true)
    }

    @Test func runStartListsTransferParametersOnlyWhenTheAppMakesASession() {
        #expect(Self.run(Self.started).events(.run(.start)).first?["profile.transferWifiBytesPerSecond"]?.int == 2_500_000)
        let none = Self.run(Self.started, actions: ["download": []])
        #expect(none.events(.run(.start)).first?["profile.transferWifiBytesPerSecond"] == nil)
    }

    // MARK: BGS043 downloadedFileNotMoved

    @Test func bgs043FiresWhenTheFileIsMovedTooLate() {
        let late: [Step] = [.dispatchMain(delay: .zero, steps: [.moveDownloadedFile(checkpoint: "episode")])]
        let result = Self.run(Self.started, actions: Self.actions(["move": late]))
        #expect(result.ruleIDs == ["BGS043"])
        #expect(result.saved.checkpoints.isEmpty)
        #expect(result.events(.app(.stepIgnored)).first?["step"]?.string == "moveDownloadedFile")
    }

    @Test func bgs043FiresWhenTheFileIsNeverMoved() {
        #expect(Self.run(Self.started, actions: Self.actions(["move": []])).ruleIDs == ["BGS043"])
    }

    // MARK: BGS044 backgroundSessionNotRecreated

    @Test func bgs044FiresWhenTheRelaunchedAppDoesNotRecreateTheSession() {
        let result = Self.run(Self.started + [at(12, .memoryPressure)], actions: Self.actions(["recreate": []]))
        #expect(result.ruleIDs == ["BGS044"])
        #expect(result.saved.checkpoints.isEmpty)
        #expect(result.callbackStarts("didFinishDownloadingTo").isEmpty)
        #expect(result.events(.transfer(.session)).last?["phase"]?.string == "timedOut")
    }

    @Test func bgs044FiresWhenTheHandlerIsCalledWithoutRecreating() {
        let result = Self.run(
            Self.started + [at(12, .memoryPressure)], actions: Self.actions(["recreate": [.callBackgroundEventsCompletion(session: Self.session)]]))
        #expect(result.ruleIDs == ["BGS044"])
    }

    // MARK: BGS045 backgroundEventsCompletionNotCalled

    @Test func bgs045FiresWhenTheStoredHandlerIsNeverCalled() {
        let result = Self.run(Self.started, actions: Self.actions(["finish": []]))
        #expect(result.ruleIDs == ["BGS045"])
        #expect(result.saved.checkpoints.map(\.name) == ["episode"])
        // Its time over, the app is suspended again rather than killed (assumed).
        #expect(result.terminations.isEmpty)
        #expect(result.finalState == .suspended)
    }
}
