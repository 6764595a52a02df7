import SimulationKernel
/// One entry of the scenario's own timeline moved earlier or later: the jitter of what the person does.
public struct TimelineShift: Sendable, Hashable {
    /// The entry's index in the scenario's timeline, from 0.
    public var entry: Int
    /// How far it moves: negative is earlier.
    ///
    /// The moved entry never passes the entry before it (the timeline keeps
    /// its order), never goes before the start nor after the stop time.
    public var by: VirtualDuration

    /// Creates a shift of one entry.
    public init(entry: Int, by: VirtualDuration) {
        self.entry = entry
        self.by = by
    }

    /// For example `timeline[2] moved by -300ms`.
    public var description: String { "timeline[\(entry)] moved by \(DurationText.signed(by))" }
}
