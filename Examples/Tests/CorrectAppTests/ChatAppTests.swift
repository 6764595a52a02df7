import BackgroundSimulation
@testable import ChatApp
import SimulationTesting
import Testing

/// The chat app: a silent push handler that calls its completion handler once.
@Suite struct ChatAppTests {
    /// A background push as Apple's "Pushing background updates to your App" describes it.
    static let push = UserAction.push(RemoteNotification(contentAvailable: true, pushType: .background, priority: 5))

    static let chat = CorrectApp(
        name: "ChatAppTests.chat",
        app: {
            var app = SimulatedApp(bundleIdentifier: "com.example.chat", backgroundModes: ["remote-notification"]) { AppDelegate() }
            app.device = .lockedAtMidnight
            return app
        }(),
        day: [
            .at(h: 7, m: 30, .unlock), .at(h: 7, m: 30, s: 5, .launch), .at(h: 7, m: 40, .goHome), .at(h: 7, m: 41, .lock),
            // The server sends at most two background pushes in any hour.
            .at(h: 8, m: 10, push), .at(h: 8, m: 50, push), .at(h: 10, m: 30, push),
            .at(h: 12, .unlock), .at(h: 12, s: 5, .returnToApp), .at(h: 12, m: 20, push), .at(h: 12, m: 30, .goHome),
            .at(h: 12, m: 31, .lock),
            .at(h: 15, m: 45, push), .at(h: 18, m: 30, push), .at(h: 19, m: 10, push), .at(h: 21, push),
            .at(h: 23, .charging),
        ])

    static func completions(_ result: SimulationResult) -> [PushRecord.Completion] {
        result.events.compactMap { if case .push(.completion(let completion)) = $0.record { completion } else { nil } }
    }

    @Test(arguments: seeds) func aPlainDayHasNoDiagnosticAboveInfo(seed: UInt64) {
        let result = Self.chat.run(seed: seed)
        expectNoDiagnostics(result, atLeast: .warning)
        expectCompleted(result)
        // Every push the app heard was answered once, with new data, and its messages saved.
        let completions = Self.completions(result)
        #expect(!completions.isEmpty)
        #expect(completions.allSatisfy { $0.phase == .called && $0.result == .newData })
        #expect(result.checkpoints == Array(repeating: "messages", count: completions.count))
    }

    @Test(.seeded) func fuzzingBlamesNothingOnTheApp() {
        let result = Self.chat.fuzz(runs: 300)
        #expect(result.runs == 300)
    }
}
