import BackgroundSimulation
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
        public init(path: String, line: Int?, reason: String) {
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
        var events: [TraceEvent] = []
        var fingerprint = Fingerprint()
        var failure: ReadError?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            var lineNumber = 0
            while start < bytes.count {
                lineNumber += 1
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var contentEnd = end
                if contentEnd > start && bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                if contentEnd > start {
                    let line = UnsafeBufferPointer(rebasing: bytes[start..<contentEnd])
                    fingerprint.combine(line)
                    fingerprint.combine(CollectionOfOne(UInt8(ascii: "\n")))
                    do throws(TraceLineParser.Failure) {
                        var parser = TraceLineParser(bytes: line)
                        events.append(try parser.event())
                    } catch {
                        failure = ReadError(path: path, line: lineNumber, reason: error.reason)
                        return
                    }
                }
                start = end + 1
            }
        }
        if let failure { throw failure }
        guard !events.isEmpty else { throw ReadError(path: path, line: nil, reason: "the file has no trace events") }
        guard events[0].kind == "run.start" else {
            throw ReadError(path: path, line: 1, reason: "a trace starts with a \"run.start\" event, not \"\(events[0].kind)\"")
        }
        return TraceFile(events: events, fingerprint: fingerprint)
    }
}
