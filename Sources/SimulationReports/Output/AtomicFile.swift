import Foundation

/// Writes a file so that readers see either the old file or the complete new one, never half of it.
///
/// Content goes to a temporary file in the same folder, which is renamed
/// into place when complete. No temporary file outlives the writer: it is
/// removed when writing fails, when the writer is discarded or released
/// without being committed, and when a signal (Ctrl-C, `kill`, a crash)
/// ends the process (see `TemporaryFiles`).
///
/// An existing path that is not a regular file (`/dev/null`, `/dev/stdout`,
/// a pipe) is written in place: renaming over it would replace a device
/// node with a regular file. A symbolic link is followed: the file it points
/// to is replaced and the link stays.
///
/// ```swift
/// let file = try AtomicFile(path: "trace.jsonl")
/// file.writeLine("{\"kind\":\"run.start\"}")
/// try file.commit()
/// ```
public final class AtomicFile: @unchecked Sendable {
    /// Why an output file could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file that could not be written.
        public var path: String
        /// Why.
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// The final path, as given.
    package let path: String
    /// The file renamed into place: `path`, or the file a symbolic link at `path` points to.
    private let destination: String
    /// The temporary file, or nil when writing in place.
    private let temporaryPath: String?
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var failure: String?
    private var closed = false
    /// Whether the temporary file exists under its name (until it is renamed into place or removed).
    private var temporaryExists = false
    private var signalSlot: Int?

    /// Opens a temporary file beside `path`, or `path` itself when it is a device or a pipe.
    package init(path: String) throws(WriteError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            guard info.st_mode & S_IFMT != S_IFDIR else { throw WriteError(path: path, reason: "it is a folder") }
            // A device, pipe or socket: written in place, as a shell's redirection would.
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw WriteError(path: path, reason: String(cString: strerror(errno)))
            }
            self.destination = path
            self.temporaryPath = nil
            self.handle = handle
            buffer.reserveCapacity(1 << 16)
            return
        }
        destination = Self.resolvingLink(path)
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(path: path, reason: "the folder \(folder) does not exist")
        }
        let base = folder + "/." + url.lastPathComponent + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        // O_EXCL: a file left by an earlier process with the same number is never written into, nor removed.
        var descriptor: Int32 = -1
        var candidate = base
        for attempt in 1...100 {
            candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: "cannot create a file in \(folder) (\(String(cString: strerror(errno))))")
        }
        temporaryPath = candidate
        temporaryExists = true
        signalSlot = TemporaryFiles.register(candidate)
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        discard()
    }

    /// Appends text.
    package func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends a line of text and a newline.
    package func writeLine(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else {
            buffer.removeAll(keepingCapacity: true)
            return
        }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            failure = Self.reason(error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes the file, without renaming it; on failure the temporary file is removed.
    ///
    /// Call it on every output before committing any, so that a failure
    /// leaves none of them in place.
    package func finish() throws(WriteError) {
        guard !closed else {
            if let failure { throw WriteError(path: path, reason: failure) }
            return
        }
        flush()
        closed = true
        do { try handle.close() } catch { failure = failure ?? Self.reason(error) }
        if let failure {
            removeTemporaryFile()
            throw WriteError(path: path, reason: failure)
        }
    }

    /// Finishes the file and renames it into place.
    package func commit() throws(WriteError) {
        try finish()
        guard let temporaryPath else { return }
        defer { removeTemporaryFile() }
        if rename(temporaryPath, destination) != 0 {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        temporaryExists = false
    }

    /// Abandons the file: the temporary file is removed and `path` is untouched.
    package func discard() {
        if !closed {
            closed = true
            try? handle.close()
        }
        removeTemporaryFile()
    }

    /// Removes the temporary file if it is still there (after a rename it is not), and forgets it.
    private func removeTemporaryFile() {
        if temporaryExists, let temporaryPath {
            unlink(temporaryPath)
            temporaryExists = false
        }
        if let signalSlot { TemporaryFiles.unregister(signalSlot) }
        signalSlot = nil
    }

    /// Writes `text` to `path` atomically in one go.
    public static func write(_ text: String, to path: String) throws(WriteError) {
        let file = try AtomicFile(path: path)
        file.write(text)
        try file.commit()
    }

    /// The file a symbolic link at `path` points to, through every link; `path` itself when it is not a link or the link leads nowhere.
    private static func resolvingLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
              let resolved = realpath(path, nil)
        else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(nsError.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
