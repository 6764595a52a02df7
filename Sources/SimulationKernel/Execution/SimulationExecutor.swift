import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A single-threaded task executor whose jobs run only when the kernel's loop says so.
///
/// Tasks created with `Task(executorPreference:)` on this executor, and their
/// child tasks, enqueue every job here. The kernel drains the jobs in
/// first-in first-out order on its own thread, so async handler code
/// interleaves the same way in every run.
///
/// A job enqueued from another thread while a run is active (a real
/// `Task.sleep` waking, `Task.detached` work coming back) is not run: it
/// would arrive at a moment that depends on the machine. It is counted and
/// reported instead, and the task it belongs to shows up as stalled.
package final class SimulationExecutor: TaskExecutor, @unchecked Sendable {
    private struct State {
        var ready: [UnownedJob] = []
        /// The thread allowed to enqueue: the loop's during a run, the spawning thread during `spawn`.
        var owner: pthread_t?
        var foreignEnqueues = 0
        var quarantined: [UnownedJob] = []
    }

    private let state = Mutex(State())
    /// The jobs being run; only `runReadyJobs` touches it, on the loop's thread.
    @exclusivity(unchecked) private var batch: [UnownedJob] = []
    /// How many jobs `state.ready` holds, changed under the lock: the loop asks it after every event,
    /// and most of the time the answer is none, which must not cost a lock.
    private let readyCount = Atomic<Int>(0)

    /// Creates an executor with no jobs.
    init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let current = pthread_self()
        state.withLock { state in
            // Between runs no simulated code runs, so any enqueue then comes from outside
            // (a real timer firing, detached work finishing): its timing is the machine's, not the seed's.
            guard let owner = state.owner, pthread_equal(owner, current) != 0 else {
                state.foreignEnqueues += 1
                state.quarantined.append(job)
                return
            }
            state.ready.append(job)
            readyCount.add(1, ordering: .relaxed)
        }
    }

    /// How many jobs arrived from a thread other than the loop's while a run was active.
    package var foreignEnqueueCount: Int {
        state.withLock { $0.foreignEnqueues }
    }

    /// Whether the calling thread is the one running the loop.
    package var isOnLoopThread: Bool {
        let current = pthread_self()
        return state.withLock { state in
            guard let owner = state.owner else { return false }
            return pthread_equal(owner, current) != 0
        }
    }

    /// Accepts enqueues from the calling thread only, until `endRun()`: a run, or a spawn between runs.
    ///
    /// Returns whether the calling thread already owned the executor, so nested calls can keep it.
    @discardableResult
    func beginRun() -> Bool {
        let current = pthread_self()
        return state.withLock { state in
            if let owner = state.owner, pthread_equal(owner, current) != 0 { return true }
            state.owner = current
            return false
        }
    }

    /// Accepts no more enqueues until the next `beginRun()`: whatever arrives meanwhile is quarantined.
    func endRun() {
        state.withLock { $0.owner = nil }
    }

    /// Moves quarantined jobs to the ready queue, so that a shut-down run's tasks can unwind.
    func releaseQuarantine() {
        state.withLock { state in
            state.ready.append(contentsOf: state.quarantined)
            readyCount.add(state.quarantined.count, ordering: .relaxed)
            state.quarantined.removeAll()
        }
    }

    /// Whether a job is ready to run.
    var hasReadyJobs: Bool {
        readyCount.load(ordering: .relaxed) > 0
    }

    /// Runs ready jobs in FIFO order, including jobs they enqueue, until none is ready
    /// or `limit` jobs have run. Returns how many ran.
    func runReadyJobs(limit: Int) -> Int {
        var ran = 0
        let unowned = asUnownedTaskExecutor()
        while ran < limit {
            // Only the loop's thread adds ready jobs (others are quarantined), so a count of zero is exact.
            if readyCount.load(ordering: .relaxed) == 0 { break }
            state.withLock { state in
                swap(&state.ready, &batch)
                readyCount.store(0, ordering: .relaxed)
            }
            if batch.isEmpty { break }
            var index = 0
            while index < batch.count {
                if ran == limit {
                    // Put the rest back in front of anything enqueued meanwhile, keeping FIFO order.
                    let rest = batch[index...]
                    state.withLock { state in
                        state.ready.insert(contentsOf: rest, at: 0)
                        readyCount.add(rest.count, ordering: .relaxed)
                    }
                    batch.removeAll(keepingCapacity: true)
                    return ran
                }
                batch[index].runSynchronously(on: unowned)
                ran += 1
                index += 1
            }
            batch.removeAll(keepingCapacity: true)
        }
        return ran
    }
}
