import BackgroundSimulation
import PlatformLookalikes
import SimulationKernel
import SimulationModel
import SimulationTesting
import Testing

/// Each hazard of real app code found when iOS code was first run under bgsim, now a deterministic behaviour or a
/// diagnostic naming the call: never a race, a crash or a hang.
@Suite struct AppCodeHazardTests {
    static func app(
        identifiers: [String] = [], modes: [String] = [], _ make: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
    ) -> SimulatedApp {
        SimulatedApp(bundleIdentifier: "com.example.hazards", backgroundModes: modes, permittedIdentifiers: identifiers, delegate: make)
    }

    static let leave: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(10), .goHome)]

    // MARK: Tasks, queues and operations stay on virtual time

    @Test func tasksQueuesAndOperationsAreDeterministic() async {
        let app = Self.app { EverythingAtOnceApp() }
        let results = await expectSameFingerprint(times: 20) { app.run(Self.leave, for: .seconds(120), seed: 5) }
        let result = results[0]
        expectNoDiagnostics(result)
        expectCompleted(result)
        // Every one of the five kinds of work saved once, in an order fixed by the model, not by threads.
        #expect(result.saved.checkpoints.map(\.name).sorted() == ["detached", "global", "main", "operation", "task"])
        #expect(result.saved.checkpoints.map(\.time) == result.saved.checkpoints.map(\.time).sorted())
    }

    @Test func asyncAfterWaitsOnTheVirtualClock() throws {
        let result = Self.app { DelayedSaveApp() }.run(Self.leave, for: .seconds(120))
        let save = try #require(result.saved.checkpoints.first)
        #expect(save.name == "later")
        #expect(save.time == seconds(13.5))
        expectNoDiagnostics(result)
    }

    // MARK: The main actor

    @Test func aMainActorDelegateIsDeterministicAndItsMainActorWorkRuns() async {
        let app = Self.app { MainActorApp() }
        let results = await expectSameFingerprint(times: 20) { app.run(Self.leave, for: .seconds(60)) }
        expectNoDiagnostics(results[0])
        expectCompleted(results[0])
        #expect(results[0].saved.checkpoints.map(\.name) == ["main actor run", "main actor task", "after actor"])
    }

    // MARK: Apple's signatures

    @Test func applesExactDelegateSignatureIsCalled() {
        let result = Self.app(identifiers: ["com.example.hazards.refresh"], modes: ["fetch"]) { AppleSignatureApp() }
            .run(Self.leave, for: .seconds(30 * 60))
        expectNoDiagnostics(result)
        expectTask("com.example.hazards.refresh", in: result, toEnd: .completed, success: true)
    }

    /// Apple's handlers are not `@Sendable`: they may capture what is not `Sendable`, as WordPress's do.
    @Test func handlersMayCaptureWhatIsNotSendable() {
        var app = Self.app(identifiers: ["com.example.hazards.refresh"], modes: ["fetch"]) { NonSendableCaptureApp() }
        app.profile[.appRefreshRuntime] = 1_000_000_000
        let result = app.run(Self.leave, for: .seconds(30 * 60))
        expectTask("com.example.hazards.refresh", in: result, toEnd: .expired, success: false)
        expectNoDiagnostics(result, atLeast: .error)
    }

    @Test func nearMissesOfDelegateMethodsAreFound() {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: String]) -> Bool { true }
                func applicationDidEnterBackground(_ application: UIApplication) async {}
                func applicationWillEnterForegound(_ application: UIApplication) {}
                func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) {}
                // Exactly Apple's: not reported.
                func applicationDidBecomeActive(_ application: UIApplication) {}
                func application(_ app: UIApplication, open url: URL) -> Bool { true }
            }
            """
        let misses = DelegateSignatureCheck.nearMisses(inSource: source, file: "AppDelegate.swift")
        #expect(misses.map(\.line) == [2, 3, 4, 5])
        #expect(misses[0].differences == ["launchOptions is [String: String], not [UIApplication.LaunchOptionsKey: Any]?"])
        #expect(misses[1].differences.first?.hasPrefix("it is async") == true)
        #expect(misses[2].differences == ["the name is applicationWillEnterForegound, not applicationWillEnterForeground"])
        #expect(misses[3].differences == ["it returns nothing, not Bool"])
        #expect(misses[0].description.contains("AppDelegate.swift:2:"))
        // The same async method in a SimulatedApplicationDelegate is what bgsim calls: not a near miss.
        #expect(DelegateSignatureCheck.nearMisses(inSource: "final class A: SimulatedApplicationDelegate {\n"
            + "func applicationDidEnterBackground(_ application: UIApplication) async {}\n}").isEmpty)
    }

    @Test func nearMissesOfThePushAndSessionMethodsAreFound() {
        let source = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {}
                func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {}
                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [String: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {}
                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {}
                func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completion: @escaping () -> Void) {}
            }
            """
        let misses = DelegateSignatureCheck.nearMisses(inSource: source, file: "AppDelegate.swift")
        // Apple's two signatures are not reported; the three that differ are, with what differs.
        #expect(misses.map(\.line) == [4, 5, 6])
        #expect(misses.first { $0.line == 4 }?.differences == ["userInfo is [String: Any], not [AnyHashable: Any]"])
        #expect(misses.first { $0.line == 5 }?.differences == ["it takes 2 parameters, not 3"])
        #expect(misses.first { $0.line == 6 }?.differences == ["the third label is completion, not completionHandler"])
    }

    // MARK: Dates

    @Test func datesAreOnTheVirtualClockAndFifteenMinutesIsFifteenMinutes() throws {
        let result = Self.app(identifiers: ["com.example.hazards.refresh"], modes: ["fetch"]) { AppleSignatureApp() }
            .run(Self.leave, for: .seconds(30 * 60))
        let submit = try #require(result.events.first { if case .task(.submit) = $0.record { true } else { false } })
        guard case .task(.submit(let request)) = submit.record else { return }
        // Submitted at 10 s with Date(timeIntervalSinceNow: 15 * 60): to the nanosecond, and no BGS017.
        let fifteenMinutesAfterLeaving = VirtualInstant.zero + .seconds(10) + .minutes(15)
        #expect(request.request.earliestBegin == fifteenMinutesAfterLeaving)
        #expect(!result.diagnostics.contains { $0.rule.id == "BGS017" })
    }

    @Test func theRefreshStatusIsTheDevicesSetting() {
        let statuses = Log<UIBackgroundRefreshStatus>()
        var app = Self.app { StatusReadingApp(statuses: statuses) }
        app.device.backgroundAppRefresh = .denied
        _ = app.run([.at(.zero, .launch)], for: .seconds(10))
        #expect(statuses.all == [.denied])
    }

    // MARK: The BGTask object

    @Test func aWeakTaskInTheExpirationHandlerIsStillThere() {
        let seen = Log<Bool>()
        var app = Self.app(identifiers: ["com.example.hazards.refresh"], modes: ["fetch"]) { WeakTaskApp(seen: seen) }
        app.profile[.appRefreshRuntime] = 2_000_000_000
        _ = app.run(Self.leave, for: .seconds(30 * 60))
        #expect(seen.all == [true])
    }

    // MARK: Work of a dead process

    @Test func cpuWorkAfterTerminationThrowsInsteadOfStalling() {
        let outcomes = Log<String>()
        let timeline: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(5), .tap(action: "work")), .at(.seconds(10), .swipeAway)]
        let result = Self.app { DyingWorkerApp(outcomes: outcomes) }.run(timeline, for: .seconds(60))
        expectCompleted(result)
        #expect(!result.diagnostics.contains { $0.rule.id == "BGS008" })
        #expect(outcomes.all == ["first work failed", "second work failed"])
    }

    // MARK: Blocking calls

    @Test func sleepInSynchronousCodeKeepsTheMainLaneBusy() throws {
        let result = Self.app { SleepingApp() }.run(Self.leave, for: .seconds(60))
        expectNoDiagnostics(result)
        // sleep(2) and usleep(500_000) in applicationDidEnterBackground: the callback returns 2.5 s later.
        let returned = result.events.first {
            if case .app(.callback(let callback)) = $0.record { callback.callback == "didEnterBackground" && callback.phase == .returned } else { false }
        }
        #expect(returned?.time == seconds(12.5))
    }

    // MARK: Outside a run

    @Test @MainActor func theSchedulerMayBeStoredOutsideARun() {
        let scheduler = BGTaskScheduler.shared
        #expect(throws: BGTaskScheduler.Error.self) { try scheduler.submit(BGAppRefreshTaskRequest(identifier: "x")) }
        #expect(UIApplication.shared.applicationState == .background)
        let result = Self.app(identifiers: ["com.example.hazards.refresh"], modes: ["fetch"]) { StoredSchedulerApp() }
            .run(Self.leave, for: .seconds(30 * 60))
        expectNoDiagnostics(result)
        expectTask("com.example.hazards.refresh", in: result, toEnd: .completed, success: true)
    }

    @Test func aRealThreadCallingAfterTheRunIsIgnoredWithoutACrash() async throws {
        let result = Self.app { EscapingApp() }.run(Self.leave, for: .seconds(60))
        expectDiagnostics(result, ["BGS035"])
        #expect(result.diagnostics.first?.subject == "UIApplication.beginBackgroundTask(withName:expirationHandler:)")
        // The escaped block scheduled for later calls in after the simulation is gone: nothing happens.
        try await Task.sleep(for: .milliseconds(300))
    }
}

