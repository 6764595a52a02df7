import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// The app process's life: launch, foreground, background, suspension, termination and relaunch.
@Suite struct LifecycleTests {
    // MARK: Launch

    @Test func launchGoesThroughLaunchingToActiveWithinTheLaunchTime() throws {
        let result = run(timeline: [at(0, .launch)], stopAt: .seconds(5))
        #expect(result.moves() == ["notRunning->launchingForeground", "launchingForeground->foregroundActive"])
        let launching = try #require(result.events(.app(.state)).first)
        #expect(launching.time == .zero)
        #expect(launching["cause"]?.string == "launch")
        let active = try #require(result.time(enteringState: "foregroundActive"))
        let profile = PlatformProfile(.iOS26)
        let launchDuration = profile[duration: .launchDuration]
        let launchJitter = profile[duration: .launchJitter]
        #expect(active >= .zero + launchDuration - launchJitter)
        #expect(active <= .zero + launchDuration + launchJitter)
        // didFinishLaunching starts after the launch time; the app is active when it returns, then didBecomeActive runs.
        #expect(result.callbackStarts("didFinishLaunching") == [active])
        #expect(result.callbackStarts("didBecomeActive") == [active])
        #expect(result.finalState == .foregroundActive)
        #expect(result.diagnostics.isEmpty)
        #expect(result.terminations.isEmpty)
    }

    @Test(arguments: [UInt64(1), 2, 3, 17, 99, 12345])
    func launchTimeStaysWithinItsJitterForAnySeed(seed: UInt64) throws {
        let result = run(seed: seed, timeline: [at(0, .launch)], stopAt: .seconds(2))
        let active = try #require(result.time(enteringState: "foregroundActive"))
        #expect((milliseconds(200)...milliseconds(600)).contains(active))
    }

    @Test func launchTimeFollowsTheProfile() {
        let slow = profile(.iOS26, [.launchDuration: seconds(2), .launchJitter: .zero])
        let result = run(profile: slow, timeline: [at(1, .launch)], stopAt: .seconds(10))
        #expect(result.time(enteringState: "foregroundActive") == seconds(3))
    }

    @Test func slowDidFinishLaunchingDelaysActivation() {
        let exact = profile(.iOS26, [.launchJitter: .zero])
        let result = run(
            profile: exact, actions: ["setUp": [busy(1.5)]], handlers: [(.didFinishLaunching, "setUp")],
            timeline: [at(0, .launch)], stopAt: .seconds(10))
        #expect(result.callbackStarts("didFinishLaunching") == [milliseconds(400)])
        #expect(result.time(enteringState: "foregroundActive") == milliseconds(1900))
    }

    // MARK: Leaving and coming back

