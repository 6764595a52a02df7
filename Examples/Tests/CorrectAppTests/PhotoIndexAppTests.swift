import BackgroundSimulation
@testable import PhotoIndexApp
import SimulationTesting
import Testing

/// The photo library: a chunked, resumable processing task at night.
@Suite struct PhotoIndexAppTests {
    static let photos = CorrectApp(
        name: "PhotoIndexAppTests.photos",
        app: {
            var app = SimulatedApp(
                bundleIdentifier: "com.example.photos", backgroundModes: ["processing"],
                permittedIdentifiers: [AppDelegate.indexingTaskIdentifier]
            ) { AppDelegate() }
            app.device = .lockedAtMidnight
            return app
        }(),
        day: [
            .at(h: 8, .unlock), .at(h: 8, s: 5, .launch), .at(h: 8, m: 5, .goHome), .at(h: 8, m: 6, .lock),
            .at(h: 20, .unlock), .at(h: 20, s: 5, .returnToApp), .at(h: 20, m: 10, .goHome), .at(h: 20, m: 11, .lock),
            .at(h: 22, m: 30, .charging),
        ])

    @Test(arguments: seeds) func aPlainDayHasNoDiagnosticAboveInfo(seed: UInt64) {
        let result = Self.photos.run(seed: seed)
        expectNoDiagnostics(result, atLeast: .warning)
        expectCompleted(result)
        // One night's task indexes all 360 photos, saving after each chunk of 30.
        expectTask(AppDelegate.indexingTaskIdentifier, in: result, toEnd: .completed, success: true)
        #expect(result.checkpoints == Array(repeating: "index", count: 12))
    }

    /// The system stops the first task after two minutes, 240 photos in: the app saves the chunk it was on, completes
    /// the task once, asks again, and the next task (an hour later) indexes the other 120 and succeeds.
    @Test func aTaskStoppedEarlyResumesWhereItStopped() {
        var photos = Self.photos
        photos.app.profile.processingRuntime = .minutes(2)
        let result = photos.run(seed: 1)
        expectNoDiagnostics(result, atLeast: .warning)
        #expect(result.diagnostics.map(\.rule.id) == ["BGS018"])  // the system's notice that it expired the first task
        let ends = result.events.compactMap { event -> TaskRecord.End? in
            if case .task(.end(let end)) = event.record { end } else { nil }
        }
        #expect(ends.map(\.how) == [.expired, .completed])
        #expect(ends.map(\.success) == [false, true])
        #expect(result.checkpoints == Array(repeating: "index", count: 12))
    }

    @Test(.seeded) func fuzzingBlamesNothingOnTheApp() {
        let result = Self.photos.fuzz(runs: 300)
        #expect(result.runs == 300)
    }
}
