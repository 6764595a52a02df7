import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// The same situations reached from Swift app code, where Swift reaches them.
@Suite struct SwiftSituationTextTests {
    static let refreshID = TaskSchedulerTests.refreshID

    /// Runs Swift app code whose scenario permits the refresh identifier; the person leaves at 1 min and locks.
    static func runRefresh(_ delegate: @escaping @Sendable () -> any UIApplicationDelegate, extra: [TimelineEntry] = []) -> SimulationResult {
        let app = TaskSchedulerTests.refreshApp(handler: [])
        let scenario = Scenario(
            name: "swift", stopAt: .seconds(2 * 3600), app: app, timeline: TaskSchedulerTests.leaveAtOneMinute + extra)
        return Simulation(scenario: scenario, app: delegate).run()
    }

    @Test func exposedWorkIsBgs005() throws {
        let result = run(app: { TypingApp() }, timeline: [at(0, .launch), at(5, .tap(action: "write")), at(10, .goHome), at(20, .memoryPressure)])
        let diagnostic = try #require(result.diagnostics("BGS005").first)
        #expect(diagnostic.message == "3.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): the app had been suspended since 10.000s with that work unsaved (since 5.000s) and nothing "
            + "protecting it: no background task was open and no BGTask ran for it")
        #expect(diagnostic.fix.hasPrefix("Save when the app leaves the foreground"))
    }

    @Test func aForegroundSwipeIsBgs046() throws {
        let result = run(app: { TypingApp() }, timeline: [at(0, .launch), at(5, .tap(action: "write")), at(6, .swipeAway)])
        #expect(result.ruleIDs == ["BGS046"])
        #expect(result.diagnostics.first?.message.contains("the app was in the foreground with that work in flight since 5.000s") == true)
    }

    @Test func aSaveUnderABackgroundTaskKilledIsBgs046() throws {
        let result = run(app: { SlowSaveApp(save: .seconds(5)) }, timeline: [at(0, .launch), at(5, .tap(action: "write")), at(10, .goHome), at(12, .memoryPressure)])
        #expect(result.ruleIDs == ["BGS046"])
        #expect(result.diagnostics.first?.message == "8.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): the work in flight since 5.000s was protected by background task 1 (\"Save draft\") at that "
            + "instant; no app can keep work in flight through a kill")
    }

    @Test func aSaveThatCannotFitIsBgs005AndACutShortOneBgs046() throws {
        let timeline = [at(0, .launch), at(5, .tap(action: "write")), at(10, .goHome), at(60, .memoryPressure)]
        let long = run(app: { SlowSaveApp(save: .seconds(40)) }, timeline: timeline)
        #expect(long.ruleIDs == ["BGS005"])
        #expect(long.diagnostics.first?.message.hasSuffix("background task 1 (\"Save draft\") protected the work from 10.000s until "
            + "the system's time ran out at 35.000s, 25.000s later, with no save since it began: the work does not fit the time "
            + "the system gives") == true)
        let cut = run(app: { SlowSaveApp(save: .seconds(5)) }, profile: profile(.iOS26, [.backgroundTimeBudget: seconds(7)]), timeline: timeline)
        #expect(cut.ruleIDs == ["BGS046"])
        #expect(cut.diagnostics.first?.message.contains("the app left at 10.000s with 7.000s of background time, less than the "
            + "30.000s the system usually gives") == true)
    }

    @Test func bgs002Situations() throws {
        let twice = run(app: { DoubleEndApp() }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(twice.diagnostics.first?.message.hasSuffix("Background task 1 was ended already at 10.000s.") == true)
        let afterHandler = run(app: { SlowSaveApp(save: .seconds(40), endsTwice: true) }, timeline: [at(0, .launch), at(10, .goHome), at(60, .returnToApp)])
        #expect(afterHandler.ruleIDs == ["BGS002"])
        #expect(afterHandler.diagnostics.first?.message.hasSuffix("Background task 1 (\"Save draft\") was ended already at 35.000s, "
            + "by its own expiration handler.") == true)
        let stray = run(app: { StrayEndApp() }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(stray.ruleIDs == ["BGS002"])
        #expect(stray.diagnostics.first?.message.hasSuffix("No background task 42 was begun in this process.") == true)
        #expect(stray.diagnostics.first?.fix == "End only an identifier that beginBackgroundTask returned in this process, and only once.")
        // `.invalid` is nothing at all.
        #expect(stray.consoleMessages.count == 1)
    }

    @Test func bgs004Situations() throws {
        let nothing = run(app: { HandlerApp(kind: .nothing) }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(nothing.diagnostics("BGS004").first?.message.hasSuffix("Its expiration handler returned without ending it.") == true)
        let later = run(app: { HandlerApp(kind: .dispatched) }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(later.diagnostics("BGS004").first?.message.hasSuffix(
            "Its expiration handler dispatched the end for later and returned with the task still open.") == true)
        let other = run(app: { HandlerApp(kind: .stored) }, timeline: [at(0, .launch), at(10, .goHome), at(12, .returnToApp), at(14, .goHome)])
        #expect(other.diagnostics("BGS004").first?.message.hasSuffix("Its expiration handler ended background task 2 (begun at "
            + "14.000s), not its own task 1: the identifier it read had been overwritten by a later begin.") == true)
    }

    @Test func aTaskHeldBySwiftCodeIsOnlyUIKitsLine() {
        // The model does not see Swift code's own tasks, so it cannot tell a held task from one protecting work: BGS003.
        let result = run(app: { HandlerApp(kind: .ends) }, profile: profile(.iOS26, [.backgroundTimeBudget: seconds(180)]),
                         timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS003"])
    }

    @Test func aSwiftRefreshThatNeverCompletesIsBgs048() throws {
        let result = Self.runRefresh({ SwiftRefresh(kind: .neverCompletes) })
        let diagnostic = try #require(result.diagnostics("BGS048").first)
        #expect(diagnostic.message == "app refresh task \(Self.refreshID) ran for its 30.000s without calling "
            + "setTaskCompleted(success:) (no save since it began): the work does not fit the time the task type gets")
    }

    @Test func aSwiftRefreshCompletedBySystemThenByTheAppIsBgs015Only() throws {
        let result = Self.runRefresh({ SwiftRefresh(kind: .noHandler) }, extra: [at(1800, .unlock), at(1800, .returnToApp)])
        #expect(Set(result.ruleIDs) == ["BGS015", "BGS048"])
        #expect(result.diagnostics("BGS015").first?.message.hasSuffix("a setTaskCompleted(success:) the app calls after this is ignored") == true)
    }

    @Test func aSwiftRefreshCompletedByItsHandlerThenByTheWorkIsBgs016() throws {
        let result = Self.runRefresh({ SwiftRefresh(kind: .handlerThenWork) }, extra: [at(1800, .unlock), at(1800, .returnToApp)])
        let diagnostic = try #require(result.diagnostics("BGS016").first)
        // The 40 s of CPU work paused at the suspension with 10 s to go, and finish when the person comes back.
        #expect(diagnostic.message == "setTaskCompleted(success: true) was called on app refresh task \(Self.refreshID) at "
            + "30m10.000s, after its expiration handler had completed it at 21m30.000s")
        #expect(diagnostic.fix.hasPrefix("Check for cancellation after the last step of the work"))
    }
}

