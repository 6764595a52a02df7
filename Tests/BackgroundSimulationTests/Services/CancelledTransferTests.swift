import BackgroundSimulation
import Foundation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import SimulationTesting
import Testing

/// BGS051: a background transfer a force quit cancelled, which the app heard of (NSURLErrorCancelled with
/// NSURLErrorBackgroundTaskCancelledReasonKey 0) and never started again.
@Suite struct CancelledTransferTests {
    /// A podcast app that logs didCompleteWithError without looking at the error
    /// (Scenarios/bugs-day-of-use/podcast-force-quit-never-restarted-day, shortened, with the close in the app
    /// switcher written in): the person closes the app during the download and opens it again later.
    static let neverRestarted = """
        {
          "format": 1, "name": "force-quit-download", "seed": 1, "profile": "iOS26", "stopAt": "2h",
          "app": {
            "bundleIdentifier": "com.example.podcasts",
            "handlers": {
              "didFinishLaunching": "createSession", "didFinishDownloadingTo": "moveEpisode",
              "didCompleteWithError": "logResult", "urlSessionDidFinishEvents": "finishEvents"
            },
            "actions": {
              "createSession": [ { "step": "createSession", "identifier": "com.example.podcasts.downloads" } ],
              "download": [ { "step": "downloadTask", "session": "com.example.podcasts.downloads", "bytes": 120000000 } ],
              "moveEpisode": [ { "step": "moveDownloadedFile", "checkpoint": "episode" } ],
              "logResult": [ { "step": "log", "message": "download finished or failed" } ],
              "finishEvents": [
                { "step": "dispatchMain", "steps": [ { "step": "callBackgroundEventsCompletion", "session": "com.example.podcasts.downloads" } ] }
              ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "2m", "action": "tap", "run": "download" },
            { "at": "2m5s", "action": "goHome" },
            { "at": "2m20s", "action": "swipeAway" },
            { "at": "1h", "action": "launch" },
            { "at": "1h10m", "action": "goHome" }
          ]
        }
        """

    static func run(_ json: String) throws -> SimulationResult {
        Simulation(scenario: try Scenario.decode(Data(json.utf8), file: "x.json")).run()
    }

