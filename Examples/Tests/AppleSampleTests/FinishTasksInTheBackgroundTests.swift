import BackgroundSimulation
@testable import FinishTasksInTheBackground
import SimulationTesting
import Testing

/// The snippet's `handlePersistence`, called on the main queue when the app leaves the foreground, with a save that
/// takes two seconds. (The snippet's class has no `applicationDidEnterBackground`, and a subclass cannot add one
/// that UIKit would call; as a ``SimulatedApplicationDelegate`` it can. Its `async` method dispatches the snippet's
/// synchronous code to the main queue, where the save's time can be charged.)
final class PersistingApp: AppDelegate, SimulatedApplicationDelegate {
    func applicationDidEnterBackground(_ application: UIApplication) async {
        DispatchQueue.main.async { self.handlePersistence() }
    }

    override func saveState() {
        UIApplication.shared.simulateWork(for: .seconds(2))
        UIApplication.shared.saveState(checkpoint: "state")
    }
}

/// The same with the guard corrected.
final class CorrectedPersistingApp: CorrectedAppDelegate, SimulatedApplicationDelegate {
    func applicationDidEnterBackground(_ application: UIApplication) async {
        DispatchQueue.main.async { self.handlePersistence() }
    }

    override func saveState() {
        UIApplication.shared.simulateWork(for: .seconds(2))
        UIApplication.shared.saveState(checkpoint: "state")
    }
}

/// Apple's WWDC25 "Finish tasks in the background" snippets.
@Suite(.seeded) struct FinishTasksInTheBackgroundTests {
    static let leaving: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(10), .goHome)]

    static func app(_ make: @escaping @MainActor @Sendable () -> any UIApplicationDelegate) -> SimulatedApp {
        SimulatedApp(bundleIdentifier: "com.colorfeed.wwdc25", delegate: make)
    }

    @Test func handlePersistenceAsPublishedNeverSaves() {
        let result = Self.app { PersistingApp() }.run(Self.leaving, for: .seconds(60))
        // The inverted guard returns at once: no background task, no save.
        #expect(!result.events.contains { if case .backgroundTime(.taskBegin) = $0.record { true } else { false } })
        #expect(result.saved.checkpoints.isEmpty)
    }

    @Test func handlePersistenceCorrectedSavesUnderABackgroundTask() {
        let result = Self.app { CorrectedPersistingApp() }.run(Self.leaving, for: .seconds(60))
        expectNoDiagnostics(result)
        #expect(result.saved.checkpoints.map(\.name) == ["state"])
        // Synchronous code's effects happen when it starts; its two seconds keep the main lane busy afterwards.
        #expect(result.saved.checkpoints.first?.time == VirtualInstant.zero + .seconds(10))
        #expect(result.events.contains { if case .backgroundTime(.taskEnd) = $0.record { true } else { false } })
    }

    @Test func handlePersistenceRunsDeterministically() async {
        await expectSameFingerprint(times: 20) { Self.app { CorrectedPersistingApp() }.run(Self.leaving, for: .seconds(60), seed: 3) }
    }

    /// The continued processing snippet loops until its expiration handler clears a flag. Time only passes in a
    /// simulation when code waits, so the loop never ends by itself: the wall-clock watchdog stops it, calls the
    /// expiration handler (which ends the loop), and terminates the app with BGS034. Nothing hangs.
    @Test func theBusyLoopIsStoppedByTheWatchdog() {
        var app = Self.app { ContinuedApp() }
        app.info.permittedIdentifiers = ["com.colorfeed.wwdc25.*"]
        app.watchdogLimit = .milliseconds(200)
        let result = app.run([.at(.zero, .launch), .at(.seconds(5), .tap(action: "confirm"))], for: .seconds(60))
        expectDiagnostics(result, ["BGS034"])
        #expect(result.terminations == [.watchdog])
    }
}

/// Registers and submits the snippet's continued task when the person confirms the dialog.
final class ContinuedApp: SimulatedApplicationDelegate {
    func application(_ application: UIApplication, performUserAction name: String) async {
        handleDialogConfirmation()
        try? submitContinuedProcessingTaskRequest()
    }
}
