import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import SimulationTesting
import Testing

/// Random network outages, terminations and force quits around a background download: it ends exactly once.
@Suite struct TransferPropertyTests {
    static let second: VirtualDuration = .seconds(1)

    struct World: CustomStringConvertible {
        var fails: Bool
        var timeline: [(gap: Int, action: Int)]

        static let gaps: [VirtualDuration] = [.zero, second, 5 * second, 20 * second, 120 * second]
        static var actions: [UserAction] {
            var offline = ConditionChange()
            offline.network = DeviceConditions.Network.none
            var wifi = ConditionChange()
            wifi.network = .wifi
            var cellular = ConditionChange()
            cellular.network = .cellular
            return [
                .conditions(offline), .conditions(wifi), .conditions(cellular), .memoryPressure, .swipeAway, .launch, .goHome,
                .tap(action: "recreate"),
            ]
        }

        var description: String {
            "fails \(fails), timeline [" + timeline.map { "+\(TimeText.formatExact(World.gaps[$0.gap])) \(World.actions[$0.action])" }
                .joined(separator: ", ") + "]"
        }

        func scenario() -> Scenario {
            let session = "com.example.downloads"
            let configuration = BackgroundSessionConfiguration(identifier: session)
            let app = AppDefinition(
                bundleIdentifier: "com.example.downloads",
                handlers: [
                    (callback: .handleEventsForBackgroundURLSession, action: "recreate"), (callback: .didFinishDownloadingTo, action: "move"),
                    (callback: .urlSessionDidFinishEvents, action: "finish"),
                ],
                actions: [
                    "download": [
                        .createSession(configuration),
                        .downloadTask(session: session, bytes: 50_000_000, earliestBegin: nil, error: fails ? "NSURLErrorTimedOut" : nil),
                    ],
                    "recreate": [.createSession(configuration)],
                    "move": [.moveDownloadedFile(checkpoint: "file")],
                    "finish": [.callBackgroundEventsCompletion(session: session)],
                ])
            var at = 2 * second
            let entries = [TimelineEntry(at: .zero, action: .launch), TimelineEntry(at: second.duration, action: .tap(action: "download"))]
                + timeline.map { step -> TimelineEntry in
                    at = at + World.gaps[step.gap]
                    return TimelineEntry(at: at.duration, action: World.actions[step.action])
                }
            return Scenario(name: "random-transfer", stopAt: (at + 600 * second).duration, app: app, timeline: entries)
        }
    }

    static var worlds: Generator<World> {
        let step = Generator.zip(Generator<Int>.int(in: 0...(World.gaps.count - 1)), Generator<Int>.int(in: 0...(World.actions.count - 1)))
            .map { (gap: $0.0, action: $0.1) }
        return Generator.zip(Generator<Bool>.bool, step.array(length: 0...12)).map { World(fails: $0.0, timeline: $0.1) }
    }

    @Test func aDownloadEndsExactlyOnceAndNeverSilently() {
        checkProperty("a download finishes, fails or is cancelled exactly once, or is still moving at the end; the app hears a file only when it finished", iterations: 200, Self.worlds) { world in
            let result = Simulation(scenario: world.scenario()).run()
            let ends = result.events(.transfer(.state)).filter { ["finished", "failed", "cancelled"].contains($0["phase"]?.string ?? "") }
            guard ends.count <= 1 else { return false }
            let files = result.callbackStarts("didFinishDownloadingTo").count
            let completions = result.callbackStarts("didCompleteWithError").count
            // At most one delivery of each event, and a file only for a finished download.
            guard files <= 1, completions <= 1 else { return false }
            if files == 1 && ends.first?["phase"] != "finished" { return false }
            if world.fails && ends.first?["phase"] == "finished" { return false }
            // Never both saved and reported failed; a saved file came from a finished transfer.
            return result.saved.checkpoints.isEmpty || ends.first?["phase"] == "finished"
        }
    }

    @Test func theSameWorldGivesTheSameTrace() {
        checkProperty("a transfer world is deterministic", iterations: 30, Self.worlds) { world in
            Simulation(scenario: world.scenario()).run().fingerprint == Simulation(scenario: world.scenario()).run().fingerprint
        }
    }
}
