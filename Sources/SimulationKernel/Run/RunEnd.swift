/// Why a kernel run returned.
public enum RunEnd: Sendable, Hashable {
    /// Nothing was left to do and no simulated task was waiting.
    case idle
    /// The run reached the instant it was asked to stop at (or ran out of events before it; the clock moves to it anyway).
    case deadlineReached
    /// Nothing was left to do, but simulated tasks had not returned: they wait for something that never comes.
    case stalled(StallReport)
    /// A run limit stopped a runaway run.
    case limitExceeded(RunLimits.Limit, message: String)
}

/// The simulated tasks that were still waiting when a run went idle.
public struct StallReport: Sendable, Hashable, CustomStringConvertible {
    /// One task that had not returned.
    public struct StalledTask: Sendable, Hashable {
        /// The task's name.
        public var name: String
        /// When it was spawned.
        public var spawnedAt: VirtualInstant
        /// What it was last seen waiting for, if the kernel knows.
        public var waitingFor: String?
    }

    /// When the run went idle.
    public var at: VirtualInstant
    /// The tasks that had not returned, in spawn order.
    public var tasks: [StalledTask]

    public var description: String {
        let lines = tasks.map { task in
            "task \"\(task.name)\" (started at \(task.spawnedAt)) is waiting for "
                + (task.waitingFor ?? "something outside the simulation (a real sleep, a detached task or a continuation never resumed)")
        }
        return "idle at \(at) with work unfinished: " + lines.joined(separator: "; ")
    }
}