    @Test func aCancelledDownloadTheAppHeardOfAndNeverStartedAgainIsFlaggedAtTheEnd() throws {
        let result = try Self.run(Self.neverRestarted)
        #expect(result.ruleIDs == ["BGS051"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.rule.category == .appBug)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.time == VirtualInstant.zero + .hours(2))
        #expect(diagnostic.process == 2)
        #expect(diagnostic.subject == "transfer 1 of com.example.podcasts.downloads")
        #expect(diagnostic.message == "transfer 1 of com.example.podcasts.downloads, 50000000 of 120000000 bytes, was cancelled at "
            + "2m20.000s when the person closed the app in the app switcher (NSURLErrorCancelled, "
            + "NSURLErrorBackgroundTaskCancelledReasonKey 0); the app heard it in didCompleteWithError at 1h00m00s (app #2) "
            + "and had not started it again when the run ended at 2h00m00s")
        #expect(diagnostic.fix.hasPrefix("In urlSession(_:task:didCompleteWithError:), read NSURLErrorBackgroundTaskCancelledReasonKey"))
    }

    @Test func startingItAgainOnTheReasonIsClean() throws {
        // The fix, in the format: didCompleteWithError checks the error's reason and starts the download again.
        let fixed = Self.neverRestarted.replacingOccurrences(
            of: #""logResult": [ { "step": "log", "message": "download finished or failed" } ],"#,
            with: #"""
                "logResult": [
                  { "step": "if", "condition": { "cancelledReason": "userForceQuitApplication" },
                    "then": [ { "step": "downloadTask", "session": "com.example.podcasts.downloads", "bytes": 120000000 } ] }
                ],
                """#)
        #expect(fixed != Self.neverRestarted)
        let result = try Self.run(fixed)
        #expect(result.diagnostics.isEmpty)
        // Started again at 1 h, in the reopened app, and finished.
        #expect(result.events(.transfer(.state)).map { $0["phase"]?.string ?? "" } == ["running", "cancelled", "running", "finished"])
        #expect(result.saved.checkpoints.map(\.name) == ["episode"])
    }

    @Test func theReasonConditionHoldsOnlyForAForceQuit() throws {
        // A transfer that finishes, or that the app cancels, does not carry the reason: nothing is started again.
        let logsReason = Self.neverRestarted
            .replacingOccurrences(
                of: #""logResult": [ { "step": "log", "message": "download finished or failed" } ],"#,
                with: #""logResult": [ { "step": "if", "condition": { "cancelledReason": "userForceQuitApplication" }, "then": [ { "step": "log", "message": "force quit" } ], "else": [ { "step": "log", "message": "other" } ] } ],"#)
            .replacingOccurrences(of: #"{ "at": "2m20s", "action": "swipeAway" },"#, with: "")
        let result = try Self.run(logsReason)
        #expect(result.events(.app(.log)).map { $0["message"]?.string ?? "" } == ["other"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func anAppThePersonNeverOpensAgainCouldNotHaveDoneOtherwise() throws {
        // Closed during the download and not opened again before the run ends: the app never heard; no rule.
        let closed = Self.neverRestarted
            .replacingOccurrences(of: #"{ "at": "1h", "action": "launch" },"#, with: "")
            .replacingOccurrences(of: #"{ "at": "1h10m", "action": "goHome" }"#, with: #"{ "at": "1h10m", "action": "lock" }"#)
        let result = try Self.run(closed)
        #expect(result.events(.transfer(.state)).last?["phase"] == "cancelled")
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: Swift

    /// A podcast app written for iOS: it starts the episode's download when first opened, and (when `restarts`) starts
    /// it again when the error says a force quit cancelled it.
    final class EpisodeApp: UIResponder, UIApplicationDelegate {
        let loader: Loader

        init(restarts: Bool, notes: Log<String>) {
            loader = Loader(restarts: restarts, notes: notes)
        }

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            loader.connect()
            if loader.notes.all.isEmpty { loader.download() }
            return true
        }

        final class Loader: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
            static let identifier = "com.example.podcasts.downloads"
            let restarts: Bool
            let notes: Log<String>
            var session: URLSession?

            init(restarts: Bool, notes: Log<String>) {
                self.restarts = restarts
                self.notes = notes
            }

            func connect() {
                session = URLSession(configuration: .background(withIdentifier: Self.identifier), delegate: self, delegateQueue: nil)
            }

            func download() {
                guard let session, let url = URL(string: "https://example.com/episodes/42.mp3") else { return }
                let task = session.downloadTask(with: url)
                task.countOfBytesClientExpectsToReceive = 60_000_000
                task.resume()
                notes.append("started")
            }

            func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
                try? FileManager.default.moveItem(at: location, to: URL(fileURLWithPath: "/var/mobile/Documents/42.mp3"))
                notes.append("saved")
            }

            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
                let reason = (error as NSError?)?.userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] as? Int
                notes.append("completed \((error as NSError?)?.code ?? 0) reason \(reason.map(String.init) ?? "none")")
                if restarts, reason == NSURLErrorCancelledReasonUserForceQuitApplication { download() }
            }
        }
    }

    static let swipedDuringTheDownload: [TimelineEntry] = [
        .at(.zero, .launch), .at(.seconds(8), .goHome), .at(.seconds(12), .swipeAway), .at(.seconds(300), .launch),
    ]

    @Test func swiftCodeReadsTheReasonFromTheErrorAndStartsAgain() {
        let notes = Log<String>()
        let app = SimulatedApp(bundleIdentifier: "com.example.podcasts") { EpisodeApp(restarts: true, notes: notes) }
        let result = app.run(Self.swipedDuringTheDownload, for: .seconds(600), seed: 1)
        #expect(notes.all == ["started", "completed -999 reason 0", "started", "saved", "completed 0 reason none"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func swiftCodeThatIgnoresTheReasonIsFlagged() {
        let notes = Log<String>()
        let app = SimulatedApp(bundleIdentifier: "com.example.podcasts") { EpisodeApp(restarts: false, notes: notes) }
        let result = app.run(Self.swipedDuringTheDownload, for: .seconds(600), seed: 1)
        #expect(notes.all == ["started", "completed -999 reason 0"])
        #expect(result.ruleIDs == ["BGS051"])
        #expect(result.diagnostics.first?.message.contains("transfer 1 (https://example.com/episodes/42.mp3) of com.example.podcasts.downloads") == true)
    }
}
