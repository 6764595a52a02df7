// Apple, WWDC25 session 227 "Finish tasks in the background", snippet "Begin and end background task" [10:51].
//
// bgsim: unchanged but for the import and `@main`, which a library cannot have (a simulated app is started by a
// Simulation). As published, the guard is inverted (`!= .invalid`): handlePersistence returns before it begins a
// task, so it never saves. `CorrectedAppDelegate` (below) has the guard the talk means; the tests show both.
#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

class AppDelegate: UIResponder, UIApplicationDelegate {
    var backgroundTaskID: UIBackgroundTaskIdentifier = .invalid

    func saveState() { /*  ... */ }

    func handlePersistence() {
        let app = UIApplication.shared
        guard backgroundTaskID != .invalid else { return }
        backgroundTaskID = app.beginBackgroundTask(withName: "Finish Export") {
            app.endBackgroundTask(self.backgroundTaskID)
            self.backgroundTaskID = .invalid
        }

        self.saveState()

        app.endBackgroundTask(backgroundTaskID)
        backgroundTaskID = .invalid
    }
}

/// The same snippet with the guard the talk means: begin a task only when none is running.
class CorrectedAppDelegate: UIResponder, UIApplicationDelegate {
    var backgroundTaskID: UIBackgroundTaskIdentifier = .invalid

    func saveState() { /*  ... */ }

    func handlePersistence() {
        let app = UIApplication.shared
        guard backgroundTaskID == .invalid else { return }
        backgroundTaskID = app.beginBackgroundTask(withName: "Finish Export") {
            app.endBackgroundTask(self.backgroundTaskID)
            self.backgroundTaskID = .invalid
        }

        self.saveState()

        app.endBackgroundTask(backgroundTaskID)
        backgroundTaskID = .invalid
    }
}
