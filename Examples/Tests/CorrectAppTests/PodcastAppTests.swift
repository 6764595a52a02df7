import BackgroundSimulation
@testable import PodcastApp
import SimulationTesting
import Testing

/// The podcast player: background downloads as "Downloading files in the background" writes them.
@Suite struct PodcastAppTests {
    static let podcasts = CorrectApp(
        name: "PodcastAppTests.podcasts",
        app: {
            var app = SimulatedApp(bundleIdentifier: "com.example.podcasts") { AppDelegate() }
            app.device = .lockedAtMidnight
            return app
        }(),
        day: [
            // Before the commute: an episode, and the phone goes in a pocket while it downloads.
            .at(h: 7, .unlock), .at(h: 7, s: 5, .launch), .at(h: 7, m: 2, .tap(action: "download")),
            .at(h: 7, m: 2, s: 5, .goHome), .at(h: 7, m: 2, s: 10, .lock),
            // The evening: another, and the phone is locked with the app in front.
            .at(h: 18, .unlock), .at(h: 18, s: 5, .returnToApp), .at(h: 18, m: 1, .tap(action: "download")),
            .at(h: 18, m: 1, s: 5, .lock),
            .at(h: 23, .charging),
        ])

    static func sessionPhases(_ result: SimulationResult) -> [TransferRecord.SessionPhase] {
        result.events.compactMap { if case .transfer(.session(let session)) = $0.record { session.phase } else { nil } }
    }

    @Test(arguments: seeds) func aPlainDayHasNoDiagnosticAboveInfo(seed: UInt64) {
        let result = Self.podcasts.run(seed: seed)
        expectNoDiagnostics(result, atLeast: .warning)
        expectCompleted(result)
        // Both episodes kept; each time the system woke the app for the session's events, it called the handler.
        #expect(result.checkpoints == ["episode", "episode"])
        let phases = Self.sessionPhases(result)
        #expect(phases.filter { $0 == .eventsReady }.count == phases.filter { $0 == .completionCalled }.count)
        #expect(phases.contains(.completionCalled))
    }

    /// The system reclaims the suspended app's memory while the episode downloads: it relaunches the app in the
    /// background, the app recreates the session at launch, keeps the file and calls the handler.
    @Test func aRelaunchedAppRecreatesTheSessionAndKeepsTheEpisode() {
        let result = Self.podcasts.app.run(
            Self.podcasts.day + [.at(h: 7, m: 2, s: 12, .memoryPressure)], for: Self.podcasts.duration, seed: 1)
        expectNoDiagnostics(result, atLeast: .warning)
        #expect(result.checkpoints == ["episode", "episode"])
        let wakes = result.events.compactMap { event -> ServiceWake? in
            if case .transfer(.session(let session)) = event.record, session.phase == .eventsReady { session.wake } else { nil }
        }
        #expect(wakes.first == .launched)
        let phases = Self.sessionPhases(result)
        #expect(phases.filter { $0 == .eventsReady }.count == phases.filter { $0 == .completionCalled }.count)
    }

    @Test(.seeded) func fuzzingBlamesNothingOnTheApp() {
        let result = Self.podcasts.fuzz(runs: 300)
        #expect(result.runs == 300)
    }
}
