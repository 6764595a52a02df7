import BackgroundSimulation
@testable import JournalApp
import SimulationTesting
import Testing

/// The journal: saves under a background task when the person leaves ("Extending your app's background execution time").
@Suite struct JournalAppTests {
    static let journal = CorrectApp(
        name: "JournalAppTests.journal",
        app: {
            var app = SimulatedApp(bundleIdentifier: "com.example.journal") { AppDelegate() }
            app.device = .lockedAtMidnight
            return app
        }(),
        day: [
            .at(h: 7, m: 30, .unlock), .at(h: 7, m: 30, s: 5, .launch), .at(h: 7, m: 31, .tap(action: "write")),
            .at(h: 7, m: 33, .goHome), .at(h: 7, m: 34, .lock),
            .at(h: 12, m: 30, .unlock), .at(h: 12, m: 30, s: 5, .returnToApp), .at(h: 12, m: 31, .tap(action: "write")),
            .at(h: 12, m: 40, .goHome), .at(h: 12, m: 41, .lock),
            // The evening: the phone is locked with the journal in front, which sends it to the background too.
            .at(h: 21, .unlock), .at(h: 21, .returnToApp), .at(h: 21, m: 2, .tap(action: "write")), .at(h: 21, m: 5, .lock),
            .at(h: 22, .charging),
        ])

    @Test(arguments: seeds) func aPlainDayHasNoDiagnosticAboveInfo(seed: UInt64) {
        let result = Self.journal.run(seed: seed)
        expectNoDiagnostics(result, atLeast: .warning)
        expectCompleted(result)
        // Each time the person leaves, the entry is saved, and the background task is ended.
        #expect(result.checkpoints == ["journal", "journal", "journal"])
        #expect(result.terminations.isEmpty)
    }

    @Test(.seeded) func fuzzingBlamesNothingOnTheApp() {
        let result = Self.journal.fuzz(runs: 300)
        #expect(result.runs == 300)
    }
}
