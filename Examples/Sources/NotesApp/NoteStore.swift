#if canImport(UIKit)
import UIKit
import BackgroundTasks
#else
import PlatformLookalikes
#endif

/// The app's notes: edited in memory, saved to disk, cleaned up now and then.
@MainActor
final class NoteStore {
    private(set) var noteCount = 12
    /// Notes edited and not yet uploaded.
    private(set) var pending: Int
    private var cleanupQueue: OperationQueue?

    init(pending: Int) {
        self.pending = pending
    }

    func edit() {
        noteCount += 1
        pending += 1
    }

    func uploaded(_ count: Int) {
        pending = max(0, pending - count)
    }

    /// Writes the notes to disk: two seconds.
    func save() async {
        try? await Task.sleep(for: .seconds(2))
        Persistence.saved("notes")
    }

    /// Asks for a cleanup tonight, while the phone charges.
    func scheduleCleanup() {
        let request = BGProcessingTaskRequest(identifier: NotesIdentifiers.cleanup)
        request.requiresExternalPower = true
        try? BGTaskScheduler.shared.submit(request)
    }

    /// Compacts the store in chunks of a minute each; the expiration handler cancels what is left.
    func cleanUp(_ task: BGProcessingTask) {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        cleanupQueue = queue
        let chunks = (1...5).map { _ in BlockOperation { Thread.sleep(forTimeInterval: 60) } }
        for (previous, next) in zip(chunks, chunks.dropFirst()) { next.addDependency(previous) }
        let last = chunks.last!
        task.expirationHandler = {
            queue.cancelAllOperations()
        }
        last.completionBlock = {
            task.setTaskCompleted(success: !last.isCancelled)
        }
        queue.addOperations(chunks, waitUntilFinished: false)
    }
}

/// Where the app's saves go: the disk on a device; bgsim's record of saves in a simulation, so that tests see them.
@MainActor
enum Persistence {
    static func saved(_ name: String) {
        #if !canImport(UIKit)
        UIApplication.shared.saveState(checkpoint: name)
        #endif
    }
}