// MARK: Apps

/// Saves from a Task, a detached task, the main queue, a global queue and an operation, under one background task.
final class EverythingAtOnceApp: UIResponder, UIApplicationDelegate {
    var task = UIBackgroundTaskIdentifier.invalid
    var open = 5

    func applicationDidEnterBackground(_ application: UIApplication) {
        task = application.beginBackgroundTask(withName: "Save everything") {
            application.endBackgroundTask(self.task)
        }
        Task {
            try? await Task.sleep(for: .seconds(1))
            self.saved("task")
        }
        Task.detached {
            try? await Task.sleep(for: .milliseconds(1_500))
            await self.saved("detached")
        }
        DispatchQueue.main.async { self.saved("main") }
        DispatchQueue.global().async {
            application.simulateWork(for: .seconds(2))
            DispatchQueue.main.async { self.saved("global") }
        }
        let queue = OperationQueue()
        queue.addOperation(BlockOperation {
            Thread.sleep(forTimeInterval: 3)
        })
        queue.addOperation {
            DispatchQueue.main.async { self.saved("operation") }
        }
    }

    func saved(_ name: String) {
        UIApplication.shared.saveState(checkpoint: name)
        open -= 1
        if open == 0 { UIApplication.shared.endBackgroundTask(task) }
    }
}

