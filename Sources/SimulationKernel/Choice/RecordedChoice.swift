/// One decision a run made at a choice point: enough to replay it and to shrink a failing run.
///
/// Recorded by the kernel when ``Kernel/recordsChoices`` is on, in the order
/// the decisions were made; ``ChoiceReplay`` plays a list of them back.
package struct RecordedChoice: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which decision it was.
    package var label: ChoiceLabel
    /// The values it could take.
    package var range: ClosedRange<Int64>
    /// The value the run used (after any strategy, clamped to `range`).
    package var value: Int64
    /// When it was made.
    package var instant: VirtualInstant

    /// Creates a recorded decision; a shrinker builds changed lists with it.
    package init(label: ChoiceLabel, range: ClosedRange<Int64>, value: Int64, instant: VirtualInstant) {
        self.label = label
        self.range = range
        self.value = value
        self.instant = instant
    }

    /// For example `launch.jitter(2) = 17 in -50...50 at 1.250s`.
    package var description: String { "\(label) = \(value) in \(range) at \(instant)" }
}
