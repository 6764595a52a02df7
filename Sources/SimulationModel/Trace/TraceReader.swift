import SimulationKernel
import SimulationSupport

/// Reads a trace back from its JSON Lines bytes: the reading half of the canonical form.
///
/// Every line must be a record bgsim writes: a known kind with exactly its
/// fields, sequence numbers counting from 0, and time never negative and
/// never going back. The fingerprint of the bytes read is the run's when the
/// file is unchanged.
///
/// ```swift
/// let trace = try TraceReader.read(Array(contents))
/// for event in trace.events { if case .diagnostic(let d) = event.record { print(d.rule) } }
/// ```
package enum TraceReader {
    /// Why a trace could not be read.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The line (from 1), or nil for the input as a whole.
        package var line: Int?
        /// What was wrong.
        package var reason: String

        package var description: String {
            (line.map { "line \($0): " } ?? "") + reason
        }
    }

    /// A trace read back, with the fingerprint of its bytes.
    package struct Trace: Sendable {
        /// The events, in the order of the input.
        package var events: [TraceEvent]
        /// The FNV-1a fingerprint of the lines, each followed by a newline.
        package var fingerprint: Fingerprint
    }

    /// Reads every line of `bytes`; empty lines are skipped and a final `\r` on a line is ignored.
    package static func read<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(Failure) -> Trace {
        let contiguous = Array(bytes)
        var events: [TraceEvent] = []
        var fingerprint = Fingerprint()
        var failure: Failure?
        contiguous.withUnsafeBufferPointer { bytes in
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
                    do throws(Failure) {
                        events.append(try event(line, previous: events.last))
                    } catch {
                        // Reasons quote the line: escaped and bounded, whatever part of the reader wrote them.
                        failure = Failure(line: lineNumber, reason: QuotableText.printable(error.reason, limit: 500))
                        return
                    }
                }
                start = end + 1
            }
        }
        if let failure { throw failure }
        guard let first = events.first else { throw Failure(line: nil, reason: "the input has no trace events") }
        guard first.kind == .run(.start) else {
            throw Failure(line: 1, reason: "a trace starts with a \"run.start\" event, not \"\(first.kind.rawValue)\"")
        }
        return Trace(events: events, fingerprint: fingerprint)
    }

    /// Reads one line (without its newline) that follows `previous`.
    private static func event(_ line: UnsafeBufferPointer<UInt8>, previous: TraceEvent?) throws(Failure) -> TraceEvent {
        let parsed: (time: Int64, sequence: Int64, kind: String, fields: [(key: String, value: TraceValue)])
        do throws(TraceLineParser.Failure) {
            parsed = try TraceLineParser(bytes: line).event()
        } catch {
            throw Failure(line: nil, reason: error.reason)
        }
        guard let kind = TraceKind(rawValue: parsed.kind) else {
            // A suggestion costs the product of the lengths: only for names that could be a slip of the keyboard.
            let hint = parsed.kind.utf8.count <= 64 ? Suggestion.hint(for: parsed.kind, among: TraceKind.allCases.map(\.rawValue)) : ""
            throw Failure(line: nil, reason: "unknown kind \"\(QuotableText.quotable(parsed.kind))\"" + hint)
        }
        let expected = Int64((previous?.sequence ?? -1) + 1)
        guard parsed.sequence == expected else {
            throw Failure(line: nil, reason: "\"seq\" is \(parsed.sequence) where \(expected) was expected: lines are numbered from 0 without gaps")
        }
        guard parsed.time >= 0 else {
            throw Failure(line: nil, reason: "\"t\" is \(parsed.time): virtual time is never negative")
        }
        if let previous, parsed.time < previous.time.nanoseconds {
            throw Failure(line: nil, reason: "\"t\" goes back from \(previous.time.nanoseconds) to \(parsed.time) ns: a trace is in time order")
        }
        do throws(TraceDecodingError) {
            let record = try TraceRecord(kind: kind, fields: parsed.fields)
            return TraceEvent(time: VirtualInstant(nanoseconds: parsed.time), sequence: Int(parsed.sequence), record: record)
        } catch {
            throw Failure(line: nil, reason: "\(kind.rawValue): \(error)")
        }
    }
}
