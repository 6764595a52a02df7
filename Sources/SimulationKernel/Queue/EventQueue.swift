/// A priority queue of events ordered by (time, sequence): a binary min-heap of our own.
///
/// Ties at one instant come out first-in first-out because every push gets the
/// next sequence number. That order is the determinism contract of the kernel:
/// it never depends on hashing, addresses or threads.
///
/// Sifting moves entries through a hole (each entry is moved, never copied),
/// so payloads holding references are not retained and released on every
/// step. The queue is inlinable so that other modules get it specialised for
/// their payload instead of going through generic metadata.
///
/// - Complexity: `push` and `popFirst` are O(log n); `first` is O(1).
package struct EventQueue<Payload> {
    /// One queued event.
    package struct Entry {
        /// When the event is due, in nanoseconds of virtual time.
        package var time: Int64
        /// The order in which the event was pushed; breaks ties at one instant.
        package var sequence: UInt64
        /// What the event carries.
        package var payload: Payload

        @inlinable
        init(time: Int64, sequence: UInt64, payload: Payload) {
            self.time = time
            self.sequence = sequence
            self.payload = payload
        }
    }

    @usableFromInline var heap: ContiguousArray<Entry> = []
    @usableFromInline var nextSequence: UInt64 = 0

    /// Creates an empty queue.
    @inlinable
    package init() {}

    /// The number of queued events.
    @inlinable
    package var count: Int { heap.count }

    /// Whether no event is queued.
    @inlinable
    package var isEmpty: Bool { heap.isEmpty }

    /// The earliest event, without removing it.
    @inlinable
    package var first: Entry? { heap.first }

    /// When the earliest event is due, without copying it; nil when the queue is empty.
    @inlinable
    package var firstTime: Int64? { heap.isEmpty ? nil : heap[0].time }

    /// The sequence number the next push will receive.
    @inlinable
    var upcomingSequence: UInt64 { nextSequence }

    /// Queues `payload` at `time` and returns its sequence number.
    @inlinable
    @discardableResult
    package mutating func push(_ payload: Payload, at time: Int64) -> UInt64 {
        let sequence = nextSequence
        nextSequence &+= 1
        heap.append(Entry(time: time, sequence: sequence, payload: payload))
        let last = heap.count - 1
        heap.withUnsafeMutableBufferPointer { buffer in
            Self.siftUp(buffer.baseAddress!, from: last)
        }
        return sequence
    }

    /// Removes and returns the earliest event.
    @inlinable
    package mutating func popFirst() -> Entry? {
        guard let last = heap.popLast() else { return nil }
        if heap.isEmpty { return last }
        return heap.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let first = base.move()
            Self.siftDown(base, count: buffer.count, placing: last)
            return first
        }
    }

    /// Puts back an entry that `popFirst()` returned, with its own sequence number, as if it had never left.
    @inlinable
    mutating func reinsert(_ entry: Entry) {
        heap.append(entry)
        let last = heap.count - 1
        heap.withUnsafeMutableBufferPointer { buffer in
            Self.siftUp(buffer.baseAddress!, from: last)
        }
    }

    /// Calls `body` with the sequence number of every queued event, in no particular order.
    @inlinable
    func forEachSequence(_ body: (UInt64) -> Void) {
        for entry in heap { body(entry.sequence) }
    }

    /// Removes every event.
    @inlinable
    package mutating func removeAll() {
        heap.removeAll(keepingCapacity: true)
    }

    /// Whether the key (`time`, `sequence`) comes before the key (`otherTime`, `otherSequence`).
    @inlinable @inline(__always)
    static func precedes(_ time: Int64, _ sequence: UInt64, _ otherTime: Int64, _ otherSequence: UInt64) -> Bool {
        time < otherTime || (time == otherTime && sequence < otherSequence)
    }

    /// Moves the entry at `start` up to its place; the entries it passes move down, each once.
    @inlinable
    static func siftUp(_ base: UnsafeMutablePointer<Entry>, from start: Int) {
        var child = start
        let time = base[child].time
        let sequence = base[child].sequence
        var parent = (child - 1) / 2
        guard child > 0, precedes(time, sequence, base[parent].time, base[parent].sequence) else { return }
        let moving = (base + child).move()
        repeat {
            (base + child).moveInitialize(from: base + parent, count: 1)
            child = parent
            parent = (child &- 1) / 2
        } while child > 0 && precedes(time, sequence, base[parent].time, base[parent].sequence)
        (base + child).initialize(to: moving)
    }

    /// Fills the hole at the root with `moving` or the entries below it, keeping the heap order.
    ///
    /// Floyd's way: the hole first walks down to a leaf along the earlier
    /// child (one comparison per level), then `moving`, usually one of the
    /// latest events, climbs back the few levels it needs.
    @inlinable
    static func siftDown(_ base: UnsafeMutablePointer<Entry>, count: Int, placing moving: consuming Entry) {
        let time = moving.time
        let sequence = moving.sequence
        var hole = 0
        var child = 1
        while child &+ 1 < count {
            let right = child &+ 1
            // A select rather than a branch: which child is earlier is a coin toss the predictor always loses.
            let rightIsEarlier = precedes(base[right].time, base[right].sequence, base[child].time, base[child].sequence)
            child = rightIsEarlier ? right : child
            (base + hole).moveInitialize(from: base + child, count: 1)
            hole = child
            child = 2 &* hole &+ 1
        }
        if child < count {
            (base + hole).moveInitialize(from: base + child, count: 1)
            hole = child
        }
        while hole > 0 {
            let parent = (hole &- 1) / 2
            guard precedes(time, sequence, base[parent].time, base[parent].sequence) else { break }
            (base + hole).moveInitialize(from: base + parent, count: 1)
            hole = parent
        }
        (base + hole).initialize(to: moving)
    }
}
