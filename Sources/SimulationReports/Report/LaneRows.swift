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
            var rowEnds: [Int64] = []
            for lane in members {
                let span = Self.span(of: lane)
                if let index = rowEnds.firstIndex(where: { $0 < span.start }) {
                    rows[index].lanes.append(lane)
                    rowEnds[index] = span.end
                } else {
                    rows.append(Row(title: "", lanes: [lane]))
                    rowEnds.append(span.end)
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
            start = min(start, segment.start)
            end = max(end, segment.end)
        }
        for mark in lane.marks {
            start = min(start, mark.time)
            end = max(end, mark.time)
        }
        return start <= end ? (start, end) : (0, 0)
    }
}
