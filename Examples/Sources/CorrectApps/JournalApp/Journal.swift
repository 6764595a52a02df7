#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

/// The journal: entries edited in memory, written to disk when the person leaves.
@MainActor
final class Journal {
    private(set) var entries: [String] = []

    /// The person writes an entry.
    func write(_ entry: String) {
        entries.append(entry)
    }

    /// Writes the entries to disk: two seconds of serialising and writing, off the main thread.
    func save() async {
        #if canImport(UIKit)
        let entries = self.entries
        let url = URL.documentsDirectory.appending(path: "journal.json")
        await Task.detached { try? JSONEncoder().encode(entries).write(to: url, options: .atomic) }.value
        #else
        // bgsim: the write's two seconds of CPU, then the entries are on disk.
        try? await UIApplication.shared.simulateWork(for: .seconds(2))
        UIApplication.shared.saveState(checkpoint: "journal")
        #endif
    }
}
