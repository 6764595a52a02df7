#if canImport(UIKit)
import UIKit
import BackgroundTasks
#else
import PlatformLookalikes
#endif

/// How the refresh handler completes its task: the original way, or with the fix.
public enum RefreshHandler: Sendable {
    /// As NetNewsWire's refresh handler did: the expiration handler completes the task from a block dispatched to
    /// the main queue, and the sync completes it again when it ends. A sync longer than the refresh's time
    /// completes the task twice (rule BGS016).
    case original
    /// The sync is cancelled on expiration, and the task completes exactly once.
    case fixed
}

/// Uploads the notes edited since the last sync, in an app refresh task that reschedules itself.
@MainActor
final class SyncService {
    private let store: NoteStore
    private let handler: RefreshHandler

    init(store: NoteStore, handler: RefreshHandler) {
        self.store = store
        self.handler = handler
    }

    func scheduleRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: NotesIdentifiers.refresh)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }

    /// Uploads the pending notes, 6 seconds each (a slow network); stops early when cancelled.
    func upload() async -> Bool {
        while store.pending > 0 {
            do {
                try await Task.sleep(for: .seconds(6))
            } catch {
                return false
            }
            store.uploaded(1)
        }
        return true
    }

    func handleRefresh(_ task: BGAppRefreshTask) {
        scheduleRefresh()
        switch handler {
        case .original: handleOriginal(task)
        case .fixed: handleFixed(task)
        }
    }

    private func handleOriginal(_ task: BGAppRefreshTask) {
        Task { @MainActor in
            _ = await upload()
            task.setTaskCompleted(success: true)
        }
        task.expirationHandler = { [weak task] in
            DispatchQueue.main.async {
                task?.setTaskCompleted(success: false)
            }
        }
    }

    private func handleFixed(_ task: BGAppRefreshTask) {
        var completed = false
        let complete = { (success: Bool) in
            guard !completed else { return }
            completed = true
            task.setTaskCompleted(success: success)
        }
        let work = Task { @MainActor in
            let done = await upload()
            complete(done)
        }
        task.expirationHandler = {
            work.cancel()
            complete(false)
        }
    }
}
