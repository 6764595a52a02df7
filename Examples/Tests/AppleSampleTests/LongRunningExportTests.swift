import BackgroundSimulation
@testable import LongRunningExport
import SimulationTesting
import Testing

/// The article's export, started when the person taps Export.
final class ExportingApp: SimulatedApplicationDelegate {
    let exporter = VideoExporter()

    func application(_ application: UIApplication, performUserAction name: String) async {
        exporter.register()
        exporter.submit()
    }
}

/// Apple's "Performing long-running tasks on iOS and iPadOS".
@Suite(.seeded) struct LongRunningExportTests {
    static let app = SimulatedApp(
        bundleIdentifier: "com.example.videos", permittedIdentifiers: ["com.example.videos.export.*"]
    ) { ExportingApp() }

    static let tapExport: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(5), .tap(action: "export")), .at(.seconds(8), .goHome)]

    @Test func theExportCompletesWithItsProgress() {
        let result = Self.app.run(Self.tapExport, for: .seconds(300))
        expectNoDiagnostics(result)
        expectTask("com.example.videos.export.video", in: result, toEnd: .completed, success: true)
        let finalProgress = result.events.compactMap { event -> Int64? in
            guard case .liveActivity(.update(let update)) = event.record else { return nil }
            return update.permille
        }.last
        #expect(finalProgress == 1000)
    }

    @Test func theExportRunsDeterministically() async {
        await expectSameFingerprint(times: 20) { Self.app.run(Self.tapExport, for: .seconds(300), seed: 11) }
    }
}