/// Saves 3.5 s after leaving, from `asyncAfter` on a serial queue, under a background task.
final class DelayedSaveApp: UIResponder, UIApplicationDelegate {
    let queue = DispatchQueue(label: "com.example.saves")
    var task = UIBackgroundTaskIdentifier.invalid

    func applicationDidEnterBackground(_ application: UIApplication) {
        task = application.beginBackgroundTask(withName: "Later") { application.endBackgroundTask(self.task) }
        queue.asyncAfter(deadline: .now() + 3.5) {
            DispatchQueue.main.async {
                UIApplication.shared.saveState(checkpoint: "later")
                UIApplication.shared.endBackgroundTask(self.task)
            }
        }
    }
}

actor Counter {
    var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}

/// A main-actor delegate with async callbacks: `MainActor.run`, a main-actor task, and a hop to an actor of its own.
final class MainActorApp: UIResponder, SimulatedApplicationDelegate {
    var task = UIBackgroundTaskIdentifier.invalid
    let counter = Counter()

    func applicationDidEnterBackground(_ application: UIApplication) async {
        task = application.beginBackgroundTask(withName: "Main actor") { application.endBackgroundTask(self.task) }
        await MainActor.run { application.saveState(checkpoint: "main actor run") }
        await Task { @MainActor in
            try? await Task.sleep(for: .seconds(1))
            application.saveState(checkpoint: "main actor task")
        }.value
        _ = await counter.increment()
        // Back from the actor, still on the main actor of the simulation: the runtime agrees.
        Self.saveOnTheMainActor(application, "after actor")
        application.endBackgroundTask(task)
    }

