import SimulationKernel

/// One run of a launched `BGTask`, from its start to its end: what a scenario's `tasks` expectation checks.
///
/// Kept by the run whether or not the trace is, so that expectations hold
/// the same with the trace discarded.
public struct TaskRun: Sendable, Hashable {
    /// The process it ran in.
    public var process: Int
    /// The request's identifier.
    public var identifier: String
    /// The kind of task.
    public var kind: TaskKind
    /// When its launch handler was called.
    public var startedAt: VirtualInstant
    /// When it ended; nil while it still runs at the end of the run.
    public var endedAt: VirtualInstant?
    /// How it ended; nil while it still runs.
    public var how: TaskRecord.Ending?
    /// The success it ended with (false when its process ended first); nil while it still runs.
    public var success: Bool?

    /// Creates a run that has started.
    package init(process: Int, identifier: String, kind: TaskKind, startedAt: VirtualInstant) {
        self.process = process
        self.identifier = identifier
        self.kind = kind
        self.startedAt = startedAt
    }
}
