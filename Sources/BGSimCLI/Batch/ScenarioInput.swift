import Foundation
import ScenarioFormat

/// A scenario read from a file or, for `-`, from standard input, with its bytes kept for places in messages.
struct ScenarioInput {
    /// How messages name standard input.
    static let standardInputName = "<stdin>"

    /// The path as given (`-` for standard input).
    var path: String
    /// What messages call it.
    var name: String { path == "-" ? Self.standardInputName : path }
    /// The file's bytes, or empty when it could not be read.
    var bytes: [UInt8]
    /// Whether the bytes are the file's: false when it could not be opened or read, and the reader must say why.
    var readable = true

    /// Reads `path` (standard input for `-`), refusing a folder with a hint and a file over the reader's limit.
    static func read(_ path: String, console: Console) throws(ScenarioError) -> ScenarioInput {
        if path == "-" {
            let bytes = console.input(Scenario.maximumFileSize)
            guard bytes.count <= Scenario.maximumFileSize else {
                throw ScenarioError(
                    file: standardInputName, location: "",
                    message: "the input is larger than \(Scenario.maximumFileSize >> 20) MiB; a scenario is a JSON file of a few kilobytes")
            }
            return ScenarioInput(path: path, bytes: bytes)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            throw ScenarioError(file: path, location: "", message: "is a folder; pass the .json files in it, e.g. \(folder)/*.json")
        }
        // An unreadable file is left to the reader, which says why; one too large is refused as the reader refuses it.
        guard let handle = try? FileHandle(forReadingFrom: URL(fileURLWithPath: path)) else {
            return ScenarioInput(path: path, bytes: [], readable: false)
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Scenario.maximumFileSize + 1) else {
            return ScenarioInput(path: path, bytes: [], readable: false)
        }
        guard data.count <= Scenario.maximumFileSize else {
            throw ScenarioError(
                file: path, location: "",
                message: "the file is larger than \(Scenario.maximumFileSize >> 20) MiB; a scenario is a JSON file of a few kilobytes")
        }
        return ScenarioInput(path: path, bytes: [UInt8](data))
    }

    /// The scenario, or the reader's error.
    func load() throws(ScenarioError) -> Scenario {
        readable ? try Scenario.decode(Data(bytes), file: name) : try Scenario.load(from: path)
    }

    /// Where each value is, for line numbers.
    var locator: JSONLocator { JSONLocator(bytes: bytes) }
}
