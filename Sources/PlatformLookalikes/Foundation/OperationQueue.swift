import Foundation
import SimulationModel

/// The look-alike of Foundation's `OperationQueue`: runs ``Operation``s on virtual time.
///
/// Operations start when they are ready (their dependencies finished, or
/// they were cancelled), highest `queuePriority` first and otherwise in the
/// order added, at most `maxConcurrentOperationCount` at a time. Each runs
/// as a task of the app process (on the main lane for `OperationQueue.main`);
/// a cancelled operation still starts, and finishes without running its
/// work, so the completion blocks Apple's samples rely on always run:
///
/// ```swift
/// let queue = OperationQueue()
/// queue.maxConcurrentOperationCount = 1
/// task.expirationHandler = { queue.cancelAllOperations() }
/// lastOperation.completionBlock = { task.setTaskCompleted(success: !lastOperation.isCancelled) }
/// queue.addOperations(operations, waitUntilFinished: false)
/// ```
///
/// Outside simulated app code operations run at once, on the calling thread.
open class OperationQueue: @unchecked Sendable {
    /// Let the system decide how many operations run at once: no limit in bgsim.
    public static let defaultMaxConcurrentOperationCount = -1

    private let isMain: Bool
    private var waiting: [Operation] = []
    private var running: [Operation] = []

    /// Creates a queue.
    public init() {
        isMain = false
    }

    private init(main: Bool) {
        isMain = main
        maxConcurrentOperationCount = 1
    }

    /// The queue of the main thread: in a simulation, the process's main lane.
    public static let main = OperationQueue(main: true)

    /// A name, for debugging.
    open var name: String?
    /// How many operations may run at once; -1 (the default) for no limit.
    open var maxConcurrentOperationCount = OperationQueue.defaultMaxConcurrentOperationCount
    /// The quality of service (no effect in bgsim).
    open var qualityOfService: QualityOfService = .default
    /// While true, no new operation starts.
    open var isSuspended = false {
        didSet { if !isSuspended { operationBecameReady() } }
    }

    /// The operations waiting or running.
    open var operations: [Operation] { running + waiting }
    /// How many operations are waiting or running.
    open var operationCount: Int { running.count + waiting.count }

    /// Adds an operation; it starts when it is ready and a slot is free.
    open func addOperation(_ operation: Operation) {
        operation.queue = self
        waiting.append(operation)
        operationBecameReady()
    }

    /// Adds operations; a simulation cannot block, so `waitUntilFinished: true` returns at once and is reported.
    open func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
        for operation in operations {
            operation.queue = self
            waiting.append(operation)
        }
        operationBecameReady()
        if wait { waitUntilAllOperationsAreFinished() }
    }

    /// Adds an operation that runs `block`.
    open func addOperation(_ block: @escaping @Sendable () -> Void) {
        addOperation(BlockOperation(block: block))
    }

    /// Cancels every operation waiting or running.
    open func cancelAllOperations() {
        for operation in running + waiting { operation.cancel() }
    }

    /// Waits for every operation to finish: in a simulation it cannot block, and reports if it had to return early.
    open func waitUntilAllOperationsAreFinished() {
        guard operationCount > 0, let process = SimulatedCall.process(nil, "OperationQueue.waitUntilAllOperationsAreFinished()")
        else { return }
        process.diagnose(
            Rules.blockingCallNotSimulated, subject: "OperationQueue.waitUntilAllOperationsAreFinished()",
            message: "the app waited for \(operationCount) unfinished operation(s): bgsim cannot block the simulation's thread, "
                + "so the wait returned at once; continue in the last operation's completionBlock instead")
    }

    /// Starts what may start now.
    func operationBecameReady() {
        let limit = maxConcurrentOperationCount < 0 ? Int.max : max(1, maxConcurrentOperationCount)
        while !isSuspended, running.count < limit, let next = nextReady() {
            waiting.removeAll { $0 === next }
            running.append(next)
            start(next)
        }
    }

    /// The ready operation of highest priority, the earliest added among equals.
    private func nextReady() -> Operation? {
        var best: Operation?
        for operation in waiting where operation.isReady {
            if let found = best, found.queuePriority.rawValue >= operation.queuePriority.rawValue { continue }
            best = operation
        }
        return best
    }

    private func start(_ operation: Operation) {
        operation.started = true
        guard let process = SimulatedCall.process(nil, "OperationQueue.addOperation(_:)") else {
            if AppProcess.current == nil {
                operation.start()
                if operation.defaultStartRan { operation.markFinished() }
            }
            return
        }
        let name = "operation \(operation.name ?? String(describing: type(of: operation)))"
        let body: @Sendable () async -> Void = { [weak process] in
            guard let process else { return }
            await process.runSynchronousAppCode("the \(name)") { operation.start() }
            // A synchronous operation is done once main() returned and its charged time is spent; an asynchronous
            // one says so itself (didChangeValue(forKey: "isFinished")).
            if operation.defaultStartRan && !operation.isFinished { operation.markFinished() }
        }
        if isMain {
            process.mainLane.enqueue(name, personAction: process.currentPersonAction, body)
        } else {
            process.spawn(name, body)
        }
    }

    /// An operation finished: its slot is free.
    func operationFinished(_ operation: Operation) {
        running.removeAll { $0 === operation }
        waiting.removeAll { $0 === operation }
        operationBecameReady()
    }
}
