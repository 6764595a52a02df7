import Foundation
import SimulationModel

/// The look-alike of Foundation's `FileManager`: Foundation's, except for the files a background download hands over.
///
/// `urlSession(_:downloadTask:didFinishDownloadingTo:)` gives a temporary
/// file URL that exists only in the simulation. Moving (or copying) it with
/// `moveItem(at:to:)` or `copyItem(at:to:)` tells the system the app kept
/// the file, as the scenario's `moveDownloadedFile` step does; nothing is
/// written to the real disk. After the delegate method returned the file is
/// gone, and both throw `CocoaError.fileNoSuchFile`. Every other call, and
/// every other URL, goes to Foundation's `FileManager`.
///
/// ```swift
/// func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
///     try? FileManager.default.moveItem(at: location, to: episodeURL)
/// }
/// ```
open class FileManager: Foundation.FileManager, @unchecked Sendable {
    private static let shared = FileManager()

    /// The shared file manager.
    open override class var `default`: FileManager { shared }

    /// Moves the item at `srcURL` to `dstURL`; a downloaded file is kept by the simulated app instead.
    open override func moveItem(at srcURL: URL, to dstURL: URL) throws {
        guard try !keepDownloadedFile(at: srcURL, "FileManager.moveItem(at:to:)") else { return }
        try super.moveItem(at: srcURL, to: dstURL)
    }

    /// Copies the item at `srcURL` to `dstURL`; a downloaded file is kept by the simulated app instead.
    open override func copyItem(at srcURL: URL, to dstURL: URL) throws {
        guard try !keepDownloadedFile(at: srcURL, "FileManager.copyItem(at:to:)") else { return }
        try super.copyItem(at: srcURL, to: dstURL)
    }

    /// True when `url` is a download's temporary file and the app now has it; throws when that file is gone.
    private func keepDownloadedFile(at url: URL, _ api: String) throws -> Bool {
        guard let transfer = URLSessionDownloadTask.transfer(at: url) else { return false }
        guard let process = SimulatedCall.process(nil, api),
              process.system.service(BackgroundTransfers.self).moveFile(of: transfer)
        else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        return true
    }
}
