import BackgroundSimulation
import Foundation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import SimulationTesting
import Testing

/// On a relaunch for a background session's events, the delegate's events wait for
/// `handleEventsForBackgroundURLSession` (NSURLSession.h: `urlSessionDidFinishEvents` is sent only after the app
/// received it), also when the app recreated its session at launch, before that call (trust findings M1).
@Suite struct SessionEventsOrderTests {
    /// A podcast app that creates its session at launch, as Apple advises, with its delegate on the main queue: it calls
    /// the stored handler directly in urlSessionDidFinishEvents (Scenarios/correct/podcast-session-at-launch-main-delegate,
    /// shortened). The system reclaims memory during the download: the app is relaunched for the session's events.
    static let atLaunch = """
        {
          "format": 1, "name": "session-at-launch", "seed": 1, "profile": "iOS26", "stopAt": "1h",
          "app": {
            "bundleIdentifier": "com.example.podcasts",
            "handlers": {
              "didFinishLaunching": "createSession", "handleEventsForBackgroundURLSession": "storeHandler",
              "didFinishDownloadingTo": "moveEpisode", "didCompleteWithError": "logResult", "urlSessionDidFinishEvents": "finishEvents"
            },
            "actions": {
              "createSession": [ { "step": "createSession", "identifier": "com.example.podcasts.downloads" } ],
              "storeHandler": [ { "step": "log", "message": "handler stored" } ],
              "download": [ { "step": "downloadTask", "session": "com.example.podcasts.downloads", "bytes": 60000000 } ],
              "moveEpisode": [ { "step": "moveDownloadedFile", "checkpoint": "episode" } ],
              "logResult": [ { "step": "log", "message": "download complete" } ],
              "finishEvents": [ { "step": "callBackgroundEventsCompletion", "session": "com.example.podcasts.downloads" } ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "1m", "action": "tap", "run": "download" },
            { "at": "1m5s", "action": "goHome" },
            { "at": "1m10s", "action": "memoryPressure" }
          ]
        }
        """

    static func run(_ json: String) throws -> SimulationResult {
        Simulation(scenario: try Scenario.decode(Data(json.utf8), file: "x.json")).run()
    }

    /// The relaunched process's callbacks, in the order they started.
    static func callbacks(_ result: SimulationResult, process: Int64 = 2) -> [String] {
        result.events(.app(.callback)).filter { $0["phase"]?.string == "start" && $0["process"]?.int == process }
            .compactMap { $0["callback"]?.string }
    }

