import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// App code written in Swift against the look-alike UIKit API, run by `Simulation(scenario:app:)`.
@Suite struct SwiftAPITests {
    /// A timeline with nothing but the person; the app is Swift code.
    static func personOnly(_ timeline: [TimelineEntry], name: String = "swift", seed: UInt64 = 1) -> Scenario {
        scenario(name: name, seed: seed, timeline: timeline)
    }

    // MARK: The delegate

    @Test func aSwiftDelegateSavesUnderABackgroundTask() throws {
        let result = run(app: { DraftSavingApp() }, timeline: [at(0, .launch), at(10, .goHome)])
        let begin = try #require(result.events(.backgroundTime(.taskBegin)).first)
        #expect(begin.time == seconds(10))
        #expect(begin["name"]?.string == "Save draft")
        #expect(begin["identifier"]?.int == 1)
        #expect(begin["remaining"]?.int == seconds(30))
        let save = try #require(result.events(.app(.save)).first)
        #expect(save.time == seconds(13))
        #expect(save["checkpoint"]?.string == "draft")
        #expect(save["work"]?.int == seconds(3))
        #expect(result.events(.backgroundTime(.taskEnd)).map(\.time) == [seconds(13)])
        #expect(result.events(.backgroundTime(.taskEnd)).first?["age"]?.int == seconds(3))
        #expect(result.time(enteringState: "suspended") == seconds(13))
        #expect(result.saved.checkpoints.map(\.name) == ["draft"])
        #expect(result.saved.checkpoints.first?.time == seconds(13))
        #expect(result.diagnostics.isEmpty)
        #expect(result.ending == .completed)
    }

    @Test func aSwiftExpirationHandlerEndsItsTaskAndWorkPausesWhileSuspended() throws {
        let app = LongExportApp()
        let result = run(app: { app }, timeline: [at(0, .launch), at(10, .goHome), at(100, .returnToApp)])
        // The handler runs at 35 s and ends the task: the app is suspended, the export pauses with 35 s to go.
        #expect(result.expirationHandlerStarts == [seconds(35)])
        #expect(result.time(enteringState: "suspended") == seconds(35))
        #expect(app.notes.all == ["expired", "late begin invalid", "exported"])
        // Back in front at 100 s, the remaining 35 s of work finish at 135 s.
        #expect(result.events(.app(.save)).map(\.time) == [seconds(135)])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aSwiftAppThatForgetsToEndItsTaskIsKilled() {
        let result = run(app: { LeakyApp() }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS001"])
        #expect(result.diagnostics.first?.subject == "background task 1 (\"Leaky\")")
        #expect(result.terminations == [.watchdog])
    }

    @Test func aSwiftDelegateThatEndsTwiceIsReported() {
        let result = run(app: { DoubleEndApp() }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS002"])
        #expect(result.diagnostics.first?.time == seconds(10))
    }

    @Test func applicationStateInTheUsualCallbacks() {
        let app = LifecycleRecordingApp()
        _ = run(app: { app }, timeline: [at(0, .launch), at(10, .goHome)])
        let states = Dictionary(app.calls.all.map { ($0.callback, $0.state) }, uniquingKeysWith: { first, _ in first })
        #expect(states["didFinishLaunching"] == .inactive)
        #expect(states["didBecomeActive"] == .active)
        #expect(states["didEnterBackground"] == .background)
    }

    // MARK: UIApplication.shared

    @Test func sharedResolvesToTheCallingProcessAcrossRelaunches() throws {
        let log = Log<LifecycleRecordingApp.Call>()
        let result = run(
            app: { LifecycleRecordingApp(calls: log) },
            timeline: [at(0, .launch), at(10, .goHome), at(20, .memoryPressure), at(30, .launch)])
        #expect(result.terminations == [.memoryPressure])
        let calls = log.all
        #expect(calls.map(\.callback) == [
            "didFinishLaunching", "didBecomeActive", "willResignActive", "didEnterBackground",
            "didFinishLaunching", "didBecomeActive",
        ])
        // Inside every callback UIApplication.shared is the application passed in.
        #expect(calls.allSatisfy { $0.sharedIsTheApplication })
        // Process 2 has its own application object.
        let first = try #require(calls.first?.application)
        let last = try #require(calls.last?.application)
        #expect(calls.prefix(4).allSatisfy { $0.application === first })
        #expect(first !== last)
        #expect(calls.suffix(2).allSatisfy { $0.application === last })
    }

    @Test func sharedResolvesInsideTasksTheProcessStarted() {
        let app = LongExportApp()
        _ = run(app: { app }, timeline: [at(0, .launch), at(10, .goHome), at(100, .returnToApp)])
        #expect(app.sharedChecks.all == [true, true, true])
    }

    // MARK: Side by side

    @Test func twoSimulationsRunSideBySide() async {
        let saving = Self.personOnly([at(0, .launch), at(10, .goHome)], name: "saving")
        let leaky = Self.personOnly([at(0, .launch), at(10, .goHome), at(50, .launch)], name: "leaky")
        let savingAlone = Simulation(scenario: saving, app: { DraftSavingApp() }).run()
        let leakyAlone = Simulation(scenario: leaky, app: { LeakyApp() }).run()

        async let savingResult = Simulation(scenario: saving, app: { DraftSavingApp() }).run()
        async let leakyResult = Simulation(scenario: leaky, app: { LeakyApp() }).run()
        let (a, b) = await (savingResult, leakyResult)

        #expect(a.fingerprint == savingAlone.fingerprint)
        #expect(a.events == savingAlone.events)
        #expect(a.diagnostics.isEmpty)
        #expect(a.saved.contains("draft"))
        #expect(b.fingerprint == leakyAlone.fingerprint)
        #expect(b.events == leakyAlone.events)
        #expect(b.ruleIDs == ["BGS001"])
        #expect(b.terminations == [.watchdog])
        #expect(!b.saved.contains("draft"))
        #expect(a.fingerprint != b.fingerprint)
    }

