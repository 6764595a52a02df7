import Foundation

/// The look-alike of Foundation's `URLSessionDownloadTask`: a download whose file the delegate gets in
/// `urlSession(_:downloadTask:didFinishDownloadingTo:)`.
public final class URLSessionDownloadTask: URLSessionTask, @unchecked Sendable {
    /// The directory of the files the system hands over: not a real one; ``FileManager`` recognises its files.
    static let temporaryDirectory = "/private/var/mobile/Containers/Data/Application/bgsim/Library/Caches/com.apple.nsurlsessiond/Downloads/"
    private static let prefix = "CFNetworkDownload_"
    private static let suffix = ".tmp"

    /// The temporary file of transfer `transfer`, as `didFinishDownloadingTo` hands it over.
    static func temporaryLocation(of transfer: Int) -> URL {
        URL(fileURLWithPath: temporaryDirectory + prefix + String(transfer) + suffix)
    }

    /// The transfer whose temporary file `url` is, if it is one.
    static func transfer(at url: URL) -> Int? {
        guard url.isFileURL else { return nil }
        let path = url.path
        guard path.hasPrefix(temporaryDirectory + prefix), path.hasSuffix(suffix) else { return nil }
        return Int(path.dropFirst(temporaryDirectory.count + prefix.count).dropLast(suffix.count))
    }
}
