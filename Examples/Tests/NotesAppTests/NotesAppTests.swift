import BackgroundSimulation
import Foundation
@testable import NotesApp
import SimulationTesting
import Testing

/// The sample app under bgsim: each of its background jobs, and the bug a property test found in its first refresh
/// handler.
@Suite(.seeded) struct NotesAppTests {
    static func app(pendingNotes: Int = 3, refresh: RefreshHandler = .fixed) -> SimulatedApp {
        SimulatedApp(
            bundleIdentifier: NotesIdentifiers.bundle, backgroundModes: NotesIdentifiers.backgroundModes,
            permittedIdentifiers: NotesIdentifiers.permitted
        ) { NotesAppDelegate(pendingNotes: pendingNotes, refresh: refresh) }
    }

    static let openAndLeave: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(30), .tap(action: "edit")), .at(.seconds(60), .goHome)]

    @Test func savesUnderABackgroundTaskWhenThePersonLeaves() {
        let result = Self.app().run(Self.openAndLeave, for: .seconds(120))
        expectNoDiagnostics(result)
        #expect(result.saved.checkpoints.map(\.name) == ["notes"])
        #expect(result.saved.checkpoints.first?.time == VirtualInstant.zero + .seconds(62))
    }

    @Test func theRefreshReschedulesItselfAllDay() {
        let result = Self.app().run(Self.openAndLeave, for: .seconds(8 * 3_600))
        expectNoDiagnostics(result)
        expectTask(NotesIdentifiers.refresh, in: result, toEnd: .completed, success: true)
        let refreshes = result.events.filter { if case .task(.start(let start)) = $0.record { start.identifier == NotesIdentifiers.refresh } else { false } }
        #expect(refreshes.count > 10)
    }

    @Test func theCleanupStopsWhenThePersonPicksUpThePhone() {
        var charging = ConditionChange()
        charging.charging = true
        let timeline = Self.openAndLeave + [
            .at(.seconds(600), .lock), .at(.seconds(601), .conditions(charging)), .at(.seconds(2 * 3_600), .unlock),
        ]
        let result = Self.app().run(timeline, for: .seconds(3 * 3_600))
        // Five one-minute chunks: the person unlocks the phone during the cleanup or it finished before.
        let ends = result.events.compactMap { event -> TaskRecord.End? in
            guard case .task(.end(let end)) = event.record, end.identifier == NotesIdentifiers.cleanup else { return nil }
            return end
        }
        #expect(ends.count == 1)
        expectNoDiagnostics(result, atLeast: .error)
    }

    @Test func theExportReportsProgressUntilItCompletes() {
        let timeline: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(10), .tap(action: "export")), .at(.seconds(12), .goHome)]
        let result = Self.app().run(timeline, for: .seconds(120))
        expectNoDiagnostics(result)
        expectTask("com.example.notes.export.1", in: result, toEnd: .completed, success: true)
        let progress = result.events.compactMap { event -> Int64? in
            guard case .liveActivity(.update(let update)) = event.record else { return nil }
            return update.permille
        }
        // Progress rises step by step on virtual time, to the end.
        #expect(progress.count > 3)
        #expect(progress == progress.sorted())
        #expect(progress.last == 1000)
    }

    @Test func theExportCleansUpWhenThePersonCancelsIt() {
        let timeline: [TimelineEntry] = [
            .at(.zero, .launch), .at(.seconds(10), .tap(action: "export")), .at(.seconds(15), .cancelLiveActivity(identifier: nil)),
        ]
        let result = Self.app().run(timeline, for: .seconds(120))
        expectTask("com.example.notes.export.1", in: result, toEnd: .expired, success: false)
        expectNoDiagnostics(result, atLeast: .warning)
    }

    @Test func delegateMethodsMatchApples() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/NotesApp").standardizedFileURL.path
        expectNoNearMisses(try DelegateSignatureCheck.nearMisses(inFilesAt: [sources]))
    }

    // MARK: The bug

    /// A person's day and how many notes wait to be uploaded: the cases of the property below.
    static var days: Generator<(PersonBehaviour, Int)> {
        .zip(.personBehaviour(days: 1, sessionsPerDay: 1...3, taps: ["edit"]), .int(in: 0...8))
    }

    /// Whether every refresh completed exactly once: not twice (BGS016), not never (BGS014). A refresh may still run
    /// out of its 30 s when there is too much to upload (BGS048: a long upload belongs in a background URLSession);
    /// this property is about completion only.
    static func completesOnce(_ result: SimulationResult) -> Bool {
        !result.diagnostics.contains { $0.rule.id == "BGS016" || $0.rule.id == "BGS014" }
    }

    /// The first refresh handler came from NetNewsWire's: its expiration handler completes the task from a block on
    /// the main queue, and the upload completes it again when it ends. With five or more notes to upload (30 s on a
    /// slow network) the task is completed twice. The property finds it (and shrinks it to a short story); this
    /// test keeps the finding visible.
    @Test func theOriginalRefreshHandlerCompletesTwice() {
        withKnownIssue("the original refresh handler calls setTaskCompleted twice when the upload outlasts the refresh") {
            checkProperty("every refresh completes once", iterations: 40, Self.days) { person, pending in
                Self.completesOnce(Self.app(pendingNotes: pending, refresh: .original).run(person))
            }
        }
    }

    /// After the fix (the upload is cancelled on expiration, and the task completes once) the property holds.
    @Test func theFixedRefreshHandlerCompletesOnce() {
        checkProperty("every refresh completes once", iterations: 40, Self.days) { person, pending in
            Self.completesOnce(Self.app(pendingNotes: pending, refresh: .fixed).run(person))
        }
    }
}
