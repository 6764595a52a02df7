extension TimeScale {
    /// The condensed scale of a run's drawing: the idle stretches between everything that happens drawn narrow.
    ///
    /// What happens: every segment's start and end, every mark, diagnostic
    /// and story line. A stretch in which some lane is busy (`StateStyle.busy`)
    /// is condensed only when long. The page and the terminal condense the
    /// same stretches of a run, each with its own ``Geometry``.
    init(condensing timeline: Timeline, rows: LaneRows, width: Double, maximumWidth: Double = 12_000, geometry: Geometry = .page) {
        var instants: [Int64] = []
        var busy: [(start: Int64, end: Int64)] = []
        // Whether a state is busy, looked up once per state rather than once per segment.
        var busyStates: [LaneState: Bool] = [:]
        for section in rows.sections {
            for row in section.rows {
                for lane in row.lanes {
                    for segment in lane.segments {
                        instants.append(segment.start.nanoseconds)
                        instants.append(segment.end.nanoseconds)
                        let isBusy = busyStates[segment.state] ?? StateStyle.of(segment.state).busy
                        busyStates[segment.state] = isBusy
                        if isBusy { busy.append((segment.start.nanoseconds, segment.end.nanoseconds)) }
                    }
                    for mark in lane.marks { instants.append(mark.time.nanoseconds) }
                }
            }
        }
        for marker in timeline.markers { instants.append(marker.time.nanoseconds) }
        for entry in timeline.entries { instants.append(entry.time.nanoseconds) }
        self.init(
            condensing: instants, busy: busy, end: max(timeline.end.nanoseconds, 1), width: width, maximumWidth: maximumWidth, geometry: geometry)
    }
}
