import SimulationKernel

/// A serial lane of work items on virtual time: the app's main thread, or a serial dispatch queue.
///
/// UIKit calls the app delegate and expiration handlers on the main thread,
/// one at a time, and a serial `DispatchQueue` or an `OperationQueue` with
/// one operation at a time runs its blocks in order. An item that does
/// synchronous work keeps its lane busy, so whatever is queued behind it (an
/// expiration handler, a block dispatched to the main queue) waits: that
/// delay is how real apps miss deadlines.
///
/// Each process has one main lane (``AppProcess/mainLane``) and a lane per
/// serial queue its code uses (``AppProcess/serialLane(for:label:)``); all
/// of them pause while the process is suspended and are dropped with it.
///
/// Touched on the simulation's thread only.
package final class SerialLane: @unchecked Sendable {
    struct Item {
        var name: String
        var body: @Sendable () async -> Void
        var onStart: (() -> Void)?
        var onFinish: (() -> Void)?
        /// The person's action this item serves, if any (a tap's callback, or a block a tap dispatched).
        var personAction: String?
        /// The launched task this item works for, if any (a launch handler on the queue, or a block it dispatched).
        var workOwner: RunningTask?
    }

    /// What the lane stands for: `main`, or the label of the queue.
    package let label: String
    /// Whether this is the process's main lane (the main thread and the main actor).
    package let isMain: Bool
    private unowned let process: AppProcess
    private var items: [Item] = []
    private var head = 0
    private var current: Item?

    /// Whether an item is running.
    var isBusy: Bool { current != nil }

    /// The name of the item running, if any: `applicationDidEnterBackground`, `dispatched block`.
    package var currentItemName: String? { current?.name }

    /// Whether nothing runs and nothing waits.
    var isIdle: Bool { current == nil && head == items.count }

    init(process: AppProcess, label: String, isMain: Bool) {
        self.process = process
        self.label = label
        self.isMain = isMain
    }

    /// Queues work on the lane; it starts when everything before it has finished.
    ///
    /// `workOwner` is the launched task the work is for: by default the one the calling code works for.
    package func enqueue(
        _ name: String, onStart: (() -> Void)? = nil, onFinish: (() -> Void)? = nil, personAction: String? = nil,
        workOwner: WorkOwner = .inherited, _ body: @escaping @Sendable () async -> Void
    ) {
        // A block queued in a loop that never waits writes no record and starts no task: only this count sees it.
        let waiting = items.count - head
        if waiting >= process.kernel.limits.maximumLiveTasks {
            process.kernel.stop(.liveTasks, message: "the run stopped at \(process.kernel.now) with \(waiting) blocks "
                + "waiting on the \(isMain ? "main" : label) queue: the limit of \(process.kernel.limits.maximumLiveTasks) live tasks was "
                + "reached; look for code that dispatches blocks in a loop without waiting for them")
            return
        }
        // Code that an expiration handler runs dispatches work for later: UIKit's handler returns before it runs.
        if let handler = ExpirationHandlerScope.current { process.expirationHandlerDispatched(handler) }
        let owner = workOwner.resolved
        // Counted from the moment it is queued: a block waiting behind busy work is still the task's work.
        owner?.workStarted()
        items.append(Item(name: name, body: body, onStart: onStart, onFinish: onFinish, personAction: personAction, workOwner: owner))
        startNext()
    }

    /// Starts the next item if the lane is free and the process may run.
    func startNext() {
        guard !isBusy, process.state.isRunning, head < items.count else { return }
        let item = items[head]
        head += 1
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        current = item
        item.onStart?()
        let body = item.body
        // The item's own origin, not that of whichever item finished before it and started this one.
        let origin: AppProcess.Origin = item.personAction.map { .person($0) } ?? .system
        let name = isMain ? "main: \(item.name)" : "\(label): \(item.name)"
        // Only Swift app code asks which lane it runs on (DispatchQueue.sync); the interpreter's items skip the bookkeeping.
        let tracked = !isMain || process.runsSwiftAppCode
        let owner = item.workOwner
        process.spawn(
            name, origin: origin, workOwner: owner.map { .task($0) } ?? .none, countsWork: false, lane: tracked ? self : nil
        ) { [process] in
            await body()
            owner?.workEnded(at: process.kernel.now)
            process.laneItemFinished(self)
        }
    }

    /// Ends the running item. Returns the finished item's completion hook.
    func finishCurrent() -> (() -> Void)? {
        let finished = current
        current = nil
        return finished?.onFinish
    }

    /// Drops everything queued: the process is gone.
    func removeAll() {
        items.removeAll()
        head = 0
        current = nil
    }

    /// Stops the run if the lane's bookkeeping is inconsistent with the process's `state`: a bug in the model.
    func checkInvariants(state: AppState) {
        modelInvariant(head <= items.count, "the \(label) lane's next item \(head) is past its \(items.count) items")
        if state.isTerminated { modelInvariant(isIdle, "the \(label) lane of a terminated process still has work") }
        // Whatever frees the lane or lets the process run starts the next item at once.
        if state.isRunning && !isBusy {
            modelInvariant(head == items.count, "\(items.count - head) item(s) wait on the free \(label) lane of a running process")
        }
    }
}
