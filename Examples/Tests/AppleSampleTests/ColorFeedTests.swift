import BackgroundSimulation
@testable import ColorFeed
import SimulationTesting
import Testing

/// Apple's ColorFeed app delegate, compiled unchanged but for its imports, run on virtual time.
@Suite(.seeded) struct ColorFeedTests {
    static let refresh = "com.example.apple-samplecode.ColorFeed.refresh"
    static let cleaning = "com.example.apple-samplecode.ColorFeed.db_cleaning"

    static let app = SimulatedApp(
        bundleIdentifier: "com.example.apple-samplecode.ColorFeed", backgroundModes: ["fetch", "processing"],
        permittedIdentifiers: [refresh, cleaning]
    ) { AppDelegate() }

    /// An evening: the person reads the feed at 18:00 and leaves; at 23:00 the phone is locked on its charger.
    static let evening: [TimelineEntry] = {
        var charging = ConditionChange()
        charging.charging = true
        return [
            .at(.zero, .launch), .at(.seconds(60), .goHome),
            .at(.seconds(5 * 3_600), .lock), .at(.seconds(5 * 3_600 + 1), .conditions(charging)),
        ]
    }()

    static func runEvening(seed: UInt64 = 1) -> SimulationResult {
        app.run(evening, for: .seconds(9 * 3_600), seed: seed)
    }

    @Test func refreshesEveryFifteenMinutesWithItsOperationQueue() {
        let result = Self.runEvening()
        expectCompleted(result)
        expectTask(Self.refresh, in: result, toEnd: .completed, success: true)
        // Date(timeIntervalSinceNow: 15 * 60) is exactly 15 minutes on the virtual clock: no BGS017.
        #expect(!result.diagnostics.contains { $0.rule.id == "BGS017" })
        let starts = result.events.compactMap { event -> VirtualInstant? in
            guard case .task(.start(let start)) = event.record, start.identifier == Self.refresh else { return nil }
            return event.time
        }
        #expect(starts.count > 4)
        // Each refresh reschedules the next 15 minutes after it started.
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $1 - $0 >= .minutes(15) })
    }

    @Test func cleansTheDatabaseAtNightOnPower() {
        let result = Self.runEvening()
        expectTask(Self.cleaning, in: result, toEnd: .completed, success: true)
    }

    /// The sample registers its handlers with `using: nil` from its main-actor app delegate: on iOS, built in the
    /// Swift 6 language mode, those closures trap when the scheduler calls them (bgsim says so, and runs them).
    @Test func reportsItsMainActorClosuresOnTheBackgroundQueue() {
        let result = Self.runEvening()
        let offMain = result.diagnostics.filter { $0.rule.id == "BGS019" }
        #expect(!offMain.isEmpty)
        #expect(offMain.allSatisfy { $0.subject == "launch handler of \(Self.refresh)" || $0.subject == "launch handler of \(Self.cleaning)" })
        expectNoDiagnostics(withoutRule("BGS019", result))
    }

    @Test func runsDeterministicallyInARowAndSideBySide() async {
        await expectSameFingerprint(times: 20) { Self.runEvening(seed: 7) }
    }

    /// The expiration handler cancels the queue, and the last operation's completion block completes the task with
    /// success false: the refresh is cut short by making the server slower than the refresh's time.
    @Test func anExpiredRefreshCancelsItsOperationsAndCompletesUnsuccessfully() {
        var quick = PlatformProfile(.iOS26)
        quick.appRefreshRuntime = .seconds(1)
        var app = Self.app
        app.profile = quick
        let result = app.run(Self.evening, for: .seconds(3_600))
        expectTask(Self.refresh, in: result, toEnd: .expired, success: false)
        #expect(!result.diagnostics.contains { $0.rule.id == "BGS016" || $0.rule.id == "BGS014" })
    }
}

/// A copy of `result` without the diagnostics of one rule, for expectations about the others.
func withoutRule(_ id: String, _ result: SimulationResult) -> SimulationResult {
    var copy = result
    copy.diagnostics.removeAll { $0.rule.id == id }
    return copy
}
