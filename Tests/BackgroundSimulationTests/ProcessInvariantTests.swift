import BackgroundSimulation
import Foundation
import PlatformLookalikes
import SimulationKernel
@testable import SimulationModel
import SimulationTesting
import Testing

#if DEBUG
/// The process's components check their invariants between events in debug builds, so every test run checks them:
/// a component whose state a test-only hook breaks stops the run with a precondition failure naming the invariant.
@Suite struct ProcessInvariantTests {
    static let refresh = "com.example.invariants.refresh"

    /// Launches the app, taps "break" at 1 s (the hook breaks `component`), and launches its refresh task at 2 s.
    static func run(breaking component: AppProcess.Component?) -> SimulationResult {
        let app = SimulatedApp(
            bundleIdentifier: "com.example.invariants", backgroundModes: ["fetch"], permittedIdentifiers: [refresh]
        ) { InvariantBreakingApp(breaking: component) }
        return app.run(
            [.at(.zero, .launch), .at(.seconds(1), .tap(action: "break")), .at(.seconds(2), .simulateLaunch(identifier: refresh))],
            for: .seconds(60))
    }

    /// The message a broken invariant stopped the child process with.
    static func stopMessage(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func aRunThatBreaksNothingKeepsEveryInvariant() {
        let result = Self.run(breaking: nil)
        #expect(result.ending == .completed)
        #expect(result.events(.model(.illegalTaskTransition)).isEmpty)
        #expect(result.events(.task(.start)).count == 1)
    }

    @Test func aBrokenLifecycleStopsTheRun() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ProcessInvariantTests.run(breaking: .lifecycle)
        }
        #expect(Self.stopMessage(result).contains("model invariant broken: negative counts of callbacks (-1)"))
    }

    @Test func aBrokenBackgroundTimeStopsTheRun() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ProcessInvariantTests.run(breaking: .backgroundTime)
        }
        #expect(Self.stopMessage(result).contains("model invariant broken: open background task 1 is not in the open-task index"))
    }

    @Test func aBrokenTaskListStopsTheRun() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ProcessInvariantTests.run(breaking: .tasks)
        }
        #expect(Self.stopMessage(result).contains("model invariant broken: app refresh task \(Self.refresh) ended (completed)"))
    }

    @Test func brokenLaneBookkeepingStopsTheRun() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ProcessInvariantTests.run(breaking: .execution)
        }
        #expect(Self.stopMessage(result).contains("runs on a lane but is not alive"))
    }

    @Test func brokenCPUBookkeepingStopsTheRun() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ProcessInvariantTests.run(breaking: .cpu)
        }
        #expect(Self.stopMessage(result).contains("CPU work items finished, but 1 are counted"))
    }

    @Test func brokenMemoryStopsTheRun() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ProcessInvariantTests.run(breaking: .memory)
        }
        #expect(Self.stopMessage(result).contains("model invariant broken: the unsaved work is -1 ns"))
    }

    /// A move of a task's phase that tasks never make is a bug in the model: recorded, as for the process's states,
    /// and the run goes on.
    @Test func anIllegalTaskMoveIsRecorded() throws {
        let app = SimulatedApp(
            bundleIdentifier: "com.example.invariants", backgroundModes: ["fetch"], permittedIdentifiers: [Self.refresh]
        ) { InvariantBreakingApp(breaking: nil, movingTaskTo: .expirationHandlerReturned) }
        let result = app.run([.at(.zero, .launch), .at(.seconds(2), .simulateLaunch(identifier: Self.refresh))], for: .seconds(60))
        let record = try #require(result.events(.model(.illegalTaskTransition)).first?.record)
        #expect(record == .model(.illegalTaskTransition(.init(
            process: 1, identifier: Self.refresh, from: .running, to: .expirationHandlerReturned))))
        #expect(result.ending == .completed)
    }
}

/// Registers a refresh handler, begins a background task and submits a request at launch; breaks a component's
/// invariant when the person taps "break" (or, for the tasks, in the launch handler).
final class InvariantBreakingApp: SimulatedApplicationDelegate, @unchecked Sendable {
    let component: AppProcess.Component?
    let phase: TaskPhase?

    init(breaking component: AppProcess.Component?, movingTaskTo phase: TaskPhase? = nil) {
        self.component = component
        self.phase = phase
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?
    ) async -> Bool {
        let component = component
        let phase = phase
        BGTaskScheduler.shared.register(forTaskWithIdentifier: ProcessInvariantTests.refresh, using: nil) { _ in
            if component == .tasks { AppProcess.current?.breakInvariantForTesting(of: .tasks) }
            if let phase { AppProcess.current?.moveTaskForTesting(ProcessInvariantTests.refresh, to: phase) }
        }
        _ = application.beginBackgroundTask(withName: "open")
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: ProcessInvariantTests.refresh))
        return true
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        guard let component, component != .tasks else { return }
        AppProcess.current?.breakInvariantForTesting(of: component)
    }
}
#endif
