/// What the kernel knows of one simulated task: its name, its gate, and what it waits for.
///
/// Bound to the task through a task-local, so child tasks and `async let`
/// inherit it, and so "the current simulation" needs no singleton.
public final class TaskContext: @unchecked Sendable {
    /// The kernel running the task.
    package unowned let kernel: Kernel
    /// A number unique within the run, in spawn order.
    package let identifier: UInt64
    /// The task's name, for traces and stall reports.
    public let name: String
    /// The gate deciding when the task may run again after a wait.
    package let gate: (any ExecutionGate)?
    /// When the task was spawned.
    public let spawnedAt: VirtualInstant
    /// The waits the task (and its child tasks, which share the context) are suspended in. Loop thread only.
    @exclusivity(unchecked) var currentWaits: [Waiter] = []
    var handle: Task<Void, Never>?

    init(kernel: Kernel, identifier: UInt64, name: String, gate: (any ExecutionGate)?, spawnedAt: VirtualInstant) {
        self.kernel = kernel
        self.identifier = identifier
        self.name = name
        self.gate = gate
        self.spawnedAt = spawnedAt
    }

    /// What the task (or a child task sharing its context) waits for now, in words, or nil when it does not wait: read
    /// on the loop thread, for messages that say what held code up.
    package var waitingFor: String? {
        currentWaits.isEmpty ? nil : currentWaits.map(\.reason).joined(separator: " and ")
    }

    /// The context of the simulated task the caller runs in, if any.
    @TaskLocal package static var current: TaskContext?

    /// Cancels the task (and its children): its current wait throws `CancellationError`.
    public func cancel() {
        handle?.cancel()
    }
}
