import Foundation
import SimulationKernel
import SimulationModel
import SimulationSupport

extension Scenario {
    /// The largest scenario file bgsim reads; the sample scenarios are a few kilobytes.
    package static let maximumFileSize = 16 << 20

    /// Reads and checks a scenario file.
    ///
    /// Errors name the file and the place: a line and column for malformed
    /// JSON, a path such as `timeline[2].action` otherwise.
    public static func load(from path: String) throws(ScenarioError) -> Scenario {
        let data: Data
        do {
            data = try read(path)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(file: path, location: "", message: "cannot read the file (\(Self.reason(error)))")
        }
        return try decode(data, file: path)
    }

    /// The file's bytes, refusing a folder and anything larger than ``maximumFileSize`` (`/dev/zero` never ends).
    private static func read(_ path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ScenarioError(file: path, location: "", message: "cannot read the file (it is a folder, not a scenario file)")
        }
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        guard data.count <= maximumFileSize else {
            throw ScenarioError(
                file: path, location: "",
                message: "the file is larger than \(maximumFileSize >> 20) MiB; a scenario is a JSON file of a few kilobytes")
        }
        return data
    }

    /// Checks and decodes scenario JSON; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(ScenarioError) -> Scenario {
        let tree: JSONValue
        do throws(JSONSyntaxError) {
            tree = try JSONParser.parse([UInt8](data))
        } catch {
            throw ScenarioError(
                file: file, location: "line \(error.position.line), column \(error.position.column)", message: syntaxMessage(error))
        }
        do {
            return try Scenario(from: NodeDecoder(node: tree))
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw ScenarioError(file: file, location: "", message: "\(error)")
        }
    }

    /// The parser's words, but for the two that name what a scenario file is.
    private static func syntaxMessage(_ error: JSONSyntaxError) -> String {
        switch error.kind {
        case .empty: "the file is empty; a scenario is a JSON object"
        case .invalidUTF8(let byte): "invalid UTF-8 (byte \(JSONSyntaxError.hex(byte))) in a string; a scenario file is UTF-8 text"
        default: error.message
        }
    }

    /// A decoding error as a scenario error: the decoder's messages are already in the format's words.
    private static func describe(_ error: DecodingError, file: String) -> ScenarioError {
        switch error {
        case .keyNotFound(let key, let context):
            return ScenarioError(
                file: file, location: ScenarioFormat.describe(context.codingPath + [key]),
                message: "missing required key \"\(QuotableText.quotable(key.stringValue))\"")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return ScenarioError(
                file: file, location: ScenarioFormat.describe(context.codingPath), message: context.debugDescription)
        @unknown default:
            return ScenarioError(file: file, location: "", message: "\(error)")
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoPermissionError { return "permission denied" }
        return nsError.localizedDescription
    }
}
