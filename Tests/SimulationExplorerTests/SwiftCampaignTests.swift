import BackgroundSimulation
import Foundation
import PlatformLookalikes
import SimulationKernel
import Testing
@testable import SimulationExplorer

/// The same campaign from Swift Testing on Swift app code: a team fuzzes its own handlers in `swift test`.
@Suite struct SwiftCampaignTests {
    /// The news app of `refresh-expires-while-saving`, written in Swift against the look-alike API, bug included.
    final class NewsAppDelegate: UIApplicationDelegate, @unchecked Sendable {
        let checksAfterSaving: Bool

        init(checksAfterSaving: Bool) {
            self.checksAfterSaving = checksAfterSaving
        }

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: String]) async {
            let checks = checksAfterSaving
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.news.refresh", using: nil) { task in
                guard let context = TaskContext.current else { return }
                let stopped = Flag()
                task.expirationHandler = {
                    stopped.set()
                    task.setTaskCompleted(success: false)
                }
                // The work goes on in a task of the process, as `Task {}` would (with the simulation's executor).
                context.kernel.spawn("refresh", gate: context.gate) {
                    do {
                        try await UIApplication.shared.simulateWork(for: .seconds(4))  // fetch
                    } catch {
                        return
                    }
                    if stopped.isSet { return }
                    let store = IdentifierBox()
                    store.value = UIApplication.shared.beginBackgroundTask(withName: "Save feed") {
                        UIApplication.shared.endBackgroundTask(store.value)
                        store.value = .invalid
                    }
                    try? await UIApplication.shared.simulateWork(for: .milliseconds(500))
                    UIApplication.shared.saveState(checkpoint: "feed")
                    if store.value != .invalid { UIApplication.shared.endBackgroundTask(store.value) }
                    // The fix: look again after the last await.
                    if checks && stopped.isSet { return }
                    task.setTaskCompleted(success: true)
                }
            }
        }

        func applicationDidEnterBackground(_ application: UIApplication) async {
            let request = BGAppRefreshTaskRequest(identifier: "com.example.news.refresh")
            request.earliestBeginDate = BGTaskScheduler.shared.now.addingTimeInterval(30 * 60)
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
