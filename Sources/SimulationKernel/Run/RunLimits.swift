import SimulationSupport

/// Bounds that stop a runaway run with a clear message instead of a hang.
///
/// Every loop a run can fall into meets one of them within seconds: a loop
/// that schedules events meets ``maximumEvents``; one that resumes async code
/// without time moving on meets ``maximumJobs``; one that never waits at all
/// (steps that only write to the trace) meets ``maximumTraceRecords``, which
/// the model enforces where it writes records; one that starts tasks without
/// end meets ``maximumLiveTasks``. The defaults allow any sensible scenario.
public struct RunLimits: Sendable, Hashable {
    /// The most events a run may process.
    public var maximumEvents: Int
    /// The most executor jobs (async resumptions) a run may process; catches loops that never advance time.
    public var maximumJobs: Int
    /// The latest virtual instant an event may be due at.
    public var maximumTime: VirtualInstant
    /// The most trace records a run may write, kept, streamed or only fingerprinted.
    ///
    /// The kernel does not see the trace: the model checks this where it
    /// writes a record and calls ``Kernel/stop(_:message:)``. Two million
    /// records take about three seconds to write in a release build, and
    /// 300 to 550 MB when the trace is kept in memory (docs/reliability.md);
    /// a simulated year of an app's life writes about 70,000.
    public var maximumTraceRecords: Int
    /// The most simulated tasks alive at once; catches code that starts tasks in a loop without waiting.
    ///
    /// A live task costs about 1.7 KB, so the default bounds them to under
    /// 200 MB; main-lane work and expiration handlers run one at a time, and
    /// the scaling bench opens 1,000 tasks at once.
    public var maximumLiveTasks: Int
    /// How many diagnostics of one rule a run keeps one by one; the rest are only counted.
    ///
    /// Not a limit that stops the run: a leak repeated 100,000 times is worth
    /// reporting, but its 100,000th diagnostic says nothing the first did not.
    public var keptDiagnosticsPerRule: Int

    /// Ten years: longer than any scenario means, shorter than overflow.
    public static let tenYears = VirtualInstant.zero + .days(10 * 366)

    /// Creates limits; the defaults allow any sensible scenario.
    public init(
        maximumEvents: Int = 50_000_000,
        maximumJobs: Int = 200_000_000,
        maximumTime: VirtualInstant = RunLimits.tenYears,
        maximumTraceRecords: Int = 2_000_000,
        maximumLiveTasks: Int = 100_000,
        keptDiagnosticsPerRule: Int = 100
    ) {
        self.maximumEvents = maximumEvents
        self.maximumJobs = maximumJobs
        self.maximumTime = maximumTime
        self.maximumTraceRecords = maximumTraceRecords
        self.maximumLiveTasks = maximumLiveTasks
        self.keptDiagnosticsPerRule = keptDiagnosticsPerRule
    }

    /// Which limit stopped a run.
    public enum Limit: String, Sendable, Hashable {
        case events
        case jobs
        case time
        case traceRecords
        case liveTasks
    }

    /// Why a run length (a scenario's `stopAt`, `--until`) of `length`, written as `text`, is refused; nil when it is fine.
    ///
    /// Shared so that every way of saying how long a run lasts is capped the
    /// same way, with the same words.
    package static func problem(withRunLength length: VirtualDuration, writtenAs text: String) -> String? {
        guard length.nanoseconds > tenYears.nanoseconds else { return nil }
        return "\"\(QuotableText.quotable(text))\" is over ten years; no scenario needs that long (was a unit wrong?)"
    }
}
