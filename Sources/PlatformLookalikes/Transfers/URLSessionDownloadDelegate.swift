import Foundation

/// The look-alike of Foundation's `URLSessionDownloadDelegate`: where a finished download's file is.
public protocol URLSessionDownloadDelegate: URLSessionTaskDelegate {
    /// The download finished: the file at `location` is the app's until this method returns, then the system deletes
    /// it. Move it with `FileManager.default.moveItem(at:to:)` (see ``FileManager``) before returning.
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL)
}
