import BackgroundSimulation
import PlatformLookalikes
import SimulationKernel
import SimulationModel
import SimulationTesting
import Testing

/// The rules about app code under simulation (BGS034 to BGS037, and BGS019 for launch handlers): each fires on the
/// code that breaks it, naming the call, and stays quiet on code that does not.
@Suite struct AppCodeRulesTests {
    static let refresh = "com.example.rules.refresh"
    static let userTask = "com.example.rules.user.job"

    static func app(_ make: @escaping @MainActor @Sendable () -> any UIApplicationDelegate) -> SimulatedApp {
        var app = SimulatedApp(
            bundleIdentifier: "com.example.rules", backgroundModes: ["fetch"],
            permittedIdentifiers: [refresh, "com.example.rules.user.*"], delegate: make)
        app.watchdogLimit = .milliseconds(150)
        return app
    }

    static let leave: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(10), .goHome)]
    static let confirm: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(5), .tap(action: "start"))]

    // MARK: BGS034 synchronousCodeNeverReturned

    @Test func bgs034FiresForALoopWaitingForItsExpirationHandler() throws {
        let result = Self.app { LoopingApp(endless: true) }.run(Self.confirm, for: .seconds(60))
        expectDiagnostics(result, ["BGS034"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.subject == "the launch handler of \(Self.userTask)")
        #expect(diagnostic.time == seconds(5))
        #expect(diagnostic.message.contains("bgsim called its expiration handler"))
        #expect(result.terminations == [.watchdog])
        // The loop's own setTaskCompleted(success: true) came after the watchdog fired: ignored, not traced.
        #expect(!result.events.contains { if case .task(.end(let end)) = $0.record { end.how == .completed } else { false } })
    }

    @Test func bgs034QuietForALoopThatEnds() {
        let result = Self.app { LoopingApp(endless: false) }.run(Self.confirm, for: .seconds(60))
        expectNoDiagnostics(result)
        expectTask(Self.userTask, in: result, toEnd: .completed, success: true)
    }

    @Test func bgs034RunsAreDeterministicDespiteTheWallClock() async {
        await expectSameFingerprint(times: 5) { Self.app { LoopingApp(endless: true) }.run(Self.confirm, for: .seconds(60)) }
    }

    /// Code that ignores even its expiration handler cannot be freed: the process stops with a message and status 70.
    @Test func codeThatNeverReturnsStopsTheProcessWithAMessage() async {
        await #expect(processExitsWith: .exitCode(SynchronousCodeWatchdog.exitStatus)) {
            _ = AppCodeRulesTests.app { LoopingApp(endless: true, ignoresExpiration: true) }.run(AppCodeRulesTests.confirm, for: .seconds(60))
        }
    }

    // MARK: BGS035 calledFromOutsideSimulation

    @Test func bgs035FiresForACallFromARealThread() {
        let result = Self.app { EscapingApp() }.run(Self.leave, for: .seconds(60))
        expectDiagnostics(result, ["BGS035"])
        #expect(result.diagnostics.first?.message.contains("UIApplication.beginBackgroundTask(withName:expirationHandler:)") == true)
        // The call was ignored: no background task began.
        #expect(!result.events.contains { if case .backgroundTime(.taskBegin) = $0.record { true } else { false } })
    }

    @Test func bgs035QuietForTheLookalikeQueues() {
        let result = Self.app { EverythingAtOnceApp() }.run(Self.leave, for: .seconds(60))
        expectNoDiagnostics(result)
    }

    // MARK: BGS036 blockingCallNotSimulated

    @Test func bgs036FiresForSleepInAsyncCode() throws {
        let result = Self.app { AsyncSleeperApp() }.run(Self.leave, for: .seconds(60))
        expectDiagnostics(result, ["BGS036"])
        #expect(result.diagnostics.first?.subject == "sleep(_:)")
    }

    @Test func bgs036FiresForAGroupWaitWithWorkLeft() throws {
        let result = Self.app { GroupWaiterApp(balanced: false) }.run(Self.leave, for: .seconds(60))
        expectDiagnostics(result, ["BGS036"])
        #expect(result.diagnostics.first?.subject == "DispatchGroup.wait()")
    }

    @Test func bgs036QuietForABalancedGroupAndSleepInSynchronousCode() {
        expectNoDiagnostics(Self.app { GroupWaiterApp(balanced: true) }.run(Self.leave, for: .seconds(60)))
        expectNoDiagnostics(Self.app { SleepingApp() }.run(Self.leave, for: .seconds(60)))
    }

    // MARK: BGS037 dispatchSyncDeadlock

    @Test func bgs037FiresForMainSyncOnTheMainThread() throws {
        let result = Self.app { SyncCallerApp(onMain: true) }.run(Self.leave, for: .seconds(60))
        expectDiagnostics(result, ["BGS037"])
        #expect(result.diagnostics.first?.subject == "DispatchQueue.main.sync")
        #expect(result.terminations == [.crash])
    }

    @Test func bgs037QuietForSyncOntoAnotherQueue() {
        let result = Self.app { SyncCallerApp(onMain: false) }.run(Self.leave, for: .seconds(60))
        expectNoDiagnostics(result)
        #expect(result.saved.checkpoints.map(\.name) == ["synced"])
    }

    // MARK: BGS019 mainActorCodeOffMain, for Swift launch handlers

    @Test func bgs019FiresForAMainActorClosureOnTheBackgroundQueue() {
        let result = Self.app { RegisteringApp(queue: nil) }.run(Self.leave, for: .seconds(30 * 60))
        expectDiagnostics(result, ["BGS019"])
        #expect(result.diagnostics.first?.subject == "launch handler of \(Self.refresh)")
        // bgsim reports it, and runs the handler anyway: the task completes.
        expectTask(Self.refresh, in: result, toEnd: .completed, success: true)
    }

    @Test func bgs019QuietOnTheMainQueue() {
        expectNoDiagnostics(Self.app { RegisteringApp(queue: .main) }.run(Self.leave, for: .seconds(30 * 60)))
    }
}

