import SimulationKernel
/// Lanes being read from a trace: each lane's open state becomes a segment when the lane moves on.
///
/// Lanes are found by id through an index, never by searching the list, so a
/// run with ten thousand Live Activities reads in time proportional to its
/// events. The index is only looked up: lanes keep the order they appeared in.
struct LaneSet {
    /// The lanes, in order of first appearance.
    private(set) var lanes: [Lane] = []
    private var index: [String: Int] = [:]
    /// Each lane's open state, with the words its segment will carry.
    private var open: [String: (start: VirtualInstant, state: LaneState, detail: String?)] = [:]

    /// The state lane `id` is in now, or nil when it is closed or unknown.
    func state(of id: String) -> LaneState? {
        open[id]?.state
    }

    /// Whether a lane has this id.
    func contains(_ id: String) -> Bool {
        index[id] != nil
    }

    /// The lane's position, made with `title` and `group` if it does not exist yet.
    @discardableResult
    mutating func lane(_ id: String, title: @autoclosure () -> String, group: Lane.Group) -> Int {
        if let position = index[id] { return position }
        index[id] = lanes.count
        lanes.append(Lane(id: id, title: title(), group: group, segments: [], marks: []))
        return lanes.count - 1
    }

    /// Moves lane `id` to `state` with `detail` at `time` (nil closes it), ending the segment it was in; creates the lane if needed.
    ///
    /// The same state with other words starts a new segment: the hover text of each stretch says what held then.
    mutating func move(_ id: String, title: @autoclosure () -> String, group: Lane.Group, to state: LaneState?, detail: String? = nil, at time: VirtualInstant) {
        let position = lane(id, title: title(), group: group)
        if let current = open[id] {
            if current.state == state && current.detail == detail { return }
            if current.start < time {
                lanes[position].segments.append(Lane.Segment(start: current.start, end: time, state: current.state, detail: current.detail))
            }
        }
        open[id] = state.map { (time, $0, detail) }
    }

    /// Adds a mark to lane `id`, if it exists.
    mutating func mark(_ id: String, _ mark: Lane.Mark) {
        guard let position = index[id] else { return }
        lanes[position].marks.append(mark)
    }

    /// The lanes with every open segment closed at `end`.
    consuming func finish(at end: VirtualInstant) -> [Lane] {
        for position in lanes.indices {
            if let current = open[lanes[position].id] {
                lanes[position].segments.append(
                    Lane.Segment(start: current.start, end: max(end, current.start), state: current.state, detail: current.detail))
            }
        }
        return lanes
    }
}
