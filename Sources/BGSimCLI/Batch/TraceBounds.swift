import SimulationKernel
import SimulationModel
import SimulationReports
import SimulationSupport

/// The range of numbers a trace may hold for the reports to draw it: found by mutation fuzzing of `bgsim report`.
///
/// The reader accepts any non-negative, non-decreasing time, and any whole
/// number in a field; the reports add durations to instants and round them
/// to days and ticks, which overflows `Int64` near its end (a trap, exit
/// 132). No run writes more than ten years (`RunLimits`), so a trace with a
/// time or a number beyond a hundred years is refused, with its line, before
/// any report is drawn. Negative times are refused by the reader already.
enum TraceBounds {
    /// A hundred years of virtual time, in nanoseconds: ten times what a run may last, and far from `Int64.max`.
    static let limit = VirtualDuration.days(100 * 365).nanoseconds

    /// The first number out of range, as an error naming its line, or nil.
    static func problem(in trace: TraceFile, path: String) -> TraceFile.ReadError? {
        for (index, event) in trace.events.enumerated() {
            if event.time.nanoseconds > limit {
                return TraceFile.ReadError(path: path, line: index + 1, reason: "\"t\" is \(event.time.nanoseconds): more than a hundred years of virtual time, which no run reaches")
            }
            for field in event.fields {
                guard case .int(let value) = field.value, value > limit || value < -limit else { continue }
                return TraceFile.ReadError(
                    path: path, line: index + 1,
                    reason: "\"\(QuotableText.quotable(field.key, limit: 40))\" is \(value): beyond a hundred years of virtual time, which no run reaches")
            }
        }
        return nil
    }
}