// MARK: Apps

/// Apple's WWDC25 loop: `while shouldContinue` until the expiration handler clears the flag (or a bounded loop).
final class LoopingApp: UIResponder, SimulatedApplicationDelegate {
    let endless: Bool
    let ignoresExpiration: Bool

    init(endless: Bool, ignoresExpiration: Bool = false) {
        self.endless = endless
        self.ignoresExpiration = ignoresExpiration
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        let (endless, ignoresExpiration) = (self.endless, self.ignoresExpiration)
        BGTaskScheduler.shared.register(forTaskWithIdentifier: AppCodeRulesTests.userTask, using: nil) { @Sendable task in
            let task = task as! BGContinuedProcessingTask
            nonisolated(unsafe) var shouldContinue = true
            task.expirationHandler = { if !ignoresExpiration { shouldContinue = false } }
            task.progress.totalUnitCount = 100
            var turns = 0
            while shouldContinue && (endless || turns < 100) {
                turns += 1
                task.progress.completedUnitCount = Int64(min(turns, 100))
            }
            task.setTaskCompleted(success: true)
        }
        let request = BGContinuedProcessingTaskRequest(identifier: "com.example.rules.user.job", title: "Job", subtitle: "Working")
        try? BGTaskScheduler.shared.submit(request)
    }
}

/// Sleeps in an async callback: bgsim cannot block there.
final class AsyncSleeperApp: UIResponder, SimulatedApplicationDelegate {
    func applicationDidEnterBackground(_ application: UIApplication) async {
        sleep(1)
    }
}

/// Waits for a group in its synchronous callback: with its work done (balanced), or still waiting for a block.
final class GroupWaiterApp: UIResponder, UIApplicationDelegate {
    let balanced: Bool

    init(balanced: Bool) {
        self.balanced = balanced
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let group = DispatchGroup()
        group.enter()
        if balanced {
            group.leave()
        } else {
            DispatchQueue.global().async { group.leave() }
        }
        group.wait()
    }
}

/// Calls `sync` from the main thread: onto the main queue (a deadlock), or onto a serial queue of its own.
final class SyncCallerApp: UIResponder, UIApplicationDelegate {
    let onMain: Bool
    let queue = DispatchQueue(label: "com.example.rules.state")

    init(onMain: Bool) {
        self.onMain = onMain
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        (onMain ? DispatchQueue.main : queue).sync {
            application.saveState(checkpoint: "synced")
        }
    }
}

/// Registers its refresh handler from the main actor, on a background queue (`nil`) or the main queue.
final class RegisteringApp: UIResponder, UIApplicationDelegate {
    let queue: DispatchQueue?

    init(queue: DispatchQueue?) {
        self.queue = queue
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: AppCodeRulesTests.refresh, using: queue) { task in
            self.finish(task)
        }
        return true
    }

    func finish(_ task: BGTask) {
        task.setTaskCompleted(success: true)
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let request = BGAppRefreshTaskRequest(identifier: AppCodeRulesTests.refresh)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}
