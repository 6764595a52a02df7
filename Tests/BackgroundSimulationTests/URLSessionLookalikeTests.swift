import BackgroundSimulation
@testable import PlatformLookalikes
import SimulationKernel
import SimulationModel
import SimulationTesting
import Testing

/// The look-alike background `URLSession` API: a podcast app written for iOS downloads an episode that finishes while
/// the app is terminated, and the relaunched app saves it (or makes one of the mistakes BGS043-BGS045 catch).
@Suite struct URLSessionLookalikeTests {
    /// Launched at 0 s (the download starts), home at 8 s, killed by memory pressure at 12 s while suspended.
    static let terminatedWhileDownloading: [TimelineEntry] = [.at(.zero, .launch), .at(.seconds(8), .goHome), .at(.seconds(12), .memoryPressure)]

    static func app(_ mistakes: PodcastMistakes = PodcastMistakes()) -> SimulatedApp {
        SimulatedApp(bundleIdentifier: "com.example.podcasts") { PodcastAppDelegate(mistakes: mistakes) }
    }

    static func run(_ mistakes: PodcastMistakes = PodcastMistakes(), _ timeline: [TimelineEntry] = terminatedWhileDownloading) -> SimulationResult {
        app(mistakes).run(timeline, for: .seconds(600), seed: 3)
    }

    static func sessionPhases(_ result: SimulationResult) -> [String] {
        result.events(.transfer(.session)).map { ($0["phase"]?.string ?? "") + ($0["wake"]?.string.map { ":" + $0 } ?? "") }
    }

    /// From the first transfer state (the task's `resume()`) to the last.
    static func transferDuration(_ result: SimulationResult) -> VirtualDuration? {
        let states = result.events(.transfer(.state))
        guard let first = states.first, let last = states.last else { return nil }
        return last.time - first.time
    }

    static func logs(_ result: SimulationResult) -> [String] {
        result.saved.checkpoints.map(\.name)
    }

    // MARK: The correct app

    @Test func theRelaunchedAppRecreatesTheSessionMovesTheFileAndCallsTheHandler() {
        let result = Self.run()
        expectNoDiagnostics(result)
        expectCompleted(result)
        #expect(Self.sessionPhases(result) == ["created", "eventsReady:launched", "created", "eventsDelivered", "completionCalled"])
        #expect(result.moves(process: 2).first == "notRunning->launchingBackground")
        // The delegate heard the download as the relaunched process's task 1, with no error, after the file was kept.
        #expect(Self.logs(result) == ["episode 1", "completed 1 ok", "events finished"])
        #expect(result.callbackStarts("didFinishDownloadingTo").count == 1)
        // 60 MB at the assumed 2.5 MB/s, from didFinishLaunching on: 24 s.
        #expect(result.events(.transfer(.state)).map { $0["phase"]?.string ?? "" } == ["running", "finished"])
        #expect(Self.transferDuration(result) == .seconds(24))
        #expect(result.events(.transfer(.state)).last?["total"]?.int == 60_000_000)
    }

    @Test func theSameRunGivesTheSameFingerprint() async {
        let app = Self.app()
        await expectSameFingerprint(times: 5) { app.run(Self.terminatedWhileDownloading, for: .seconds(600), seed: 3) }
    }

    @Test func aDownloadWithoutAnExpectedSizeMovesTheAssumedMegabyte() {
        var mistakes = PodcastMistakes()
        mistakes.expectedBytes = nil
        let result = Self.run(mistakes)
        expectNoDiagnostics(result)
        #expect(result.events(.transfer(.state)).last?["total"]?.int == URLSessionTask.assumedDownloadSize)
        // 1 MB at 2.5 MB/s: 0.4 s.
        #expect(Self.transferDuration(result) == .milliseconds(400))
    }

    @Test func earliestBeginDateHoldsTheTransferBack() {
        var mistakes = PodcastMistakes()
        mistakes.beginAfter = 60
        let result = Self.run(mistakes)
        expectNoDiagnostics(result)
        #expect(result.events(.transfer(.state)).map { $0["phase"]?.string ?? "" } == ["waiting", "running", "finished"])
        let states = result.events(.transfer(.state))
        #expect(states.count == 3 && states[1].time - states[0].time == seconds(60))
    }

