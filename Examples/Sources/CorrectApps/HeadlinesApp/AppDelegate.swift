// A correct app: a news app that refreshes its headlines in an app refresh task.
//
// Apple, "Using background tasks to update your app" (UIKit): register the launch handler before the app finishes
// launching; schedule the refresh when the app goes to the background, no earlier than 15 minutes from now; in the
// handler schedule the next refresh first, give the task an expiration handler that cancels the operation, and call
// setTaskCompleted(success: !operation.isCancelled) from the operation's completion block: once, whichever ends it.
// The code below is the article's, with two changes for Swift 6: the handler is registered `using: .main` (the
// article's `using: nil` runs this main-actor closure on a background queue, where Swift 6 traps: bgsim's BGS019), and
// the operation is the app's own (the article leaves RefreshAppContentsOperation to the app).
//
// The same file builds on iOS against UIKit and BackgroundTasks; under bgsim against its look-alikes.
#if canImport(UIKit)
import UIKit
import BackgroundTasks
#else
import PlatformLookalikes
#endif

class AppDelegate: UIResponder, UIApplicationDelegate {
    nonisolated static let refreshTaskIdentifier = "com.example.headlines.refresh"

    let operationQueue = OperationQueue()
    let server = HeadlinesServer()
    let store = HeadlineStore()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.refreshTaskIdentifier, using: .main) { task in
            // Downcast the parameter to an app refresh task as this identifier is used for a refresh request.
            self.handleAppRefresh(task: task as! BGAppRefreshTask)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        scheduleAppRefresh()
    }

    func scheduleAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: Self.refreshTaskIdentifier)
        // Fetch no earlier than 15 minutes from now.
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule app refresh: \(error)")
        }
    }

    func handleAppRefresh(task: BGAppRefreshTask) {
        // Schedule a new refresh task.
        scheduleAppRefresh()

        // Create an operation that performs the main part of the background task.
        let operation = RefreshAppContentsOperation(fetch: server.latestHeadlines(), store: store)

        // Provide the background task with an expiration handler that cancels the operation.
        task.expirationHandler = {
            operation.cancel()
        }

        // Inform the system that the background task is complete when the operation completes.
        operation.completionBlock = {
            task.setTaskCompleted(success: !operation.isCancelled)
        }

        // Start the operation.
        operationQueue.addOperation(operation)
    }
}
