import Foundation
import SimulationReports

/// A trace read from a file or, for `-`, from standard input.
enum TraceInput {
    /// The most a trace read from standard input may hold.
    static let maximumStandardInput = 1 << 31

    /// What messages call `path`.
    static func name(_ path: String) -> String { path == "-" ? ScenarioInput.standardInputName : path }

    /// Reads and parses the trace.
    static func read(_ path: String, console: Console) throws(TraceFile.ReadError) -> TraceFile {
        guard path == "-" else { return try TraceFile.read(from: path) }
        let bytes = console.input(maximumStandardInput)
        guard bytes.count <= maximumStandardInput else {
            throw TraceFile.ReadError(path: name(path), line: nil, reason: "the input is larger than 2 GiB")
        }
        return try TraceFile.parse(Data(bytes), path: name(path))
    }
}