    nonisolated static func saveOnTheMainActor(_ application: UIApplication, _ checkpoint: String) {
        MainActor.assumeIsolated { application.saveState(checkpoint: checkpoint) }
    }
}

/// Apple's exact signatures: registers in `didFinishLaunching` (returning `Bool`), submits with a `Date`.
final class AppleSignatureApp: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.hazards.refresh", using: .main) { task in
            task.setTaskCompleted(success: true)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.hazards.refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}

/// A refresh that outlasts its time; the expiration handler captures the task weakly, as NetNewsWire's does.
final class WeakTaskApp: UIResponder, UIApplicationDelegate {
    let seen: Log<Bool>

    init(seen: Log<Bool>) {
        self.seen = seen
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.hazards.refresh", using: .main) { task in
            let seen = self.seen
            task.expirationHandler = { [weak task] in
                seen.append(task != nil)
                task?.setTaskCompleted(success: false)
            }
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.hazards.refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}

/// A tap starts 30 s of work; the person closes the app at 10 s, and the code tries to work once more.
final class DyingWorkerApp: UIResponder, SimulatedApplicationDelegate {
    let outcomes: Log<String>

    init(outcomes: Log<String>) {
        self.outcomes = outcomes
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        do {
            try await application.simulateWork(for: .seconds(30))
        } catch {
            outcomes.append("first work failed")
        }
        do {
            try await application.simulateWork(for: .seconds(1))
        } catch {
            outcomes.append("second work failed")
        }
    }
}

/// Sleeps in its synchronous callback, under a background task: 2.5 s of virtual time.
final class SleepingApp: UIResponder, UIApplicationDelegate {
    var task = UIBackgroundTaskIdentifier.invalid

    func applicationDidEnterBackground(_ application: UIApplication) {
        task = application.beginBackgroundTask(withName: "Sleepy") { application.endBackgroundTask(self.task) }
        sleep(2)
        usleep(500_000)
        application.endBackgroundTask(task)
    }
}

/// Keeps `BGTaskScheduler.shared` from its initializer on, as WordPress's coordinator does.
final class StoredSchedulerApp: UIResponder, UIApplicationDelegate {
    let scheduler = BGTaskScheduler.shared

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        scheduler.register(forTaskWithIdentifier: "com.example.hazards.refresh", using: .main) { task in
            task.setTaskCompleted(success: true)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.hazards.refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? scheduler.submit(request)
    }
}

/// Calls the simulated API from a real thread (during the run), and leaves a real timer to call it after the run.
final class EscapingApp: UIResponder, UIApplicationDelegate {
    func applicationDidEnterBackground(_ application: UIApplication) {
        let done = DispatchSemaphoreBox()
        let thread = Thread {
            _ = application.beginBackgroundTask(withName: "From a real thread")
            done.signal()
        }
        thread.start()
        done.wait()
        Dispatch.DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            application.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: 1))
            try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "late"))
        }
    }
}

/// A real semaphore (Dispatch's own, not a look-alike), to wait for a real thread.
final class DispatchSemaphoreBox: @unchecked Sendable {
    private let semaphore = Dispatch.DispatchSemaphore(value: 0)
    func signal() { semaphore.signal() }
    func wait() { semaphore.wait() }
}

/// Reads `backgroundRefreshStatus` when it launches.
final class StatusReadingApp: UIResponder, UIApplicationDelegate {
    let statuses: Log<UIBackgroundRefreshStatus>

    init(statuses: Log<UIBackgroundRefreshStatus>) {
        self.statuses = statuses
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        statuses.append(application.backgroundRefreshStatus)
        return true
    }
}

/// A download that is not `Sendable`, and a handler and expiration handler that capture it.
final class NonSendableDownload {
    var cancelled = false
    var task: BGTask?
}

final class NonSendableCaptureApp: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Self.registerRefresh()
        return true
    }

    /// Nonisolated, like WordPress's coordinator: its closures are not main-actor code, so `using: nil` is right.
    nonisolated static func registerRefresh() {
        let download = NonSendableDownload()
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.hazards.refresh", using: nil) { task in
            download.task = task
            task.expirationHandler = {
                download.cancelled = true
                download.task?.setTaskCompleted(success: false)
            }
        }
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.hazards.refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}
