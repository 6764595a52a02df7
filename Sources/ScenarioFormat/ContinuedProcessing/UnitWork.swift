import SimulationKernel
/// Work done in units: an export of N frames, a batch of N photos.
///
/// Each unit is CPU work; when it is done it is written to the output file
/// (if any) and, every `progressEvery` units, `task.progress` is updated:
/// `completedUnitCount` goes on from where it was, and `totalUnitCount` grows
/// if the step's units do not fit in it, so a job done in phases keeps one
/// rising fraction (declare the whole job with `setProgressTotal` first).
public struct UnitWork: Sendable, Hashable {
    /// How the work reports progress to its continued task.
    public enum Reporting: Sendable, Hashable {
        /// `completedUnitCount` after every `n` units (1: each unit; more: in bursts), and after the last.
        case every(Int)
        /// Never: `task.progress` stays as it was.
        case never
    }

    /// How many units.
    public var count: Int
    /// CPU time per unit.
    public var duration: VirtualDuration
    /// Each unit varies by up to this much either way, drawn from the seed.
    public var jitter: VirtualDuration
    /// How progress is reported.
    public var progress: Reporting
    /// The file the units are written to, if any.
    public var output: String?
    /// Whether the work stops between units once its task's work is cancelled (`cancelWork`), dropping a unit
    /// cancelled half-way instead of writing it.
    public var checksCancellation: Bool

    /// Creates unit work; by default it reports progress each unit and honours cancellation.
    public init(
        count: Int, duration: VirtualDuration, jitter: VirtualDuration = .zero, progress: Reporting = .every(1), output: String? = nil,
        checksCancellation: Bool = true
    ) {
        self.count = count
        self.duration = duration
        self.jitter = jitter
        self.progress = progress
        self.output = output
        self.checksCancellation = checksCancellation
    }
}
