import SimulationModel
import Foundation

extension Scenario {
    /// Reads and checks a scenario file.
    ///
    /// Errors name the file and the place: a line and column for malformed
    /// JSON, a path such as `timeline[2].action` otherwise.
    public static func load(from path: String) throws(ScenarioError) -> Scenario {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ScenarioError(file: path, location: "", message: "cannot read the file (\(Self.reason(error)))")
        }
        return try decode(data, file: path)
    }

    /// Checks and decodes scenario JSON; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(ScenarioError) -> Scenario {
        do {
            try JSONSyntax.check([UInt8](data))
        } catch {
            throw ScenarioError(file: file, location: "line \(error.line), column \(error.column)", message: error.message)
        }
        do {
            return try JSONDecoder().decode(Scenario.self, from: data)
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw ScenarioError(file: file, location: "", message: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError, file: String) -> ScenarioError {
        switch error {
        case .keyNotFound(let key, let context):
            return ScenarioError(
                file: file, location: ScenarioFormat.describe(context.codingPath + [key]),
                message: "missing required key \"\(key.stringValue)\"")
        case .typeMismatch(let type, let context):
            return ScenarioError(
                file: file, location: ScenarioFormat.describe(context.codingPath),
                message: "expected \(Self.typeName(type)); \(Self.lowercasedFirst(context.debugDescription))")
        case .valueNotFound(let type, let context):
            return ScenarioError(
                file: file, location: ScenarioFormat.describe(context.codingPath),
                message: "expected \(Self.typeName(type)), found null")
        case .dataCorrupted(let context):
            return ScenarioError(
                file: file, location: ScenarioFormat.describe(context.codingPath), message: context.debugDescription)
        @unknown default:
            return ScenarioError(file: file, location: "", message: "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is UInt64.Type, is Int64.Type: "a whole number"
        case is [Any].Type: "a list"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoPermissionError { return "permission denied" }
        return nsError.localizedDescription
    }
}