    @Test func aSessionRecreatedAtLaunchGetsItsEventsAfterHandleEvents() throws {
        let result = try Self.run(Self.atLaunch)
        #expect(result.diagnostics.isEmpty)
        #expect(Self.callbacks(result) == [
            "didFinishLaunching", "handleEventsForBackgroundURLSession", "didFinishDownloadingTo", "didCompleteWithError",
            "urlSessionDidFinishEvents",
        ])
        #expect(result.events(.app(.log)).map { $0["message"]?.string ?? "" } == ["handler stored", "download complete"])
        let phases = result.events(.transfer(.session)).filter { $0["process"]?.int == 2 }.map { $0["phase"]?.string ?? "" }
        #expect(phases == ["eventsReady", "created", "eventsDelivered", "completionCalled"])
        #expect(result.saved.checkpoints.map(\.name) == ["episode"])
    }

    @Test func callingTheHandlerFromAMainQueueBlockIsCleanToo() throws {
        // The Apple sample's form: DispatchQueue.main.async { handler() } from urlSessionDidFinishEvents.
        let json = Self.atLaunch.replacingOccurrences(
            of: #""finishEvents": [ { "step": "callBackgroundEventsCompletion", "session": "com.example.podcasts.downloads" } ]"#,
            with: #""finishEvents": [ { "step": "dispatchMain", "steps": [ { "step": "callBackgroundEventsCompletion", "session": "com.example.podcasts.downloads" } ] } ]"#)
        #expect(json != Self.atLaunch)
        let result = try Self.run(json)
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.transfer(.session)).last?["phase"] == "completionCalled")
    }

    @Test func callingTheHandlerBeforeHandleEventsGaveItIsStillBGS045() throws {
        // The app calls "the handler" at launch, before the system called handleEvents: there is none yet, and the one
        // handleEvents then gives is never called.
        let json = Self.atLaunch
            .replacingOccurrences(
                of: #""createSession": [ { "step": "createSession", "identifier": "com.example.podcasts.downloads" } ],"#,
                with: #""createSession": [ { "step": "createSession", "identifier": "com.example.podcasts.downloads" }, { "step": "callBackgroundEventsCompletion", "session": "com.example.podcasts.downloads" } ],"#)
            .replacingOccurrences(
                of: #""finishEvents": [ { "step": "callBackgroundEventsCompletion", "session": "com.example.podcasts.downloads" } ]"#,
                with: #""finishEvents": [ { "step": "log", "message": "events finished" } ]"#)
        let result = try Self.run(json)
        #expect(result.ruleIDs == ["BGS045"])
        #expect(result.events(.app(.stepIgnored)).contains { $0["why"]?.string?.contains("no stored completion handler") == true })
    }

    @Test func aSuspendedAppWokenForItsEventsKeepsItsOrder() throws {
        // Not killed: the suspended app is woken, handleEvents runs, then the events.
        let json = Self.atLaunch.replacingOccurrences(
            of: #"{ "at": "1m10s", "action": "memoryPressure" }"#, with: #"{ "at": "1m10s", "action": "lock" }"#)
        let result = try Self.run(json)
        #expect(result.diagnostics.isEmpty)
        #expect(Array(Self.callbacks(result, process: 1).suffix(4)) == [
            "handleEventsForBackgroundURLSession", "didFinishDownloadingTo", "didCompleteWithError", "urlSessionDidFinishEvents",
        ])
    }

    // MARK: Swift

    /// A podcast app that connects at every launch with its delegate queue on main, and calls the stored handler
    /// directly in urlSessionDidFinishEvents.
    final class MainQueuePodcastApp: UIResponder, UIApplicationDelegate {
        let loader: Loader

        init(notes: Log<String>) {
            loader = Loader(notes: notes)
        }

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            loader.connect()
            if application.applicationState != .background { loader.download() }
            return true
        }

        func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {
            loader.notes.append("handleEvents")
            loader.eventsCompletion = completionHandler
        }

        final class Loader: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
            let notes: Log<String>
            var session: URLSession?
            var eventsCompletion: (() -> Void)?

            init(notes: Log<String>) {
                self.notes = notes
            }

            func connect() {
                session = URLSession(
                    configuration: .background(withIdentifier: "com.example.podcasts.downloads"), delegate: self, delegateQueue: .main)
            }

            func download() {
                guard let session, let url = URL(string: "https://example.com/episodes/7.mp3") else { return }
                let task = session.downloadTask(with: url)
                task.countOfBytesClientExpectsToReceive = 60_000_000
                task.resume()
            }

            func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
                try? FileManager.default.moveItem(at: location, to: URL(fileURLWithPath: "/var/mobile/Documents/7.mp3"))
                notes.append("moved")
            }

            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
                notes.append("completed")
            }

            func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
                notes.append(eventsCompletion == nil ? "no handler" : "handler called")
                eventsCompletion?()
                eventsCompletion = nil
            }
        }
    }

    @Test func swiftCodeThatConnectsAtLaunchHasTheHandlerWhenItsEventsCome() {
        let notes = Log<String>()
        let app = SimulatedApp(bundleIdentifier: "com.example.podcasts") { MainQueuePodcastApp(notes: notes) }
        let result = app.run([.at(.zero, .launch), .at(.seconds(8), .goHome), .at(.seconds(12), .memoryPressure)], for: .seconds(600), seed: 1)
        #expect(notes.all == ["handleEvents", "moved", "completed", "handler called"])
        #expect(result.diagnostics.isEmpty)
    }
}
