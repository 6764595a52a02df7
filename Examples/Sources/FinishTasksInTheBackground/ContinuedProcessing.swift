// Apple, WWDC25 session 227 "Finish tasks in the background", snippets "Continued processing task registration"
// [14:00] and "Continued processing task submission" [15:47].
//
// bgsim: corrected where the slides do not compile on iOS either. `register("…") { … }` has no such overload: it is
// `register(forTaskWithIdentifier:using:launchHandler:)`. `submit(request)!` is not valid Swift for a throwing
// method that returns nothing: it is `try submit(request)`, and the functions throw. The identifier is the sample's
// under a wildcard entry `com.colorfeed.wwdc25.*`, as continued processing requires. The loop is Apple's, and on
// a device it ends when the expiration handler clears `shouldContinue`; in a simulation, where time passes only when
// code waits, it never ends on its own: bgsim's watchdog stops it (rule BGS034).
#if canImport(UIKit)
import BackgroundTasks
#else
import PlatformLookalikes
#endif

func handleDialogConfirmation() {
    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.colorfeed.wwdc25.userTask", using: nil) { task in
        let task = task as! BGContinuedProcessingTask

        var shouldContinue = true
        task.expirationHandler = {
            shouldContinue = false
        }

        task.progress.totalUnitCount = 100
        task.progress.completedUnitCount = 0

        while shouldContinue {
            // Do some work
            task.progress.completedUnitCount += 1
        }

        task.setTaskCompleted(success: true)
    }
}

func submitContinuedProcessingTaskRequest() throws {
    let request = BGContinuedProcessingTaskRequest(
        identifier: "com.colorfeed.wwdc25.userTask",
        title: "A succinct title",
        subtitle: "A useful and informative subtitle"
    )

    request.strategy = .fail

    try BGTaskScheduler.shared.submit(request)
}
