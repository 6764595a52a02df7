import ScenarioFormat
import SimulationModel
import SimulationReports
import SimulationSupport

/// An error about an input file, as text on standard error or, with `--format json`, as a JSON object on standard output.
///
/// The JSON object has `schemaVersion`, `error` (the message), `file`,
/// `path` (the place as the reader names it, or null), `line` and `column`
/// (null when unknown) and `exitCode`, so a script reading standard output
/// always gets one JSON document.
struct ErrorReport {
    var error: ScenarioError
    var input: ScenarioInput
    var exitCode = ExitCode.invalidScenario
    /// Where the error is, when already known (else found from the input).
    var position: JSONLocator.Position?

    init(error: ScenarioError, input: ScenarioInput, position: JSONLocator.Position? = nil) {
        self.error = error
        self.input = input
        self.position = position
    }

    /// Prints the error.
    func print(format: OutputFormat, console: Console) {
        switch format {
        case .text: console.error("bgsim: error: \(error)\n")
        case .json: console.out(json.rendered() + "\n")
        }
    }

    /// The error as a JSON object.
    var json: JSONValue {
        let position = self.position ?? input.position(of: error)
        let isPath = !error.location.isEmpty && !error.location.hasPrefix("line ")
        let path: JSONValue = isPath ? .string(error.location) : .null
        let line: JSONValue = position.map { .int(Int64($0.line)) } ?? .null
        let column: JSONValue = position.map { .int(Int64($0.column)) } ?? .null
        let members: [(String, JSONValue)] = [
            ("schemaVersion", .int(RunSummary.schemaVersion)), ("error", .string(error.message)), ("file", .string(error.file)),
            ("path", path), ("line", line), ("column", column), ("exitCode", .int(Int64(exitCode))),
        ]
        return .object(members)
    }
}