    @Test func aCancelledTaskEndsWithNSURLErrorCancelled() {
        var mistakes = PodcastMistakes()
        mistakes.cancelsAtOnce = true
        let result = Self.run(mistakes, [.at(.zero, .launch), .at(.seconds(30), .goHome)])
        expectNoDiagnostics(result)
        #expect(result.events(.transfer(.state)).map { $0["phase"]?.string ?? "" } == ["running", "cancelled"])
        // Delivered to the running app at once; no handleEventsForBackgroundURLSession, so no urlSessionDidFinishEvents.
        #expect(Self.logs(result) == ["completed 1 NSURLErrorDomain -999"])
    }

    @Test func afterAForceQuitTheReopenedAppHearsTheCancellationAndNumbersGoOn() {
        let result = Self.run(PodcastMistakes(), [.at(.zero, .launch), .at(.seconds(8), .goHome), .at(.seconds(12), .swipeAway), .at(.seconds(300), .launch)])
        expectNoDiagnostics(result)
        // No relaunch for the cancelled task; the reopened app's session gets it as task 1, and its own download is task 2.
        #expect(result.moves(process: 2).first == "notRunning->launchingForeground")
        #expect(result.events(.transfer(.state)).map { $0["phase"]?.string ?? "" } == ["running", "cancelled", "running", "finished"])
        #expect(Self.logs(result) == ["completed 1 NSURLErrorDomain -999", "episode 2", "completed 2 ok"])
    }

    @Test func withoutLaunchEventsTheEventsWaitForThePerson() {
        var mistakes = PodcastMistakes()
        mistakes.sendsLaunchEvents = false
        let result = Self.run(mistakes, Self.terminatedWhileDownloading + [.at(.seconds(300), .launch)])
        expectNoDiagnostics(result)
        #expect(result.moves(process: 2).first == "notRunning->launchingForeground")
        // Nothing until the person opens the app at 300 s: then the waiting download, then the one the launch started.
        let finishes = result.callbackStarts("didFinishDownloadingTo")
        #expect(finishes.count == 2 && finishes.allSatisfy { $0 > seconds(300) })
        #expect(Self.logs(result) == ["episode 1", "completed 1 ok", "episode 2", "completed 2 ok"])
    }

    // MARK: The mistakes

    @Test func forgettingToMoveTheFileIsBGS043() {
        var mistakes = PodcastMistakes()
        mistakes.forgetsToMove = true
        let result = Self.run(mistakes)
        expectDiagnostics(result, ["BGS043"])
        #expect(!Self.logs(result).contains("episode 1"))
    }

    @Test func movingTheFileAfterTheDelegateReturnedIsBGS043AndTheMoveThrows() {
        var mistakes = PodcastMistakes()
        mistakes.movesLater = true
        let result = Self.run(mistakes)
        expectDiagnostics(result, ["BGS043"])
        #expect(Self.logs(result).contains("move failed"))
        #expect(!Self.logs(result).contains("episode 1"))
    }

    @Test func notRecreatingTheSessionIsBGS044() {
        var mistakes = PodcastMistakes()
        mistakes.doesNotRecreate = true
        let result = Self.run(mistakes)
        expectDiagnostics(result, ["BGS044"])
        #expect(result.callbackStarts("didFinishDownloadingTo").isEmpty)
        #expect(Self.logs(result).isEmpty)
    }

    @Test func notCallingTheCompletionHandlerIsBGS045() {
        var mistakes = PodcastMistakes()
        mistakes.neverCallsCompletion = true
        let result = Self.run(mistakes)
        expectDiagnostics(result, ["BGS045"])
        #expect(Self.logs(result) == ["episode 1", "completed 1 ok"])
    }

    // MARK: Outside a simulation