/// Types for 3 s when the person taps; saves nothing on leaving.
nonisolated final class TypingApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func application(_ application: UIApplication, performUserAction name: String) async {
        try? await application.simulateWork(for: .seconds(3))
    }
}

/// Types for 3 s; on leaving, begins a background task and saves for `save` (work of its own), then ends the task
/// (and, with `endsTwice`, its expiration handler ends it too, without resetting the identifier).
nonisolated final class SlowSaveApp: SimulatedApplicationDelegate, @unchecked Sendable {
    let save: Duration
    let endsTwice: Bool
    let task = IdentifierBox()

    init(save: Duration, endsTwice: Bool = false) {
        self.save = save
        self.endsTwice = endsTwice
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        try? await application.simulateWork(for: .seconds(3))
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        let (task, endsTwice) = (self.task, self.endsTwice)
        task.value = application.beginBackgroundTask(withName: "Save draft") {
            application.endBackgroundTask(task.value)
            if !endsTwice { task.value = .invalid }
        }
        let save = self.save
        Task {
            try? await application.simulateWork(for: save)
            application.saveState(checkpoint: "draft")
            application.endBackgroundTask(task.value)
            task.value = .invalid
        }
    }
}

/// Ends an identifier no begin returned.
nonisolated final class StrayEndApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func applicationDidEnterBackground(_ application: UIApplication) async {
        application.endBackgroundTask(.invalid)
        application.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: 42))
    }
}

/// A background task on leaving whose expiration handler does one of the mistakes, or ends it.
nonisolated final class HandlerApp: SimulatedApplicationDelegate, @unchecked Sendable {
    enum Kind { case nothing, dispatched, stored, ends }
    let kind: Kind
    let stored = IdentifierBox()

    init(kind: Kind) {
        self.kind = kind
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        let stored = self.stored
        switch kind {
        case .nothing:
            _ = application.beginBackgroundTask(withName: "Upload") {}
        case .dispatched:
            let own = IdentifierBox()
            own.value = application.beginBackgroundTask(withName: "Upload") {
                PlatformLookalikes.DispatchQueue.main.async { application.endBackgroundTask(own.value) }
            }
        case .stored:
            // One stored property for every begin, and a handler that ends whatever it holds now.
            stored.value = application.beginBackgroundTask(withName: "Sync") {
                application.endBackgroundTask(stored.value)
            }
        case .ends:
            let own = IdentifierBox()
            own.value = application.beginBackgroundTask(withName: "Upload") {
                application.endBackgroundTask(own.value)
            }
        }
    }
}

/// A refresh written in Swift, with one of the completion mistakes.
nonisolated final class SwiftRefresh: SimulatedApplicationDelegate, @unchecked Sendable {
    enum Kind { case neverCompletes, noHandler, handlerThenWork }
    let kind: Kind

    init(kind: Kind) {
        self.kind = kind
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?) async -> Bool {
        let kind = self.kind
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskSchedulerTests.refreshID, using: nil) { task in
            switch kind {
            case .neverCompletes:
                task.expirationHandler = { task.setTaskCompleted(success: false) }
            case .noHandler:
                Task {
                    try? await application.simulateWork(for: .seconds(40))
                    task.setTaskCompleted(success: true)
                }
            case .handlerThenWork:
                task.expirationHandler = { task.setTaskCompleted(success: false) }
                Task {
                    try? await application.simulateWork(for: .seconds(40))
                    task.setTaskCompleted(success: true)
                }
            }
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        let request = BGAppRefreshTaskRequest(identifier: TaskSchedulerTests.refreshID)
        request.earliestBeginDate = BGTaskScheduler.shared.now.addingTimeInterval(20 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}
