/// The labels of queued events, kept beside the heap rather than in it: a slot number per labelled event.
///
/// A label is two words; inside every heap entry it would make each sift
/// move 56 bytes instead of 40, on every event, labelled or not (measured:
/// +3.4% instructions on the hold model at N = 1,000, more with cache misses at
/// N = 100,000). A 32-bit slot fits in the entry's padding instead, unlabelled
/// events never touch the table, and a labelled one costs a store and a load.
/// Freed slots are reused, so the table is as large as the most labelled
/// events ever pending at once, and nothing is allocated per event.
///
/// Raw buffers rather than arrays: labels are trivial values, slots are
/// handed out by the table itself, and the uniqueness and bounds checks of
/// three array mutations per event cost more than the rest of it.
/// Loop thread only, like the queue.
final class EventLabelTable {
    /// The slot of an event without a label of its own.
    static var none: UInt32 { .max }

    /// Labels by slot; slots below `used` are initialized (the type is trivial, so a freed one needs no clean-up).
    @exclusivity(unchecked) private var labels: UnsafeMutablePointer<EventLabel>
    /// A stack of the free slots below `used`.
    @exclusivity(unchecked) private var freeSlots: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private var freeCount = 0

    init() {
        capacity = 16
        labels = .allocate(capacity: capacity)
        freeSlots = .allocate(capacity: capacity)
    }

    deinit {
        labels.deallocate()
        freeSlots.deallocate()
    }

    /// Keeps `label` until ``take(_:)`` or ``release(_:)``; returns its slot.
    ///
    /// - Complexity: Amortized O(1).
    func store(_ label: EventLabel) -> UInt32 {
        if freeCount > 0 {
            freeCount &-= 1
            let slot = freeSlots[freeCount]
            labels[Int(slot)] = label
            return slot
        }
        if used == capacity { grow() }
        (labels + used).initialize(to: label)
        used &+= 1
        return UInt32(truncatingIfNeeded: used &- 1)
    }

    /// The label in `slot`, which stays taken.
    func label(in slot: UInt32) -> EventLabel {
        assert(Int(slot) < used, "label slot \(slot) was never handed out")
        return labels[Int(slot)]
    }

    /// The label in `slot`, whose event leaves the queue: the slot is free again.
    func take(_ slot: UInt32) -> EventLabel {
        release(slot)
        return labels[Int(slot)]
    }

    /// Frees `slot` without reading it, for an event discarded unrun.
    func release(_ slot: UInt32) {
        assert(Int(slot) < used && freeCount < used, "label slot \(slot) freed twice or never handed out")
        freeSlots[freeCount] = slot
        freeCount &+= 1
    }

    /// How many slots hold the label of an event still queued.
    var count: Int { used - freeCount }

    /// Forgets every label, for a queue emptied at once.
    func removeAll() {
        used = 0
        freeCount = 0
    }

    private func grow() {
        precondition(capacity < Int(EventLabelTable.none) / 2, "more than 2 billion labelled events pending at once")
        let newCapacity = capacity * 2
        let newLabels = UnsafeMutablePointer<EventLabel>.allocate(capacity: newCapacity)
        newLabels.moveInitialize(from: labels, count: used)
        labels.deallocate()
        labels = newLabels
        let newFree = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        newFree.moveInitialize(from: freeSlots, count: freeCount)
        freeSlots.deallocate()
        freeSlots = newFree
        capacity = newCapacity
    }
}
