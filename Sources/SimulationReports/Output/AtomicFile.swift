import Foundation

/// Writes a file so that readers see either the old file or the complete new one, never half of it.
///
/// Content goes to a temporary file in the same folder, which is renamed
/// into place when complete; on failure the temporary file is removed.
public final class AtomicFile: @unchecked Sendable {
    /// Why an output file could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file that could not be written.
        public var path: String
        /// Why.
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// The final path.
    public let path: String
    private let temporaryPath: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var failure: String?
    private var closed = false

    /// Opens a temporary file beside `path`.
    public init(path: String) throws(WriteError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(path: path, reason: "the folder \(folder) does not exist")
        }
        temporaryPath = folder + "/." + url.lastPathComponent + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporaryPath)
        else {
            throw WriteError(path: path, reason: "cannot create a file in \(folder)")
        }
        self.handle = handle
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends text.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends a line of text and a newline.
    public func writeLine(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            failure = "\(error.localizedDescription)"
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Finishes the file and renames it into place.
    public func commit() throws(WriteError) {
        flush()
        closed = true
        try? handle.close()
        if let failure {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw WriteError(path: path, reason: failure)
        }
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Abandons the file: the temporary file is removed and `path` is untouched.
    public func discard() {
        guard !closed else { return }
        closed = true
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporaryPath)
    }

    /// Writes `text` to `path` atomically in one go.
    public static func write(_ text: String, to path: String) throws(WriteError) {
        let file = try AtomicFile(path: path)
        file.write(text)
        try file.commit()
    }
}
