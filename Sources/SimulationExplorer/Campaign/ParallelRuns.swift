import Dispatch
import Synchronization

/// Runs independent work items on several threads and returns their results by index, never by completion order.
///
/// Each simulation is confined to the thread that runs it and shares
/// nothing with others, so items can run anywhere; what must not depend on
/// threads is the result, so every item writes its own slot of the result
/// array. Workers take items in small chunks from a shared counter, which
/// balances uneven items without changing any result.
enum ParallelRuns {
    /// `body` applied to every index in `indices`, with `jobs` threads; results in index order.
    static func map<Result: Sendable>(
        _ indices: [Int], jobs: Int, _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        let count = indices.count
        guard count > 0 else { return [] }
        let workers = max(1, min(jobs, count))
        if workers == 1 { return indices.map(body) }
        let slots = Slots<Result>(count: count)
        let next = Atomic<Int>(0)
        let chunk = max(1, min(16, count / (workers * 8)))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let start = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                if start >= count { return }
                for position in start..<min(count, start + chunk) {
                    slots.store(body(indices[position]), at: position)
                }
            }
        }
        return slots.values()
    }
}

/// A fixed array whose slots are each written once by one thread, then read after every writer has finished.
private final class Slots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Writes slot `index`; no other thread touches it (distinct slots are distinct memory locations).
    func store(_ value: Value, at index: Int) {
        storage[index] = value
    }

    /// Every slot, once all writers are done (`concurrentPerform` returns after its last iteration).
    func values() -> [Value] {
        (0..<count).map { storage[$0]! }
    }
}
