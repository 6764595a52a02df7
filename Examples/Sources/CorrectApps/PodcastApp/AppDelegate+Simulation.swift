// bgsim only: the person's taps reach the app through bgsim's SimulatedApplicationDelegate (UIKit has no such
// callback; on iOS the episode's Download button calls `downloader.download`). Not compiled on iOS.
#if !canImport(UIKit)
import PlatformLookalikes

extension AppDelegate: SimulatedApplicationDelegate {
    /// "download": the person downloads the next episode.
    func application(_ application: UIApplication, performUserAction name: String) async {
        guard name == "download", let url = URL(string: "https://podcasts.example.com/episodes/next.mp3") else { return }
        downloader.download(url)
    }
}
#endif
