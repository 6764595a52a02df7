// A correct app: a photo library that indexes its photos at night in a processing task, in saved chunks.
//
// Apple, BGProcessingTaskRequest and BGProcessingTask (processing tasks "can take minutes to complete"; "the system
// can interrupt the process"), BGTask.expirationHandler (the handler "may be called before the background process uses
// the full amount of its allocated time"; cancel the work "in as short a time as possible"), setTaskCompleted(success:)
// ("You can reschedule an unsuccessful required task") and WWDC19 session 707 "Advances in App Background Execution"
// (make the work resumable: save progress as you go, so a task that is stopped picks up where it left off). The
// registration and the request are those of "Using background tasks to update your app" (its database cleaning task):
// registered at launch, submitted when the app goes to the background, on external power.
//
// The same file builds on iOS against UIKit and BackgroundTasks; under bgsim against its look-alikes.
#if canImport(UIKit)
import UIKit
import BackgroundTasks
#else
import PlatformLookalikes
#endif

class AppDelegate: UIResponder, UIApplicationDelegate {
    nonisolated static let indexingTaskIdentifier = "com.example.photos.indexing"

    let indexer = PhotoIndexer()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.indexingTaskIdentifier, using: .main) { task in
            // Downcast the parameter to a processing task as this identifier is used for a processing request.
            self.handleIndexing(task: task as! BGProcessingTask)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        scheduleIndexingIfNeeded()
    }

    func scheduleIndexingIfNeeded() {
        guard indexer.hasPhotosToIndex else { return }
        let request = BGProcessingTaskRequest(identifier: Self.indexingTaskIdentifier)
        request.requiresNetworkConnectivity = false
        request.requiresExternalPower = true
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule indexing: \(error)")
        }
    }

    /// Indexes chunk after chunk, each saved before the next begins; the expiration handler only cancels, and the
    /// work completes the task once, when it has saved what it did.
    func handleIndexing(task: BGProcessingTask) {
        let indexing = Task {
            let finished = await indexer.indexRemainingPhotos()
            task.setTaskCompleted(success: finished)
            // Stopped early: ask again, and the next task goes on from the last saved chunk.
            if !finished { scheduleIndexingIfNeeded() }
        }
        task.expirationHandler = {
            indexing.cancel()
        }
    }
}
