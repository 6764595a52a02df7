// A correct app: a journal that saves the open entry when the person leaves it, under a background task.
//
// Apple, "Extending your app's background execution time" (UIKit): call beginBackgroundTask(withName:expirationHandler:)
// before the work, end the task when the work is done, and in the expiration handler end the task and set the stored
// identifier to .invalid. beginBackgroundTask(withName:expirationHandler:): the handler is called "shortly before the
// app's remaining background time reaches 0"; applicationDidEnterBackground(_:): it has "approximately five seconds",
// so it starts the save and returns.
//
// The same file builds on iOS against UIKit; under bgsim against its look-alikes.
#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

class AppDelegate: UIResponder, UIApplicationDelegate {
    let journal = Journal()
    var backgroundTaskID: UIBackgroundTaskIdentifier = .invalid

    func applicationDidEnterBackground(_ application: UIApplication) {
        saveJournal()
    }

    /// Saves the journal under a background task, and returns at once: the save goes on in a task of its own.
    func saveJournal() {
        // A save already under way also writes what was written since it began (Journal.save): one task protects it.
        guard backgroundTaskID == .invalid else { return }
        // Request the task assertion and save the ID.
        backgroundTaskID = UIApplication.shared.beginBackgroundTask(withName: "Save journal") {
            // End the task if time expires.
            self.endBackgroundTask()
        }
        Task {
            await journal.save()
            // End the task assertion.
            endBackgroundTask()
        }
    }

    /// Ends the background task once, whichever of the save and the expiration handler comes first.
    func endBackgroundTask() {
        guard backgroundTaskID != .invalid else { return }
        UIApplication.shared.endBackgroundTask(backgroundTaskID)
        backgroundTaskID = .invalid
    }
}
