/// The rows a drawing shows: one per lane, except in a crowded group, where lanes that never overlap share rows.
///
/// A run with thousands of background tasks would otherwise be thousands of
/// rows tall. Packing is greedy by start time (the first row free at a lane's
/// start takes it), so the result depends only on the lanes' order and times.
struct LaneRows: Sendable {
    /// One drawn row.
    struct Row: Sendable {
        /// The label drawn beside the row.
        var title: String
        /// Its lanes: one, or several that never overlap.
        var lanes: [Lane]
    }

    /// A group with its rows.
    struct Section: Sendable {
        var group: Lane.Group
        var rows: [Row]
        /// How many lanes the group has.
        var laneCount: Int
        /// Whether lanes share rows.
        var packed: Bool
    }

    /// The sections in drawing order: groups in `Lane.Group.allCases` order, lanes in their order.
    let sections: [Section]

    /// Lanes per group above which lanes share rows.
    static let packingThreshold = 24

    init(lanes: [Lane], packingThreshold: Int = LaneRows.packingThreshold) {
        var sections: [Section] = []
        var groups: [Lane.Group] = Lane.Group.allCases
        // A group missing from `allCases` (impossible today) still gets drawn, last.
        for lane in lanes where !groups.contains(lane.group) { groups.append(lane.group) }
        for group in groups {
            let members = lanes.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            if members.count <= packingThreshold {
                sections.append(Section(group: group, rows: members.map { Row(title: $0.title, lanes: [$0]) }, laneCount: members.count, packed: false))
                continue
            }
            var rows: [Row] = []
            // The first row (lowest index) whose last lane ends before this one starts; a tree of row ends keeps
            // that search logarithmic, where a scan was quadratic for 100,000 overlapping background tasks.
            var rowEnds = RowEnds(capacity: members.count)
            for lane in members {
                let span = Self.span(of: lane)
                if let index = rowEnds.firstRow(endingBefore: span.start) {
                    rows[index].lanes.append(lane)
                    rowEnds.set(index, to: span.end)
                } else {
                    rowEnds.set(rows.count, to: span.end)
                    rows.append(Row(title: "", lanes: [lane]))
                }
            }
            for index in rows.indices {
                let lanes = rows[index].lanes
                rows[index].title = lanes.count == 1 ? lanes[0].title : "\(lanes[0].title) +\(lanes.count - 1)"
            }
            sections.append(Section(group: group, rows: rows, laneCount: members.count, packed: true))
        }
        self.sections = sections
    }

    /// When a lane starts and ends: its segments and marks.
    static func span(of lane: Lane) -> (start: Int64, end: Int64) {
        var start = Int64.max
        var end = Int64.min
        for segment in lane.segments {
            start = min(start, segment.start.nanoseconds)
            end = max(end, segment.end.nanoseconds)
        }
        for mark in lane.marks {
            start = min(start, mark.time.nanoseconds)
            end = max(end, mark.time.nanoseconds)
        }
        return start <= end ? (start, end) : (0, 0)
    }
}

/// The end of each row's last lane, in a tree of minimums, to find the first row free at an instant.
private struct RowEnds {
    /// Leaves from `leafCount`; each inner node holds the smaller of its children. A row not made yet ends at `.max`.
    private var nodes: [Int64]
    private let leafCount: Int

    init(capacity: Int) {
        var leaves = 1
        while leaves < max(1, capacity) { leaves *= 2 }
        leafCount = leaves
        nodes = [Int64](repeating: .max, count: 2 * leaves)
    }

    mutating func set(_ row: Int, to end: Int64) {
        var node = leafCount + row
        nodes[node] = end
        while node > 1 {
            node /= 2
            nodes[node] = min(nodes[2 * node], nodes[2 * node + 1])
        }
    }

    /// The lowest row whose end is before `start`, if any.
    func firstRow(endingBefore start: Int64) -> Int? {
        guard nodes[1] < start else { return nil }
        var node = 1
        while node < leafCount {
            node = nodes[2 * node] < start ? 2 * node : 2 * node + 1
        }
        return node - leafCount
    }
}
