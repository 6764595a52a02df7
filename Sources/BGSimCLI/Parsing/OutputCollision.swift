import Foundation
import SimulationKernel
import SimulationSupport

/// Outputs of one command line that name the same file as each other or as an input, found before anything is written.
///
/// `--trace X --report X` would write X twice, the second replacing the
/// first; `run S.json --trace S.json` would replace the scenario with its
/// own trace. Paths are compared as files, not as text: `./x`, `x` and a
/// hard link to x are one file. Existing files that are not regular files
/// (`/dev/null`, a terminal, a pipe) are written in place, so naming one
/// twice is allowed.
enum OutputCollision {
    /// What a path names, for comparing two paths.
    enum Identity: Hashable {
        /// An existing regular file (or folder): its device and inode.
        case file(device: UInt64, inode: UInt64)
        /// A file not created yet: its resolved folder and its name.
        case planned(String)
        /// A device, pipe or socket: written in place, never compared.
        case special
    }

    /// The first collision among `outputs` and with `inputs`, in words, or nil when every output has a file of its own.
    ///
    /// - Parameters:
    ///   - outputs: Each output given, as the option that named it and its path.
    ///   - inputs: Each input file, as how to call it in a message ("the scenario file") and its path.
    static func problem(outputs: [(option: String, path: String)], inputs: [(name: String, path: String)]) -> String? {
        var seen: [(option: String, identity: Identity)] = []
        let inputIdentities = inputs.map { (name: $0.name, identity: identity(of: $0.path)) }
        for output in outputs {
            let identity = identity(of: output.path)
            if identity == .special { continue }
            let shown = QuotableText.quotable(output.path, limit: 200)
            if let input = inputIdentities.first(where: { $0.identity == identity }) {
                return "\"\(output.option)\" names \(input.name) itself (\(shown)); writing it would replace it: choose another file"
            }
            if let earlier = seen.first(where: { $0.identity == identity }) {
                return "\"\(output.option)\" names the same file as \"\(earlier.option)\" (\(shown)); give each output its own file"
            }
            seen.append((output.option, identity))
        }
        return nil
    }

    /// What `path` names: an existing file by device and inode, or where a new one would be created.
    static func identity(of path: String) -> Identity {
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            guard type == S_IFREG || type == S_IFDIR else { return .special }
            return .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        let resolved = realpath(folder, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        return .planned((resolved ?? folder) + "/" + url.lastPathComponent)
    }
}
