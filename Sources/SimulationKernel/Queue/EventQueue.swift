/// A priority queue of events ordered by (time, sequence): a binary min-heap of our own.
///
/// Ties at one instant come out first-in first-out because every push gets the
/// next sequence number. That order is the determinism contract of the kernel:
/// it never depends on hashing, addresses or threads.
///
/// - Complexity: `push` and `popFirst` are O(log n); `first` is O(1).
public struct EventQueue<Payload> {
    /// One queued event.
    public struct Entry {
        /// When the event is due, in nanoseconds of virtual time.
        public var time: Int64
        /// The order in which the event was pushed; breaks ties at one instant.
        public var sequence: UInt64
        /// What the event carries.
        public var payload: Payload

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    private var heap: ContiguousArray<Entry> = []
    private var nextSequence: UInt64 = 0

    /// Creates an empty queue.
    public init() {}

    /// The number of queued events.
    public var count: Int { heap.count }

    /// Whether no event is queued.
    public var isEmpty: Bool { heap.isEmpty }

    /// The earliest event, without removing it.
    public var first: Entry? { heap.first }

    /// The sequence number the next push will receive.
    public var upcomingSequence: UInt64 { nextSequence }

    /// Queues `payload` at `time` and returns its sequence number.
    @discardableResult
    public mutating func push(_ payload: Payload, at time: Int64) -> UInt64 {
        let sequence = nextSequence
        nextSequence &+= 1
        heap.append(Entry(time: time, sequence: sequence, payload: payload))
        siftUp(heap.count - 1)
        return sequence
    }

    /// Removes and returns the earliest event.
    public mutating func popFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        if heap.count == 1 { return heap.removeLast() }
        let first = heap[0]
        heap[0] = heap.removeLast()
        siftDown(0)
        return first
    }

    /// Calls `body` with the sequence number of every queued event, in no particular order.
    public func forEachSequence(_ body: (UInt64) -> Void) {
        for entry in heap { body(entry.sequence) }
    }

    /// Removes every event.
    public mutating func removeAll() {
        heap.removeAll(keepingCapacity: true)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let moving = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = moving
    }

    private mutating func siftDown(_ start: Int) {
        let count = heap.count
        var parent = start
        let moving = heap[parent]
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count && heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(moving) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = moving
    }
}
