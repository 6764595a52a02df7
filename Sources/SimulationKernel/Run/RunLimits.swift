/// Bounds that stop a runaway run with a clear message instead of a hang.
public struct RunLimits: Sendable, Hashable {
    /// The most events a run may process.
    public var maximumEvents: Int
    /// The most executor jobs (async resumptions) a run may process; catches loops that never advance time.
    public var maximumJobs: Int
    /// The latest virtual instant an event may be due at.
    public var maximumTime: VirtualInstant

    /// Ten years: longer than any scenario means, shorter than overflow.
    public static let tenYears = VirtualInstant(nanoseconds: 10 * 366 * 86_400 * 1_000_000_000)

    /// Creates limits; the defaults allow any sensible scenario.
    public init(
        maximumEvents: Int = 50_000_000,
        maximumJobs: Int = 200_000_000,
        maximumTime: VirtualInstant = RunLimits.tenYears
    ) {
        self.maximumEvents = maximumEvents
        self.maximumJobs = maximumJobs
        self.maximumTime = maximumTime
    }

    /// Which limit stopped a run.
    public enum Limit: String, Sendable, Hashable {
        case events
        case jobs
        case time
    }
}