    @Test func outsideASimulationTheSessionIsInert() throws {
        let session = URLSession(configuration: .background(withIdentifier: "com.example.outside"), delegate: nil, delegateQueue: nil)
        let task = session.downloadTask(with: try #require(URL(string: "https://example.com/a.mp3")))
        task.resume()
        task.cancel()
        #expect(task.taskIdentifier == 1)
        #expect(session.downloadTask(with: URLRequest(url: try #require(URL(string: "https://example.com/b.mp3")))).taskIdentifier == 2)
        // A file that is not a download's goes to Foundation: moving a missing file throws as Foundation does.
        #expect(throws: (any Error).self) {
            try FileManager.default.moveItem(at: URL(fileURLWithPath: "/nonexistent/bgsim-a"), to: URL(fileURLWithPath: "/nonexistent/bgsim-b"))
        }
    }
}

/// What the podcast app gets wrong, and how it sets up its download.
struct PodcastMistakes: Sendable {
    var forgetsToMove = false
    /// Moves the file from a block dispatched to the main queue: after the delegate method returned.
    var movesLater = false
    var doesNotRecreate = false
    var neverCallsCompletion = false
    var cancelsAtOnce = false
    var sendsLaunchEvents = true
    /// `countOfBytesClientExpectsToReceive`; nil leaves it unknown.
    var expectedBytes: Int64? = 60_000_000
    /// `earliestBeginDate`, in seconds from now; nil: none.
    var beginAfter: Double?
}

/// A podcast app as written for iOS: it downloads an episode in a background session and saves it when the system
/// hands the file over, in this process or a relaunched one.
final class PodcastAppDelegate: UIResponder, UIApplicationDelegate {
    let downloader: PodcastDownloader

    init(mistakes: PodcastMistakes) {
        downloader = PodcastDownloader(mistakes: mistakes, application: UIApplication.shared)
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Opened by the person: start the episode's download. Relaunched in the background: wait for the session's events.
        if application.applicationState != .background { downloader.download() }
        return true
    }

    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {
        downloader.eventsCompletion = completionHandler
        if !downloader.mistakes.doesNotRecreate { downloader.connect() }
    }
}

/// The app's session delegate; it records what it heard as checkpoints.
final class PodcastDownloader: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
    static let identifier = "com.example.podcasts.downloads"
    let mistakes: PodcastMistakes
    let application: UIApplication
    var session: URLSession?
    /// The handler `handleEventsForBackgroundURLSession` gave, called once the session's events are delivered.
    var eventsCompletion: (() -> Void)?

    init(mistakes: PodcastMistakes, application: UIApplication) {
        self.mistakes = mistakes
        self.application = application
    }

    /// Creates (or recreates) the background session.
    func connect() {
        let configuration = URLSessionConfiguration.background(withIdentifier: Self.identifier)
        configuration.sessionSendsLaunchEvents = mistakes.sendsLaunchEvents
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func download() {
        connect()
        guard let session, let url = URL(string: "https://example.com/episodes/42.mp3") else { return }
        let task = session.downloadTask(with: url)
        if let bytes = mistakes.expectedBytes { task.countOfBytesClientExpectsToReceive = bytes }
        if let after = mistakes.beginAfter { task.earliestBeginDate = Date(timeIntervalSinceNow: after) }
        task.resume()
        if mistakes.cancelsAtOnce { task.cancel() }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let saved = URL(fileURLWithPath: "/var/mobile/Documents/episode-\(downloadTask.taskIdentifier).mp3")
        let keep: @Sendable () -> Void = { [application] in
            do {
                try FileManager.default.moveItem(at: location, to: saved)
                application.saveState(checkpoint: "episode \(downloadTask.taskIdentifier)")
            } catch {
                application.saveState(checkpoint: "move failed")
            }
        }
        if mistakes.forgetsToMove { return }
        if mistakes.movesLater { DispatchQueue.main.async(execute: keep) } else { keep() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let outcome = (error as NSError?).map { "\($0.domain) \($0.code)" } ?? "ok"
        application.saveState(checkpoint: "completed \(task.taskIdentifier) \(outcome)")
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        guard !mistakes.neverCallsCompletion else { return }
        application.saveState(checkpoint: "events finished")
        // Apple: call the handler on the main queue.
        DispatchQueue.main.async { [self] in
            let handler = eventsCompletion
            eventsCompletion = nil
            handler?()
        }
    }
}
