import SimulationModel
import SimulationKernel

extension HTMLReport {
    /// What every drawing of a run shares: rows, state classes, mark kinds and diagnostics.
    struct Drawing {
        var rows: LaneRows
        /// Every state drawn, in order of first appearance; its index names its CSS classes (`s0`, `i0`).
        var states: [StateStyle]
        var stateIndex: [LaneState: Int]
        /// Every mark kind drawn, in order of first appearance.
        var markKinds: [MarkStyle]
        var markers: [Timeline.Marker]
        var end: VirtualInstant

        init(_ timeline: Timeline) {
            let lanes = timeline.lanes
            rows = LaneRows(lanes: lanes)
            states = []
            stateIndex = [:]
            markKinds = []
            for section in rows.sections {
                for row in section.rows {
                    for lane in row.lanes {
                        for segment in lane.segments where stateIndex[segment.state] == nil {
                            stateIndex[segment.state] = states.count
                            states.append(StateStyle.of(segment.state))
                        }
                        for mark in lane.marks where !markKinds.contains(where: { $0.kind == mark.kind }) {
                            markKinds.append(MarkStyle.of(mark.kind))
                        }
                    }
                }
            }
            markers = timeline.markers
            end = max(timeline.end, VirtualInstant(nanoseconds: 1))
        }
    }

    /// A horizontal band of a drawing: the whole run, or one day of it in the view that draws a line a day.
    struct Band {
        /// The band's heading, if it has one (`Day 2 · 1d to 2d`).
        var title: String?
        /// The instant of the run that the band's time 0 stands for: the band's lanes and markers are moved by it.
        var offset: VirtualDuration
        /// The diagnostics in the band, with their numbers in the run (from 1), at times relative to `offset`.
        var markers: [(number: Int, marker: Timeline.Marker)]
        var sections: [LaneRows.Section]
        /// Whether each group of lanes gets its heading.
        var groupHeadings: Bool
    }

    /// The band of a whole run on one axis.
    static func wholeRun(_ drawing: Drawing) -> Band {
        Band(
            title: nil, offset: .zero, markers: drawing.markers.enumerated().map { ($0.offset + 1, $0.element) },
            sections: drawing.rows.sections, groupHeadings: true)
    }

    /// A band per day of a long run, each with what happened that day moved to start at 0.
    static func days(_ timeline: Timeline, _ drawing: Drawing) -> [Band] {
        let allLanes = drawing.rows.sections.flatMap { $0.rows.flatMap(\.lanes) }
        return DayWindows(end: drawing.end).days.map { day in
            let lanes = DayWindows.lanes(allLanes, in: day, runEnd: drawing.end)
            var markers: [(number: Int, marker: Timeline.Marker)] = []
            for (index, marker) in drawing.markers.enumerated() where DayWindows.contains(day, marker.time, runEnd: drawing.end) {
                var moved = marker
                moved.time = day.moved(marker.time)
                markers.append((index + 1, moved))
            }
            return Band(
                title: "Day \(day.number) · \(DurationText.span(day.start - .zero)) to \(DurationText.span(day.end - .zero))", offset: day.offset,
                markers: markers, sections: LaneRows(lanes: lanes).sections, groupHeadings: false)
        }
    }
}
