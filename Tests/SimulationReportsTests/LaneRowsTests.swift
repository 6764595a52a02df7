import SimulationKernel
import SimulationModel
@testable import SimulationReports
import Testing

/// Packing many lanes into rows: each lane goes to the first row whose last lane ended before it starts.
@Suite struct LaneRowsTests {
    static func lane(_ index: Int, from start: Int64, to end: Int64) -> Lane {
        Lane(
            id: "task-\(index)", title: "task \(index)", group: .backgroundTasks,
            segments: [Lane.Segment(
                start: VirtualInstant(nanoseconds: start), end: VirtualInstant(nanoseconds: end), state: .assertionOpen, detail: nil)],
            marks: [])
    }

    /// The rows a plain first-fit scan gives: what the tree must give too.
    static func firstFit(_ lanes: [Lane]) -> [[String]] {
        var rows: [[String]] = []
        var ends: [Int64] = []
        for lane in lanes {
            let span = LaneRows.span(of: lane)
            if let index = ends.firstIndex(where: { $0 < span.start }) {
                rows[index].append(lane.id)
                ends[index] = span.end
            } else {
                rows.append([lane.id])
                ends.append(span.end)
            }
        }
        return rows
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as [UInt64])
    func packingIsFirstFit(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let count = random.nextInt(in: 25...400)
        let lanes = (0..<count).map { index in
            let start: Int64 = random.nextInt(in: 0...1_000)
            return Self.lane(index, from: start, to: start + random.nextInt(in: 0...300 as ClosedRange<Int64>))
        }
        let packed = LaneRows(lanes: lanes, packingThreshold: 24).sections.flatMap(\.rows).map { $0.lanes.map(\.id) }
        #expect(packed == Self.firstFit(lanes), "seed \(seed); replay: swift test --filter 'LaneRowsTests/packingIsFirstFit'")
    }
}
