import BackgroundSimulation
import PlatformLookalikes
import SimulationKernel
import Testing
@testable import SimulationExplorer

/// The same campaign from Swift Testing on Swift app code: a team fuzzes its own handlers in `swift test`.
@Suite struct SwiftCampaignTests {
    /// The news app of `refresh-expires-while-saving`, written in Swift as for iOS, bug included.
    final class NewsAppDelegate: UIResponder, SimulatedApplicationDelegate {
        let checksAfterSaving: Bool

        init(checksAfterSaving: Bool) {
            self.checksAfterSaving = checksAfterSaving
        }

        func application(
            _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            let checks = checksAfterSaving
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.news.refresh", using: .main) { task in
                let stopped = Flag()
                task.expirationHandler = {
                    stopped.set()
                    task.setTaskCompleted(success: false)
                }
                Task { @MainActor in
                    do {
                        try await application.simulateWork(for: .seconds(4))  // fetch
                    } catch {
                        return
                    }
                    if stopped.isSet { return }
                    let store = IdentifierBox()
                    store.value = application.beginBackgroundTask(withName: "Save feed") {
                        application.endBackgroundTask(store.value)
                        store.value = .invalid
                    }
                    try? await application.simulateWork(for: .milliseconds(500))
                    application.saveState(checkpoint: "feed")
                    if store.value != .invalid { application.endBackgroundTask(store.value) }
                    // The fix: look again after the last await.
                    if checks && stopped.isSet { return }
                    task.setTaskCompleted(success: true)
                }
            }
            return true
        }

        func applicationDidEnterBackground(_ application: UIApplication) {
            let request = BGAppRefreshTaskRequest(identifier: "com.example.news.refresh")
            request.earliestBeginDate = Date(timeIntervalSinceNow: 30 * 60)
            try? BGTaskScheduler.shared.submit(request)
        }
    }

    /// A background task identifier the expiration handler and the work share.
    final class IdentifierBox: @unchecked Sendable {
        var value: UIBackgroundTaskIdentifier = .invalid
    }

    /// Set by an expiration handler, read by the work: both run on the simulation's thread.
    final class Flag: @unchecked Sendable {
        private(set) var isSet = false
        func set() { isSet = true }
    }

    @Test func aCampaignFindsTheBugInSwiftCodeAndTheFixedCodePasses() throws {
        let scenario = try sample("refresh-expires-while-saving").scenario
        let buggy = ExplorationTarget(scenario: scenario) { NewsAppDelegate(checksAfterSaving: false) }
        let result = Campaign(target: buggy, settings: CampaignSettings(seed: 1, runs: 200)).run(jobs: 2)
        let group = try #require(result.failures.first { $0.signature.id == "BGS016" }, "\(result.failures.map(\.signature))")
        #expect(group.shrunk?.plan.faultCount == 1)

        let fixed = ExplorationTarget(scenario: scenario) { NewsAppDelegate(checksAfterSaving: true) }
        let again = Campaign(target: fixed, settings: CampaignSettings(seed: 1, runs: 200)).run(jobs: 2)
        #expect(!again.failures.contains { $0.signature.id == "BGS016" }, "\(again.failures.map { "\($0.signature): \($0.replayPlan.lines)" })")
    }

    @Test func explorationRunsSwiftCodeToo() throws {
        let scenario = try sample("refresh-expires-while-saving").scenario
        let buggy = ExplorationTarget(scenario: scenario) { NewsAppDelegate(checksAfterSaving: false) }
        let result = Exploration(target: buggy).run(jobs: 2)
        #expect(result.exhausted == true)
        #expect(result.failures.contains { $0.signature.id == "BGS016" })
    }
}
