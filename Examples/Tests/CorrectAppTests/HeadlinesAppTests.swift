import BackgroundSimulation
@testable import HeadlinesApp
import SimulationTesting
import Testing

/// The news app: an app refresh as "Using background tasks to update your app" writes it.
@Suite struct HeadlinesAppTests {
    static let headlines = CorrectApp(
        name: "HeadlinesAppTests.headlines",
        app: {
            var app = SimulatedApp(
                bundleIdentifier: "com.example.headlines", backgroundModes: ["fetch"],
                permittedIdentifiers: [AppDelegate.refreshTaskIdentifier]
            ) { AppDelegate() }
            app.device = .lockedAtMidnight
            return app
        }(),
        day: [
            .at(h: 7, .unlock), .at(h: 7, s: 5, .launch), .at(h: 7, m: 10, .goHome), .at(h: 7, m: 11, .lock),
            .at(h: 12, m: 30, .unlock), .at(h: 12, m: 30, s: 5, .returnToApp), .at(h: 12, m: 40, .goHome), .at(h: 12, m: 41, .lock),
            .at(h: 19, .unlock), .at(h: 19, s: 5, .returnToApp), .at(h: 19, m: 20, .lock),
            .at(h: 23, .charging),
        ])

    @Test(arguments: seeds) func aPlainDayHasNoDiagnosticAboveInfo(seed: UInt64) {
        let result = Self.headlines.run(seed: seed)
        expectNoDiagnostics(result, atLeast: .warning)
        expectCompleted(result)
        // Every refresh fetched, saved and completed successfully, and scheduled the next one.
        expectTask(AppDelegate.refreshTaskIdentifier, in: result, toEnd: .completed, success: true)
        let refreshes = result.events.filter { if case .task(.start) = $0.record { true } else { false } }
        #expect(refreshes.count > 10)
        #expect(result.checkpoints.count == refreshes.count && Set(result.checkpoints) == ["headlines"])
    }

    @Test(.seeded) func fuzzingBlamesNothingOnTheApp() {
        let result = Self.headlines.fuzz(runs: 300)
        #expect(result.runs == 300)
    }
}
