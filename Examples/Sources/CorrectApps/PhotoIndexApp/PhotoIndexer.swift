#if canImport(UIKit)
import UIKit
#else
import PlatformLookalikes
#endif

/// Indexes the photo library (faces, scenes, text) in chunks, saving the index after each chunk.
///
/// It looks at cancellation before each photo, half a second of work, so that it stops soon after the expiration
/// handler cancels it, and it saves the photos of the unfinished chunk before it returns: a stopped task loses nothing.
@MainActor
final class PhotoIndexer {
    /// Photos in the library.
    let photoCount = 360
    /// Photos per saved chunk.
    let chunkSize = 30
    /// Photos indexed and saved. (The index is on disk: on a device the app reads it back at launch; under bgsim a
    /// process cannot read what an earlier one saved, so a relaunched app starts again from the first photo.)
    private(set) var indexed = 0

    init() {
        #if canImport(UIKit)
        indexed = UserDefaults.standard.integer(forKey: "indexedPhotos")
        #endif
    }

    var hasPhotosToIndex: Bool { indexed < photoCount }

    /// Indexes the photos not indexed yet; returns whether it got through all of them (false when cancelled).
    func indexRemainingPhotos() async -> Bool {
        while hasPhotosToIndex {
            var chunk = 0
            while chunk < chunkSize, indexed + chunk < photoCount, !Task.isCancelled {
                await analyzePhoto(indexed + chunk)
                chunk += 1
            }
            saveIndex(through: indexed + chunk)
            if Task.isCancelled { return !hasPhotosToIndex }
        }
        return true
    }

    /// Analyzes one photo: half a second of CPU.
    private func analyzePhoto(_ number: Int) async {
        #if canImport(UIKit)
        // The app's Vision requests for the photo go here.
        #else
        try? await UIApplication.shared.simulateWork(for: .milliseconds(500))
        #endif
    }

    /// Writes the index of the photos before `end` to disk.
    private func saveIndex(through end: Int) {
        guard end > indexed else { return }
        indexed = end
        #if canImport(UIKit)
        UserDefaults.standard.set(indexed, forKey: "indexedPhotos")
        #else
        UIApplication.shared.saveState(checkpoint: "index")
        #endif
    }
}
