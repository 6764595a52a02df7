// Apple, "Performing long-running tasks on iOS and iPadOS" (BackgroundTasks documentation): the code of the article,
// gathered in one type. The article's functions are verbatim; what it leaves to the app is bgsim's: the type that
// holds `scheduler` and `submitted`, `PipelineError`, and the launch handler's work (export, then complete).
// The identifier follows the article's form `<bundle-id>.<context>.<name>`, under the wildcard entry
// `com.example.videos.export.*` of BGTaskSchedulerPermittedIdentifiers.
#if canImport(UIKit)
import BackgroundTasks
#else
import PlatformLookalikes
#endif

enum PipelineError: Error {
    case expired
}

final class VideoExporter {
    private let taskIdentifier = "com.example.videos.export.video" // Use your app's bundle ID.
    private let scheduler = BGTaskScheduler.shared
    private var submitted = false

    // App-defined function that registers a continuous background task and defines its long-running work.
    func register() {
        // Submission bookkeeping.
        if submitted {
            return
        }
        submitted = true

        // Register the continuous background task.
        scheduler.register(forTaskWithIdentifier: taskIdentifier, using: nil) { task in
            guard let task = task as? BGContinuedProcessingTask else {
                return
            }
            /* Do long-running work here. */
            let result = self.export(task)
            task.setTaskCompleted(success: (try? result.get()) != nil)
        }
    }

    // App-defined function that submits a video export job through a continuous background task.
    func submit() {
        // Create the task request.
        let request = BGContinuedProcessingTaskRequest(identifier: taskIdentifier, title: "A video export", subtitle: "About to start...")

        // Submit the task request.
        do {
            try scheduler.submit(request)
        } catch {
            print("Failed to submit request: \(error)")
        }
    }

    /// App-defined function that exports a video through a continuous background task.
    func export(_ task: BGContinuedProcessingTask) -> Result<(), PipelineError> {
        var wasExpired = false

        // Check the expiration handler to confirm job completion.
        task.expirationHandler = {
            wasExpired = true
        }

        // Update progress.
        let progress = task.progress
        progress.totalUnitCount = 100
        while !progress.isFinished && !wasExpired {
            progress.completedUnitCount += 1
            let formattedProgress = String(format: "%.2f", progress.fractionCompleted * 100)

            // Update task for displayed progress.
            task.updateTitle(task.title, subtitle: "Completed \(formattedProgress)%")
            sleep(1)
        }

        // Check progress to confirm job completion.
        if progress.isFinished {
            return .success(())
        } else {
            return .failure(.expired)
        }
    }
}
