#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

/// The background session and its delegate: downloads episodes while the app is suspended or terminated.
///
/// `@unchecked Sendable`: the session is made at launch on the main thread, and the session calls the delegate
/// methods one at a time.
final class EpisodeDownloader: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
    static let sessionIdentifier = "com.example.podcasts.episodes"

    private let library: EpisodeLibrary
    /// The app delegate, which stores the completion handler (bgsim gap: see urlSessionDidFinishEvents).
    weak var appDelegate: AppDelegate?

    @MainActor override init() {
        library = EpisodeLibrary()
        super.init()
    }

    private lazy var urlSession: URLSession = {
        let config = URLSessionConfiguration.background(withIdentifier: Self.sessionIdentifier)
        // The person asked for the episode: not discretionary (Apple's listing sets true for transfers that are not
        // time-sensitive).
        config.isDiscretionary = false
        config.sessionSendsLaunchEvents = true
        return URLSession(configuration: config, delegate: self, delegateQueue: nil)
    }()

    /// Creates the session (or, after a relaunch, recreates it): at every launch.
    func createSession() {
        _ = urlSession
    }

    /// Downloads an episode the person asked for.
    func download(_ url: URL) {
        let backgroundTask = urlSession.downloadTask(with: url)
        // bgsim gap: the look-alike has no countOfBytesClientExpectsToSend (a download sends only its request).
        // backgroundTask.countOfBytesClientExpectsToSend = 200
        backgroundTask.countOfBytesClientExpectsToReceive = 60 * 1024 * 1024
        backgroundTask.resume()
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // The file is deleted when this method returns: move it now.
        do {
            let documentsURL = try FileManager.default.url(
                for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: false)
            let savedURL = documentsURL.appendingPathComponent(location.lastPathComponent)
            try FileManager.default.moveItem(at: location, to: savedURL)
            library.added(savedURL)
        } catch {
            print("Could not keep the episode: \(error)")
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { print("Download \(task.taskIdentifier) failed: \(error)") }
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        DispatchQueue.main.async {
            // bgsim gap: the look-alike UIApplication has no `delegate`; Apple's `UIApplication.shared.delegate as?
            // AppDelegate` is the app delegate that created this downloader.
            guard let appDelegate = self.appDelegate,
                let backgroundCompletionHandler =
                appDelegate.backgroundCompletionHandler else {
                    return
            }
            backgroundCompletionHandler()
        }
    }
}

/// The episodes on disk.
final class EpisodeLibrary: Sendable {
    #if !canImport(UIKit)
    /// bgsim: the app whose saves these are (`UIApplication.shared` is main-actor; `saveState` may be called anywhere).
    private let application: UIApplication
    #endif

    @MainActor init() {
        #if !canImport(UIKit)
        application = UIApplication.shared
        #endif
    }

    /// An episode's file is now in the app's Documents directory.
    func added(_ episode: URL) {
        #if !canImport(UIKit)
        application.saveState(checkpoint: "episode")
        #endif
    }
}
