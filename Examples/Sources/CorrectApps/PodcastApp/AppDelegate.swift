// A correct app: a podcast player that downloads episodes in a background URLSession.
//
// Apple, "Downloading files in the background" (Foundation): create the session with a background configuration and a
// fixed identifier; if the system terminated the app, it relaunches it in the background, and "as part of your launch
// time setup, recreate the background session ... using the same session identifier"; store the completion handler
// application(_:handleEventsForBackgroundURLSession:completionHandler:) gives, and call it on the main queue from
// urlSessionDidFinishEvents(forBackgroundURLSession:). "Downloading files from websites": move the file in
// urlSession(_:downloadTask:didFinishDownloadingTo:) before the method returns.
//
// The same files build on iOS against UIKit and Foundation; under bgsim against its look-alikes.
#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

class AppDelegate: UIResponder, UIApplicationDelegate {
    let downloader = EpisodeDownloader()
    var backgroundCompletionHandler: (() -> Void)?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // Recreate the background session at every launch, with the same identifier, so that the system hands it the
        // events of the downloads an earlier process started.
        downloader.appDelegate = self  // bgsim gap: see EpisodeDownloader.urlSessionDidFinishEvents
        downloader.createSession()
        return true
    }

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        backgroundCompletionHandler = completionHandler
    }
}
