/// One decision a run made at a choice point: enough to replay it and to shrink a failing run.
///
/// Recorded by the kernel when ``Kernel/recordsChoices`` is on, in the order
/// the decisions were made; ``ChoiceReplay`` plays a list of them back.
public struct RecordedChoice: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which decision it was.
    public var label: ChoiceLabel
    /// The values it could take.
    public var range: ClosedRange<Int64>
    /// The value the run used (after any strategy, clamped to `range`).
    public var value: Int64
    /// When it was made.
    public var instant: VirtualInstant

    /// Creates a recorded decision; a shrinker builds changed lists with it.
    public init(label: ChoiceLabel, range: ClosedRange<Int64>, value: Int64, instant: VirtualInstant) {
        self.label = label
        self.range = range
        self.value = value
        self.instant = instant
    }

    /// For example `launch.jitter(2) = 17 in -50...50 at 1.250s`.
    public var description: String { "\(label) = \(value) in \(range) at \(instant)" }
}
