import SimulationKernel

/// The app's main thread: a serial lane of work items on virtual time.
///
/// UIKit calls the app delegate and expiration handlers on the main thread,
/// one at a time. An item that does synchronous work keeps the lane busy, so
/// whatever is queued behind it (an expiration handler, a block dispatched
/// to the main queue) waits: that delay is how real apps miss deadlines.
final class MainLane {
    struct Item {
        var name: String
        var body: @Sendable () async -> Void
        var onStart: (() -> Void)?
        var onFinish: (() -> Void)?
        /// The person's action this item serves, if any (a tap's callback, or a block a tap dispatched).
        var personAction: String?
        /// The launched task this item works for, if any (a launch handler on the main queue, or a block it dispatched).
        var workOwner: RunningTask?
    }

    private unowned let process: AppProcess
    private var items: [Item] = []
    private var head = 0
    private var current: Item?

    /// Whether an item is running.
    var isBusy: Bool { current != nil }

    init(process: AppProcess) {
        self.process = process
    }

    /// Queues work on the main lane; it starts when everything before it has finished.
    ///
    /// `workOwner` is the launched task the work is for: by default the one the calling code works for.
    func enqueue(_ name: String, onStart: (() -> Void)? = nil, onFinish: (() -> Void)? = nil, personAction: String? = nil,
                 workOwner: WorkOwner = .inherited, _ body: @escaping @Sendable () async -> Void) {
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
        let owner = item.workOwner
        process.spawn("main: \(item.name)", origin: origin, workOwner: owner.map { .task($0) } ?? .none, countsWork: false) { [process] in
            await body()
            owner?.workEnded(at: process.now)
            process.mainLaneItemFinished()
        }
    }

    /// Ends the running item and starts the next one. Returns the finished item's completion hook.
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
}
