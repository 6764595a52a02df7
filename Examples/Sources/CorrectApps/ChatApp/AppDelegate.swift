// A correct app: a chat app that fetches new messages when its server sends a background (silent) push.
//
// Apple, "Pushing background updates to your App": the app has the remote-notification background mode and
// registers for remote notifications at launch; the server sends pushes with only content-available in aps,
// apns-push-type background, apns-priority 5, and no more than two or three an hour.
// UIApplicationDelegate.application(_:didReceiveRemoteNotification:fetchCompletionHandler:): "As soon as you finish
// processing the notification, you must call the block in the handler parameter or your app will be terminated. Your
// app has up to 30 seconds of wall-clock time to process the notification and call the specified completion handler
// block." The handler calls it once, on every path, with the result of the fetch.
//
// The same files build on iOS against UIKit; under bgsim against its look-alikes.
#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

class AppDelegate: UIResponder, UIApplicationDelegate {
    let inbox = Inbox()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        application.registerForRemoteNotifications()
        return true
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        // The push says only that something changed: fetch what is new since the last sync, then call the handler.
        Task {
            let result = await inbox.fetchNewMessages()
            completionHandler(result)
        }
    }
}
