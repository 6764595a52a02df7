// bgsim's sample app: a notes app that saves when the person leaves it, syncs in an app refresh task that
// reschedules itself, cleans its store up in a processing task, and exports notes in a continued processing task.
// Written for iOS: the same file builds against UIKit and BackgroundTasks on a device.
#if canImport(UIKit)
import UIKit
import BackgroundTasks
#else
import PlatformLookalikes
#endif

/// The app's task identifiers, as listed in its Info.plist.
public enum NotesIdentifiers {
    public static let bundle = "com.example.notes"
    public static let refresh = "com.example.notes.refresh"
    public static let cleanup = "com.example.notes.cleanup"
    /// Exports run as continued processing tasks, one identifier per job under this wildcard entry.
    public static let exports = "com.example.notes.export.*"
    public static let permitted = [refresh, cleanup, exports]
    public static let backgroundModes = ["fetch", "processing"]
}

/// The app's delegate: Apple's synchronous callbacks, and bgsim's `performUserAction` for the person's taps.
public final class NotesAppDelegate: UIResponder, SimulatedApplicationDelegate {
    let store: NoteStore
    let sync: SyncService
    private let exporter = NotesExporter()
    private var saveTask: UIBackgroundTaskIdentifier = .invalid

    /// Creates the app; `refresh` chooses the refresh handler (the tests compare the original with the fix).
    public init(pendingNotes: Int = 3, refresh: RefreshHandler = .fixed) {
        store = NoteStore(pending: pendingNotes)
        sync = SyncService(store: store, handler: refresh)
        super.init()
    }

    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: NotesIdentifiers.refresh, using: .main) { task in
            self.sync.handleRefresh(task as! BGAppRefreshTask)
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: NotesIdentifiers.cleanup, using: .main) { task in
            self.store.cleanUp(task as! BGProcessingTask)
        }
        return true
    }

    public func applicationDidEnterBackground(_ application: UIApplication) {
        saveNotes(application)
        sync.scheduleRefresh()
        store.scheduleCleanup()
    }

    /// Saves under a background task, and returns at once: the save goes on in a task of its own.
    private func saveNotes(_ application: UIApplication) {
        guard saveTask == .invalid else { return }
        saveTask = application.beginBackgroundTask(withName: "Save notes") {
            application.endBackgroundTask(self.saveTask)
            self.saveTask = .invalid
        }
        Task { @MainActor in
            await store.save()
            application.endBackgroundTask(saveTask)
            saveTask = .invalid
        }
    }

    /// The person's taps: "edit" writes a note, "export" exports them all.
    public func application(_ application: UIApplication, performUserAction name: String) async {
        switch name {
        case "edit": store.edit()
        case "export": exporter.export(notes: store.noteCount)
        default: break
        }
    }
}
