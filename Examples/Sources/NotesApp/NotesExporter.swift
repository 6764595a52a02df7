#if canImport(UIKit)
import UIKit
import BackgroundTasks
#else
import PlatformLookalikes
#endif

/// Exports the notes to a PDF in a continued processing task the person started, one note a second.
@MainActor
final class NotesExporter {
    private var jobs = 0

    /// Registers each job's own identifier when the person asks, as Apple's article does: the wildcard entry of
    /// Info.plist permits `com.example.notes.export.<job>`, but registering the wildcard itself is refused on iOS 26
    /// (docs/system-policy.md, continuedWildcardRegistration).
    func export(notes: Int) {
        jobs += 1
        let identifier = "com.example.notes.export.\(jobs)"
        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: .main) { task in
            self.run(task as! BGContinuedProcessingTask)
        }
        let request = BGContinuedProcessingTaskRequest(
            identifier: identifier, title: "Exporting notes", subtitle: "\(notes) notes")
        request.strategy = .queue
        try? BGTaskScheduler.shared.submit(request)
        pendingNotes = notes
    }

    private var pendingNotes = 0

    private func run(_ task: BGContinuedProcessingTask) {
        let total = Int64(pendingNotes)
        task.progress.totalUnitCount = total
        var completed = false
        let work = Task { @MainActor in
            for note in 1...max(1, total) {
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    return
                }
                task.progress.completedUnitCount = note
                if note == total / 2 { task.updateTitle(task.title, subtitle: "Half way") }
            }
            guard !completed else { return }
            completed = true
            task.setTaskCompleted(success: true)
        }
        task.expirationHandler = {
            work.cancel()
            guard !completed else { return }
            completed = true
            task.setTaskCompleted(success: false)
        }
    }
}
