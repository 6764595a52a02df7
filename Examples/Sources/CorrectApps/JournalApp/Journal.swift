#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

/// The journal: entries edited in memory, written to disk when the person leaves.
@MainActor
final class Journal {
    private(set) var entries: [String] = []
    /// Counts the changes, so that a save knows whether the person wrote more while it was writing.
    private var version = 0
    private var savedVersion = 0

    var hasUnsavedChanges: Bool { savedVersion != version }

    /// The person writes an entry.
    func write(_ entry: String) {
        entries.append(entry)
        version += 1
    }

    /// Writes the entries to disk, off the main thread, until what is on disk is the latest: an entry written while
    /// a save was under way (the person came back, wrote and left again) is written by this save too.
    func save() async {
        while hasUnsavedChanges {
            let writing = version
            await writeToDisk(entries)
            savedVersion = writing
        }
    }

    /// Two seconds of serialising and writing.
    private func writeToDisk(_ entries: [String]) async {
        #if canImport(UIKit)
        let url = URL.documentsDirectory.appending(path: "journal.json")
        await Task.detached { try? JSONEncoder().encode(entries).write(to: url, options: .atomic) }.value
        #else
        // bgsim: the write's two seconds of CPU, then the entries are on disk.
        try? await UIApplication.shared.simulateWork(for: .seconds(2))
        UIApplication.shared.saveState(checkpoint: "journal")
        #endif
    }
}
