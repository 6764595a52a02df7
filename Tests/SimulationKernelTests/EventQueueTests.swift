@testable import SimulationKernel
import SimulationTesting
import Testing

@Suite struct EventQueueTests {
    enum Operation: CustomStringConvertible {
        case push(Int64)
        case pop

        var description: String {
            switch self {
            case .push(let time): "push@\(time)"
            case .pop: "pop"
            }
        }
    }

    /// Pushes at few distinct times, so that most events tie with others, interleaved with pops.
    static var operations: Generator<[Operation]> {
        Generator<Operation>.oneOf(weighted: [
            (3, Generator<Int64>.int(in: 0...6).map { .push($0) }),
            (1, .always(.pop)),
        ]).array(length: 0...300)
    }

    @Test func popsMatchASortedReferenceModel() {
        checkProperty("the heap pops what a sorted array would", Self.operations) { operations in
            var queue = EventQueue<Int>()
            var model: [(time: Int64, sequence: UInt64, payload: Int)] = []
            var pushed = 0
            for operation in operations {
                switch operation {
                case .push(let time):
                    let sequence = queue.push(pushed, at: time)
                    guard sequence == UInt64(pushed) else { return false }
                    model.append((time, sequence, pushed))
                    pushed += 1
                case .pop:
                    let expected = model.indices.min { (model[$0].time, model[$0].sequence) < (model[$1].time, model[$1].sequence) }
                    let popped = queue.popFirst()
                    guard let expected else {
                        if popped != nil { return false }
                        continue
                    }
                    let entry = model.remove(at: expected)
                    guard let popped, popped.time == entry.time, popped.sequence == entry.sequence,
                        popped.payload == entry.payload
                    else { return false }
                }
                guard queue.count == model.count else { return false }
            }
            // Draining what is left: non-decreasing time, and push order within one instant.
            var previous: (time: Int64, sequence: UInt64)?
            while let entry = queue.popFirst() {
                if let previous, (entry.time, entry.sequence) <= (previous.time, previous.sequence) { return false }
                previous = (entry.time, entry.sequence)
            }
            return queue.isEmpty
        }
    }

    @Test func tiesComeOutInPushOrder() {
        var queue = EventQueue<String>()
        queue.push("b1", at: 5)
        queue.push("a1", at: 1)
        queue.push("b2", at: 5)
        queue.push("a2", at: 1)
        queue.push("b3", at: 5)
        queue.push("c", at: 0)
        var order: [String] = []
        while let entry = queue.popFirst() { order.append(entry.payload) }
        #expect(order == ["c", "a1", "a2", "b1", "b2", "b3"])
    }

    @Test func bookkeeping() {
        var queue = EventQueue<Int>()
        #expect(queue.isEmpty)
        #expect(queue.first == nil)
        #expect(queue.popFirst() == nil)
        #expect(queue.upcomingSequence == 0)
        #expect(queue.push(10, at: 100) == 0)
        #expect(queue.push(20, at: 50) == 1)
        #expect(queue.count == 2)
        #expect(queue.first?.payload == 20)
        #expect(queue.first?.sequence == 1)
        #expect(queue.upcomingSequence == 2)
        queue.removeAll()
        #expect(queue.isEmpty)
        // Sequence numbers keep counting after removeAll, so handles stay unique.
        #expect(queue.push(30, at: 0) == 2)
    }
}