    @Test func manySimulationsInATaskGroupMatchTheirSequentialRuns() async {
        let seeds: [UInt64] = Array(1...8)
        let scenarios = seeds.map { seed in
            Self.personOnly([at(0, .launch), at(5, .openControlCenter), at(6, .closeControlCenter), at(10, .goHome)],
                            name: "group", seed: seed)
        }
        let alone = scenarios.map { Simulation(scenario: $0, app: { LifecycleRecordingApp() }).run() }
        let together = await withTaskGroup(of: (Int, SimulationResult).self) { group in
            for (index, scenario) in scenarios.enumerated() {
                group.addTask {
                    let app = LifecycleRecordingApp()
                    let result = Simulation(scenario: scenario, app: { app }).run()
                    // Each run's UIApplication.shared was its own process's, even with others running at once.
                    #expect(app.calls.all.allSatisfy { $0.sharedIsTheApplication })
                    return (index, result)
                }
            }
            var results = [SimulationResult?](repeating: nil, count: scenarios.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
        #expect(together.count == seeds.count)
        #expect(together.map(\.fingerprint) == alone.map(\.fingerprint))
        #expect(zip(together, alone).allSatisfy { $0.events == $1.events })
        // Different seeds launch at different instants, so the runs are not all the same.
        #expect(Set(alone.map(\.fingerprint)).count > 1)
    }
}

// MARK: Apps in Swift

/// The correct pattern: begin, work, save, end; the handler ends the very task it belongs to.
nonisolated final class DraftSavingApp: SimulatedApplicationDelegate, @unchecked Sendable {
    let task = IdentifierBox()

    func applicationDidEnterBackground(_ application: UIApplication) async {
        let task = self.task
        task.value = application.beginBackgroundTask(withName: "Save draft") {
            application.endBackgroundTask(task.value)
            task.value = .invalid
        }
        try? await application.simulateWork(for: .seconds(3))
        application.saveState(checkpoint: "draft")
        application.endBackgroundTask(task.value)
        task.value = .invalid
    }
}

/// Starts a 60-second export on a task of its own; the expiration handler ends the background task.
nonisolated final class LongExportApp: SimulatedApplicationDelegate, @unchecked Sendable {
    let notes = Log<String>()
    let sharedChecks = Log<Bool>()
    let task = IdentifierBox()

    func applicationDidEnterBackground(_ application: UIApplication) async {
        guard let context = TaskContext.current else { return }
        let (task, notes, checks) = (self.task, self.notes, self.sharedChecks)
        task.value = application.beginBackgroundTask(withName: "Export") {
            checks.append(UIApplication.shared === application)
            notes.append("expired")
            let late = UIApplication.shared.beginBackgroundTask(withName: "Late")
            notes.append(late == .invalid ? "late begin invalid" : "late begin \(late)")
            UIApplication.shared.endBackgroundTask(task.value)
        }
        // A task the process started: gated by the process, so it pauses while the app is suspended. Its code is
        // main-actor code, which runs in the simulation like the rest.
        context.kernel.spawn("export", gate: context.gate) { @MainActor in
            checks.append(UIApplication.shared === application)
            do {
                try await UIApplication.shared.simulateWork(for: .seconds(60))
            } catch {
                notes.append("export failed")
                return
            }
            checks.append(UIApplication.shared === application)
            notes.append("exported")
            UIApplication.shared.saveState(checkpoint: "export")
        }
    }
}

/// Begins a task and never ends it.
nonisolated final class LeakyApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func applicationDidEnterBackground(_ application: UIApplication) async {
        _ = application.beginBackgroundTask(withName: "Leaky", expirationHandler: nil)
    }
}

/// Ends the same identifier twice.
nonisolated final class DoubleEndApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func applicationDidEnterBackground(_ application: UIApplication) async {
        let identifier = application.beginBackgroundTask { }
        application.endBackgroundTask(identifier)
        application.endBackgroundTask(identifier)
    }
}

/// Records each callback: the application passed, whether `UIApplication.shared` is it, and the state it reports.
///
/// A main-actor delegate, as apps write them (its `async` methods run as main-actor code in the simulation).
final class LifecycleRecordingApp: SimulatedApplicationDelegate {
    struct Call: Sendable {
        var callback: String
        var application: UIApplication
        var sharedIsTheApplication: Bool
        var state: UIApplication.State
    }

    let calls: Log<Call>

    nonisolated init(calls: Log<Call> = Log()) {
        self.calls = calls
    }

    private func record(_ callback: String, _ application: UIApplication) {
        calls.append(Call(
            callback: callback, application: application, sharedIsTheApplication: UIApplication.shared === application,
            state: application.applicationState))
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) async -> Bool {
        record("didFinishLaunching", application)
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) async { record("didBecomeActive", application) }
    func applicationWillResignActive(_ application: UIApplication) async { record("willResignActive", application) }
    func applicationDidEnterBackground(_ application: UIApplication) async { record("didEnterBackground", application) }
    func applicationWillEnterForeground(_ application: UIApplication) async { record("willEnterForeground", application) }
}