    @Test func goHomeSuspendsAnAppThatHoldsNothing() {
        let result = run(timeline: [at(0, .launch), at(10, .goHome)])
        let fromTen = result.events(.app(.state)).filter { $0.time == seconds(10) }
        #expect(fromTen.map { "\($0["from"]!.string!)->\($0["to"]!.string!)" } == [
            "foregroundActive->foregroundInactive", "foregroundInactive->background", "background->suspended",
        ])
        #expect(fromTen.prefix(2).allSatisfy { $0["cause"]?.string == "goHome" })
        #expect(result.callbackStarts("willResignActive") == [seconds(10)])
        #expect(result.callbackStarts("didEnterBackground") == [seconds(10)])
        #expect(result.finalState == .suspended)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func suspensionWaitsForDidEnterBackgroundToReturn() {
        let result = run(
            actions: ["tidy": [busy(2)]], handlers: [(.didEnterBackground, "tidy")],
            timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.time(enteringState: "background") == seconds(10))
        #expect(result.time(enteringState: "suspended") == seconds(12))
    }

    @Test func suspensionDelayFromTheProfile() {
        let lazy = profile(.iOS26, [.suspensionDelay: seconds(3)])
        let result = run(profile: lazy, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.time(enteringState: "suspended") == seconds(13))
    }

    @Test func returnToAppFromSuspended() throws {
        let result = run(timeline: [at(0, .launch), at(10, .goHome), at(20, .returnToApp)])
        let back = result.events(.app(.state)).filter { $0.time == seconds(20) }
        #expect(back.map { "\($0["from"]!.string!)->\($0["to"]!.string!)" } == [
            "suspended->foregroundInactive", "foregroundInactive->foregroundActive",
        ])
        #expect(back.first?["cause"]?.string == "returnToApp")
        #expect(result.callbackStarts("willEnterForeground") == [seconds(20)])
        #expect(result.callbackStarts("didBecomeActive").last == seconds(20))
        #expect(result.finalState == .foregroundActive)
    }

    @Test func returnToAppFromBackground() {
        // A background task keeps the app running in the background, so it comes back from `background`.
        let result = run(
            actions: ["sync": [begin("t"), .async([waitFor(60), end("t")])]],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [at(0, .launch), at(10, .goHome), at(20, .returnToApp)])
        #expect(result.moves().contains("background->foregroundInactive"))
        #expect(!result.moves().contains("background->suspended"))
        #expect(result.events(.backgroundTime(.end)).map(\.time) == [seconds(20)])
        // The task ends later, in the foreground: nothing to complain about.
        #expect(result.events(.backgroundTime(.taskEnd)).map(\.time) == [seconds(70)])
        #expect(result.finalState == .foregroundActive)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func launchActionBringsASuspendedAppBack() {
        let result = run(timeline: [at(0, .launch), at(10, .goHome), at(20, .launch)])
        #expect(result.moves().suffix(2) == ["suspended->foregroundInactive", "foregroundInactive->foregroundActive"])
        #expect(result.events(.app(.state)).last?["process"]?.int == 1)
    }

    @Test func goHomeFromTheHomeScreenIsIgnored() {
        let result = run(timeline: [at(0, .launch), at(10, .goHome), at(20, .goHome)])
        #expect(result.ignoredReasons == ["the app is not in the foreground"])
        #expect(result.finalState == .suspended)
    }

    // MARK: Lock and unlock

    @Test func lockSendsTheAppInFrontToTheBackgroundAndUnlockBringsItBack() {
        let result = run(timeline: [at(0, .launch), at(10, .lock), at(20, .unlock)])
        let locked = result.events(.app(.state)).filter { $0.time == seconds(10) }
        #expect(locked.map { $0["to"]!.string! } == ["foregroundInactive", "background", "suspended"])
        #expect(locked.first?["cause"]?.string == "lock")
        let unlocked = result.events(.app(.state)).filter { $0.time == seconds(20) }
        #expect(unlocked.map { $0["to"]!.string! } == ["foregroundInactive", "foregroundActive"])
        #expect(unlocked.first?["cause"]?.string == "unlock")
        #expect(result.events(.device(.state)).map { $0["locked"] } == [.bool(false), .bool(true), .bool(false)])
        #expect(result.finalState == .foregroundActive)
    }

    @Test func unlockDoesNotBringBackAnAppThatWasNotInFront() {
        let result = run(timeline: [at(0, .launch), at(10, .goHome), at(20, .lock), at(30, .unlock)])
        #expect(result.events(.app(.state)).allSatisfy { $0.time <= seconds(10) })
        #expect(result.finalState == .suspended)
    }

    @Test func theAppCannotBeOpenedWhileTheDeviceIsLocked() {
        let result = run(timeline: [at(0, .launch), at(10, .lock), at(15, .returnToApp), at(16, .lock)])
        #expect(result.ignoredReasons == ["the device is locked", "the device is already locked"])
        #expect(result.finalState == .suspended)
    }

    @Test func aDeviceThatStartsLockedKeepsTheAppClosed() {
        let result = run(timeline: [at(0, .launch), at(5, .unlock), at(6, .launch)], startsLocked: true)
        #expect(result.ignoredReasons == ["the device is locked"])
        #expect(result.events(.device(.state)).first?["locked"] == .bool(true))
        #expect(result.time(enteringState: "launchingForeground") == seconds(6))
    }

    // MARK: Swipe away

    @Test func swipeAwayTerminatesAtOnce() throws {
        let result = run(timeline: [at(0, .launch), at(10, .goHome), at(20, .swipeAway)])
        let end = try #require(result.terminationEvents.first)
        #expect(end.time == seconds(20))
        #expect(end["from"]?.string == "suspended")
        #expect(end["reason"]?.string == "userSwipedAway")
        #expect(end["code"] == nil)
        #expect(result.terminations == [.userSwipedAway])
        #expect(result.finalState == .terminated(.userSwipedAway))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func swipeAwayFromTheForegroundGoesThroughInactive() {
        let result = run(timeline: [at(0, .launch), at(10, .swipeAway)])
        #expect(result.moves().suffix(2) == ["foregroundActive->foregroundInactive", "foregroundInactive->terminated"])
        #expect(result.terminations == [.userSwipedAway])
    }

    @Test func swipeAwayBlocksBackgroundLaunchesUntilThePersonOpensTheApp() {
        let result = run(timeline: [
            at(0, .launch), at(10, .goHome), at(20, .swipeAway),
            at(30, .backgroundLaunch),  // refused: the person closed the app
            at(40, .launch), at(50, .goHome), at(60, .memoryPressure),
            at(70, .backgroundLaunch),  // allowed again: the person opened the app since
        ])
        #expect(result.ignoredReasons == [
            "the person closed the app in the app switcher; no background launch until they open it again",
        ])
        #expect(result.events(.person(.actionIgnored)).map(\.time) == [seconds(30)])
        #expect(result.terminations == [.userSwipedAway, .memoryPressure])
        #expect(result.moves(process: 2).first == "notRunning->launchingForeground")
        #expect(result.time(enteringState: "launchingForeground", process: 2) == seconds(40))
        #expect(result.moves(process: 3) == [
            "notRunning->launchingBackground", "launchingBackground->background", "background->suspended",
        ])
        #expect(result.time(enteringState: "launchingBackground", process: 3) == seconds(70))
    }

    @Test func swipeAwayBeforeLaunchIsIgnored() {
        let result = run(timeline: [at(1, .swipeAway), at(2, .backgroundLaunch)])
        #expect(result.ignoredReasons == ["the app was never opened, so it is not in the app switcher"])
        #expect(result.moves(process: 1).first == "notRunning->launchingBackground")
    }

    // MARK: Memory pressure

    @Test(arguments: [
        (name: "suspended", timeline: [at(0, .launch), at(10, .goHome), at(20, .memoryPressure)]),
        (name: "background", timeline: [at(0, .launch), at(10, .goHome), at(12, .memoryPressure)]),
    ])
    func memoryPressureKillsAnAppThatIsNotInFront(name: String, timeline: [TimelineEntry]) throws {
        // didEnterBackground keeps a task open for 5 s: at 12 s the app is still running in the background.
        let result = run(
            actions: ["sync": [begin("t"), .async([busy(5), end("t")])]], handlers: [(.didEnterBackground, "sync")],
            timeline: timeline)
        let end = try #require(result.terminationEvents.first)
        #expect(end["from"]?.string == name)
        #expect(end["reason"]?.string == "memoryPressure")
        #expect(result.terminations == [.memoryPressure])
        #expect(result.callbackStarts("didReceiveMemoryWarning").isEmpty)
    }

    @Test func memoryPressureOnlyWarnsAnAppInFront() {
        let result = run(
            actions: ["trim": [.log("caches dropped")]], handlers: [(.didReceiveMemoryWarning, "trim")],
            timeline: [at(0, .launch), at(10, .memoryPressure), at(20, .openControlCenter), at(21, .memoryPressure)])
        #expect(result.callbackStarts("didReceiveMemoryWarning") == [seconds(10), seconds(21)])
        #expect(result.events(.app(.log)).map(\.time) == [seconds(10), seconds(21)])
        #expect(result.terminations.isEmpty)
        #expect(result.finalState == .foregroundInactive)
    }

    // MARK: Control Center

    @Test func controlCenterMakesTheAppInactiveAndBack() {
        let result = run(timeline: [at(0, .launch), at(10, .openControlCenter), at(15, .closeControlCenter)])
        let interrupted = result.events(.app(.state)).filter { $0.time >= seconds(10) }
        #expect(interrupted.map { "\($0["from"]!.string!)->\($0["to"]!.string!)@\(($0.time - .zero) / .seconds(1))" } == [
            "foregroundActive->foregroundInactive@10", "foregroundInactive->foregroundActive@15",
        ])
        #expect(interrupted.allSatisfy { $0["cause"]?.string == "controlCenter" })
        #expect(result.callbackStarts("willResignActive") == [seconds(10)])
        #expect(result.callbackStarts("didBecomeActive").last == seconds(15))
        // Inactive in front is not the background: no background time, no suspension.
        #expect(result.events(.backgroundTime(.start)).isEmpty)
        #expect(result.finalState == .foregroundActive)
    }

    // MARK: Background launch

    @Test func backgroundLaunchRunsInTheBackgroundThenSuspends() throws {
        let result = run(
            actions: ["refresh": [busy(2)]], handlers: [(.didFinishLaunching, "refresh")],
            timeline: [at(5, .backgroundLaunch)])
        #expect(result.moves() == [
            "notRunning->launchingBackground", "launchingBackground->background", "background->suspended",
        ])
        let launched = try #require(result.events(.app(.state)).first)
        #expect(launched.time == seconds(5))
        #expect(launched["cause"]?.string == "backgroundLaunch")
        let started = try #require(result.callbackStarts("didFinishLaunching").first)
        #expect(result.time(enteringState: "background") == started + seconds(2))
        #expect(result.time(enteringState: "suspended") == started + seconds(2))
        #expect(result.callbackStarts("didEnterBackground").isEmpty)
        #expect(result.events(.backgroundTime(.start)).count == 1)
    }

    @Test func backgroundLaunchWhileRunningIsIgnored() {
        let result = run(timeline: [at(0, .launch), at(5, .backgroundLaunch)])
        #expect(result.ignoredReasons == ["the app is already running"])
        #expect(result.events(.app(.state)).allSatisfy { $0["process"]?.int == 1 })
    }

    @Test func openingABackgroundLaunchedAppBringsItToTheForeground() {
        let result = run(timeline: [at(5, .backgroundLaunch), at(10, .launch)])
        #expect(result.moves().suffix(2) == ["suspended->foregroundInactive", "foregroundInactive->foregroundActive"])
        #expect(result.events(.app(.state)).allSatisfy { $0["process"]?.int == 1 })
    }

    // MARK: Relaunch

    @Test func relaunchIsANewProcessWithFreshMemoryButSavedCheckpoints() throws {
        let result = run(
            actions: [
                "start": [begin("upload", name: "Upload"), work(1), .save(checkpoint: "draft", duration: .zero), work(2)],
                "finish": [end("upload")],
            ],
            timeline: [
                at(0, .launch), at(1, .tap(action: "start")), at(10, .goHome), at(12, .memoryPressure),
                at(20, .launch), at(25, .tap(action: "finish")), at(30, .swipeAway),
            ])
        #expect(result.terminations == [.memoryPressure, .userSwipedAway])
        #expect(result.moves(process: 2).first == "notRunning->launchingForeground")
        #expect(result.time(enteringState: "launchingForeground", process: 2) == seconds(20))
        // Process 1 lost 2 s of work (held under an idle task, never saved); process 2 starts clean, so its termination
        // loses nothing.
        let lost = result.diagnostics("BGS005")
        #expect(lost.map(\.process) == [1])
        #expect(lost.first?.time == seconds(12))
        // The stored identifier died with process 1: process 2 ends `.invalid` (0), not task 1, which does nothing.
        #expect(result.diagnostics("BGS002").isEmpty)
        #expect(result.events(.backgroundTime(.taskEnd)).isEmpty)
        // The checkpoint survives.
        #expect(result.saved.checkpoints.map(\.name) == ["draft"])
        #expect(result.saved.checkpoints.first?.process == 1)
        #expect(result.saved.contains("draft"))
    }

    @Test func openingAfterTerminationLaunchesProcessTwo() {
        let result = run(timeline: [at(0, .launch), at(10, .swipeAway), at(20, .returnToApp)])
        #expect(result.moves(process: 2) == ["notRunning->launchingForeground", "launchingForeground->foregroundActive"])
        #expect(result.events(.app(.state)).first { $0["process"]?.int == 2 }?["cause"]?.string == "returnToApp")
    }

    // MARK: Exit and crash

    @Test func exitStepEndsTheProcess() throws {
        let result = run(
            actions: ["quit": [.log("bye"), .exit, .log("never")]],
            timeline: [at(0, .launch), at(5, .tap(action: "quit"))])
        let end = try #require(result.terminationEvents.first)
        #expect(end.time == seconds(5))
        #expect(end["reason"]?.string == "exit")
        #expect(end["message"]?.string == "the app exited")
        #expect(result.terminations == [.exit])
        #expect(result.finalState == .terminated(.exit))
        #expect(result.events(.app(.log)).compactMap { $0["message"]?.string } == ["bye"])
    }

    @Test func crashStepEndsTheProcessWithItsMessage() throws {
        let result = run(
            actions: ["boom": [busy(1), .crash("index out of range"), .log("never")]],
            timeline: [at(0, .launch), at(5, .tap(action: "boom"))])
        let end = try #require(result.terminationEvents.first)
        #expect(end.time == seconds(6))
        #expect(end["reason"]?.string == "crash")
        #expect(end["message"]?.string == "index out of range")
        #expect(end["code"] == nil)
        #expect(result.terminations == [.crash])
        #expect(result.events(.app(.log)).isEmpty)
    }

    @Test func tapsOnlyRunInTheForeground() {
        let result = run(
            actions: ["note": [.log("tapped")]],
            timeline: [at(0, .launch), at(5, .tap(action: "note")), at(10, .goHome), at(15, .tap(action: "note"))])
        #expect(result.events(.app(.log)).map(\.time) == [seconds(5)])
        let ignored = result.events(.app(.userActionIgnored))
        #expect(ignored.map(\.time) == [seconds(15)])
        #expect(ignored.first?["state"]?.string == "suspended")
    }

    // MARK: Every move is legal

    @Test func everyStateMoveInABusyDayIsOneThePlatformAllows() throws {
        let result = run(
            actions: [
                "sync": [begin("t", name: "Sync"), .async([work(3), .save(checkpoint: "s", duration: .zero), end("t")])],
                "boom": [.crash("boom")],
            ],
            handlers: [(.didEnterBackground, "sync")],
            timeline: [
                at(0, .launch), at(2, .openControlCenter), at(3, .closeControlCenter), at(5, .goHome),
                at(6, .returnToApp), at(8, .lock), at(9, .unlock), at(10, .goHome), at(20, .memoryPressure),
                at(30, .backgroundLaunch), at(40, .launch), at(41, .tap(action: "boom")), at(50, .launch),
                at(60, .swipeAway), at(70, .launch),
            ])
        #expect(result.events(.model(.illegalTransition)).isEmpty)
        var current: [Int64: String] = [:]
        for event in result.events(.app(.state)) {
            let process = try #require(event["process"]?.int)
            let from = try #require(event["from"]?.string)
            let to = try #require(event["to"]?.string)
            #expect(current[process, default: "notRunning"] == from, "process \(process) moved from \(from)")
            let fromState = try #require(appState(named: from))
            let toState = try #require(appState(named: to))
            #expect(fromState.canMove(to: toState), "\(from) -> \(to) at \(event.time)")
            current[process] = to
        }
        #expect(current.count == 4)
        #expect(result.terminations == [.memoryPressure, .crash, .userSwipedAway])
    }

    @Test func canMoveRejectsMovesThePlatformNeverMakes() {
        #expect(!AppState.notRunning.canMove(to: .foregroundActive))
        #expect(!AppState.suspended.canMove(to: .foregroundActive))
        #expect(!AppState.foregroundActive.canMove(to: .background))
        #expect(!AppState.launching(into: .background).canMove(to: .foregroundInactive))
        #expect(!AppState.terminated(.crash).canMove(to: .launching(into: .foreground)))
        #expect(!AppState.notRunning.canMove(to: .terminated(.crash)))
        #expect(AppState.suspended.canMove(to: .terminated(.memoryPressure)))
        #expect(AppState.background.canMove(to: .suspended))
    }
}
