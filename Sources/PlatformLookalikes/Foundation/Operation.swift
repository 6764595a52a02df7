import Foundation
import SimulationModel

/// The look-alike of Foundation's `Operation`: a unit of work an ``OperationQueue`` runs, on virtual time.
///
/// Subclass it as on iOS: override `main()` for synchronous work, or make
/// an asynchronous operation by overriding `isAsynchronous`, `start()`,
/// `isExecuting` and `isFinished`, and signalling the end with
/// `willChangeValue(forKey: "isFinished")` and
/// `didChangeValue(forKey: "isFinished")`. (`#keyPath(isFinished)` needs the
/// Objective-C runtime, which Linux does not have: write the key as a string.)
///
/// `main()` is synchronous code: it runs under the wall-clock watchdog, and
/// the time it charges (`simulateWork(for:)`, `sleep`) is spent before the
/// operation finishes and its completion block runs.
open class Operation: @unchecked Sendable {
    /// The look-alike of `Operation.QueuePriority`.
    public enum QueuePriority: Int, Sendable, Hashable {
        case veryLow = -8
        case low = -4
        case normal = 0
        case high = 4
        case veryHigh = 8
    }

    private var cancelled = false
    private var executing = false
    private var finished = false
    /// Whether the default `start()` ran, so that the queue finishes the operation once its charged time is spent.
    var defaultStartRan = false
    /// Whether the queue has started it.
    var started = false
    /// The queue it was added to, held until the operation finishes: like Foundation's, a queue with work in it
    /// stays alive even when the app lets go of it.
    var queue: OperationQueue?
    /// Operations that depend on this one, to look at again when it finishes.
    var dependents: [Operation] = []
    private var queuedCompletion = false

    /// Creates an operation.
    public init() {}

    /// A name, for debugging.
    open var name: String?
    /// How important the operation is among those ready in its queue.
    open var queuePriority: QueuePriority = .normal
    /// The quality of service (no effect in bgsim).
    open var qualityOfService: QualityOfService = .default
    /// Runs once the operation has finished (on a background task, as on iOS "on a secondary thread").
    open var completionBlock: (@Sendable () -> Void)?
    /// The operations this one waits for.
    open private(set) var dependencies: [Operation] = []

    /// Whether the operation was cancelled: `main()` should check it and stop early.
    open var isCancelled: Bool { cancelled }
    /// Whether the operation is running.
    open var isExecuting: Bool { executing }
    /// Whether the operation is done (finished, or cancelled and started).
    open var isFinished: Bool { finished }
    /// Whether `start()` returns before the work is done; false: `main()` is the work.
    open var isAsynchronous: Bool { false }
    /// The old name of ``isAsynchronous``.
    open var isConcurrent: Bool { isAsynchronous }
    /// Whether it may start: every dependency finished, or it was cancelled.
    open var isReady: Bool { isCancelled || dependencies.allSatisfy(\.isFinished) }

    /// Starts the operation: calls `main()` unless it was cancelled.
    ///
    /// In a queue of a simulation the operation is marked finished after
    /// `main()` and the time it charged; elsewhere, when `main()` returns.
    open func start() {
        defaultStartRan = true
        guard !isCancelled else {
            if queue == nil { markFinished() }
            return
        }
        executing = true
        main()
        if queue == nil { markFinished() }
    }

    /// The operation's work; does nothing by default.
    open func main() {}

    /// Cancels the operation; a queued one starts early, and finishes without running `main()`.
    open func cancel() {
        guard !cancelled else { return }
        cancelled = true
        queue?.operationBecameReady()
    }

    /// Makes this operation wait for `operation` to finish.
    open func addDependency(_ operation: Operation) {
        dependencies.append(operation)
        operation.dependents.append(self)
    }

    /// Stops waiting for `operation`.
    open func removeDependency(_ operation: Operation) {
        dependencies.removeAll { $0 === operation }
        operation.dependents.removeAll { $0 === self }
        queue?.operationBecameReady()
    }

    /// Waits for the operation to finish: in a simulation it cannot block, and reports if it had to return early.
    open func waitUntilFinished() {
        guard !isFinished, let process = SimulatedCall.process(nil, "Operation.waitUntilFinished()") else { return }
        process.diagnose(
            Rules.blockingCallNotSimulated, subject: "Operation.waitUntilFinished()",
            message: "Operation.waitUntilFinished() was called on an operation that had not finished: bgsim cannot block "
                + "the simulation's thread, so it returned at once; continue in the operation's completionBlock instead")
    }

    /// Key-value observing's announcement of a change; nothing to do before it.
    open func willChangeValue(forKey key: String) {}

    /// Key-value observing's announcement of a change: `isFinished` ends an asynchronous operation, `isReady`
    /// may let it start.
    open func didChangeValue(forKey key: String) {
        switch key {
        case "isFinished" where isFinished: markFinished()
        case "isReady", "isCancelled": queue?.operationBecameReady()
        default: break
        }
    }

    /// The operation is done: its queue moves on and its completion block runs, once.
    func markFinished() {
        executing = false
        finished = true
        guard !queuedCompletion else { return }
        queuedCompletion = true
        if let completion = completionBlock {
            if let process = SimulatedCall.process(nil, "Operation.completionBlock") {
                process.spawn("Operation.completionBlock") { [weak process] in
                    await process?.runSynchronousAppCode("the completion block of an operation") { completion() }
                }
            } else if AppProcess.current == nil {
                completion()
            }
        }
        let queue = self.queue
        self.queue = nil
        queue?.operationFinished(self)
        let waiting = dependents
        dependents.removeAll()
        for dependent in waiting { dependent.queue?.operationBecameReady() }
    }
}

/// The look-alike of Foundation's `BlockOperation`: an operation that runs blocks.
open class BlockOperation: Operation, @unchecked Sendable {
    /// The blocks the operation runs, in order.
    open private(set) var executionBlocks: [@Sendable () -> Void] = []

    /// Creates an operation with no block.
    public override init() {}

    /// Creates an operation that runs `block`.
    public convenience init(block: @escaping @Sendable () -> Void) {
        self.init()
        executionBlocks = [block]
    }

    /// Adds a block to run.
    open func addExecutionBlock(_ block: @escaping @Sendable () -> Void) {
        executionBlocks.append(block)
    }

    /// Runs the blocks.
    open override func main() {
        for block in executionBlocks { block() }
    }
}
