import SimulationModel
import Foundation
import SimulationKernel

/// A trace read back from a JSON Lines file (docs/trace-format.md), with its fingerprint.
///
/// ```swift
/// let trace = try TraceFile.read(from: "trace.jsonl")
/// let report = RunReport(trace: trace)
/// ```
///
/// Values come back as they were written: integers as `Int64`, strings and
/// booleans; anything else (a fraction, `null`, a nested value) is an error,
/// since bgsim never writes one.
public struct TraceFile: Sendable {
    /// Why a trace file could not be read.
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        /// The file, as given.
        public var path: String
        /// The line (from 1), or `nil` for the file as a whole.
        public var line: Int?
        /// What was wrong.
        public var reason: String

        /// Creates an error for `path`, at `line` if the problem is on one.
        package init(path: String, line: Int?, reason: String) {
            self.path = path
            self.line = line
            self.reason = reason
        }

        public var description: String {
            "\(path)\(line.map { ": line \($0)" } ?? ""): \(reason)"
        }
    }

    /// The events, in the order of the file.
    public var events: [TraceEvent]
    /// The FNV-1a fingerprint of the file's lines, each followed by a newline: the run's fingerprint when the file is unchanged.
    public var fingerprint: Fingerprint

    /// Reads and parses the file at `path`.
    public static func read(from path: String) throws(ReadError) -> TraceFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ReadError(path: path, line: nil, reason: exists ? "cannot read the file" : "no such file")
        }
        return try parse(data, path: path)
    }

    /// Parses JSON Lines text; `path` only names the input in errors.
    public static func parse(_ data: Data, path: String) throws(ReadError) -> TraceFile {
        do throws(TraceReader.Failure) {
            let trace = try TraceReader.read(data)
            return TraceFile(events: trace.events, fingerprint: trace.fingerprint)
        } catch {
            throw ReadError(path: path, line: error.line, reason: error.reason)
        }
    }
}
