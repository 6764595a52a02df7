import SimulationModel
import SimulationKernel

extension HTMLReport {
    /// What both drawings of a run share: rows, state classes, and the instants that shape a condensed axis.
    struct Drawing {
        var rows: LaneRows
        /// Every state drawn, in order of first appearance; its index names its CSS classes (`s0`, `i0`).
        var states: [StateStyle]
        var stateIndex: [LaneState: Int]
        /// Every mark kind drawn, in order of first appearance.
        var markKinds: [MarkStyle]
        var markers: [Timeline.Marker]
        var end: Int64

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
            end = max(timeline.end, 1)
        }

        /// The instants at which something happens, for the condensed scale.
        func instants(_ timeline: Timeline) -> [Int64] {
            var times: [Int64] = []
            for section in rows.sections {
                for row in section.rows {
                    for lane in row.lanes {
                        for segment in lane.segments {
                            times.append(segment.start)
                            times.append(segment.end)
                        }
                        for mark in lane.marks { times.append(mark.time) }
                    }
                }
            }
            for marker in markers { times.append(marker.time) }
            for entry in timeline.entries { times.append(entry.time) }
            return times
        }

        /// The stretches in which some lane is in a busy state (see `StateStyle.busy`).
        var busy: [(start: Int64, end: Int64)] {
            var stretches: [(start: Int64, end: Int64)] = []
            for section in rows.sections {
                for row in section.rows {
                    for lane in row.lanes {
                        for segment in lane.segments where stateIndex[segment.state].map({ states[$0].busy }) == true {
                            stretches.append((segment.start, segment.end))
                        }
                    }
                }
            }
            return stretches
        }
    }

    // Layout, in pixels.
    private var labelColumn: Double { 168 }
    private static let rowHeight = 22.0
    private static let barHeight = 14.0
    private static let headerHeight = 26.0
    private static let axisHeight = 30.0
    private static let markerLabelRows = 3

    /// The lanes drawn on `scale`, as an `<svg>` element.
    func lanesSVG(_ drawing: Drawing, scale: TimeScale, name: String) -> String {
        let plotX = labelColumn
        let width = plotX + scale.width + 18
        var body = ""
        body.reserveCapacity(1 << 16)
        let breaks = scale.pieces.filter(\.condensed)
        let labelledBreaks = breaks.contains { $0.width >= 28 }
        // Instants are labelled above the axis line; the lengths of condensed stretches below it.
        let axisLine = Self.axisHeight
        var y = axisLine + (labelledBreaks ? 18 : 4)
        let plotTop = y

        // Diagnostics row: markers, and rule labels placed in up to three rows so they do not collide.
        var markerGroups: [(x: Double, markers: [(index: Int, marker: Timeline.Marker)])] = []
        for (index, marker) in drawing.markers.enumerated() {
            let x = scale.x(marker.time)
            if let last = markerGroups.last, x - last.x < 1 {
                markerGroups[markerGroups.count - 1].markers.append((index + 1, marker))
            } else {
                markerGroups.append((x, [(index + 1, marker)]))
            }
        }
        var markerLayer = ""
        var guides: [(x: Double, y: Double, severity: Severity)] = []
        if !markerGroups.isEmpty {
            var labelEnds = [Double](repeating: -.infinity, count: Self.markerLabelRows)
            var placed: [(x: Double, row: Int, text: String, severity: Severity)] = []
            for group in markerGroups {
                var rules: [String] = []
                for item in group.markers where !rules.contains(item.marker.rule) { rules.append(item.marker.rule) }
                var text = rules.prefix(2).joined(separator: " ")
                if rules.count > 2 || group.markers.count > rules.prefix(2).count {
                    text += " ×\(group.markers.count)"
                }
                let textWidth = Double(text.count) * 6.3
                if let row = labelEnds.firstIndex(where: { $0 + 6 < group.x - textWidth / 2 }) {
                    labelEnds[row] = group.x + textWidth / 2
                    placed.append((group.x, row, text, Self.severity(group.markers.map(\.marker))))
                }
            }
            let usedRows = (placed.map(\.row).max() ?? -1) + 1
            let rowHeight = 18 + 14 * Double(usedRows)
            body += "<rect class=\"diag-row\" x=\"0\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(rowHeight))\"/>"
            body += "<text class=\"rowlabel diag-label\" x=\"10\" y=\"\(n(y + 14))\">diagnostics</text>"
            for group in markerGroups {
                let x = plotX + group.x
                let severity = Self.severity(group.markers.map(\.marker))
                markerLayer += "<g class=\"marker \(severity.rawValue)\"><title>\(HTMLText.escape(markerTitle(group.markers)))</title>"
                markerLayer += "<path d=\"M\(n(x - 6)),\(n(y + 3))h12l-6,9z\"/>"
                markerLayer += "<rect class=\"hit\" x=\"\(n(x - 7))\" y=\"\(n(y))\" width=\"14\" height=\"\(n(rowHeight))\"/></g>"
                guides.append((x, y + 12, severity))
            }
            for label in placed {
                markerLayer += "<text class=\"diag-text \(label.severity.rawValue)\" x=\"\(n(plotX + label.x))\" y=\"\(n(y + 26 + 14 * Double(label.row)))\">\(HTMLText.escape(label.text))</text>"
            }
            y += rowHeight + 4
        }

        // Sections and rows.
        var segmentLayer = ""
        var markLayer = ""
        // Headings go over the grid lines, which would otherwise cross a long heading.
        var headingLayer = ""
        var stripe = false
        for section in drawing.rows.sections {
            var heading = section.group.heading
            if section.packed {
                heading += " · \(section.laneCount) lanes in \(section.rows.count) row\(section.rows.count == 1 ? "" : "s")"
            }
            headingLayer += "<text class=\"heading\" x=\"10\" y=\"\(n(y + 17))\">\(HTMLText.escape(heading))</text>"
            body += "<line class=\"sep\" x1=\"0\" x2=\"\(n(width))\" y1=\"\(n(y + 0.5))\" y2=\"\(n(y + 0.5))\"/>"
            y += Self.headerHeight
            for row in section.rows {
                if stripe { body += "<rect class=\"stripe\" x=\"0\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(Self.rowHeight))\"/>" }
                stripe.toggle()
                let label = HTMLText.escape(HTMLText.truncated(row.title, to: 24))
                if row.lanes.count > 1 || row.title.count > 24 {
                    let names = row.lanes.prefix(20).map(\.title).joined(separator: ", ") + (row.lanes.count > 20 ? ", …" : "")
                    body += "<text class=\"rowlabel\" x=\"10\" y=\"\(n(y + 15))\"><title>\(HTMLText.escape(names))</title>\(label)</text>"
                } else {
                    body += "<text class=\"rowlabel\" x=\"10\" y=\"\(n(y + 15))\">\(label)</text>"
                }
                segmentLayer += segments(of: row, drawing: drawing, scale: scale, plotX: plotX, y: y + (Self.rowHeight - Self.barHeight) / 2)
                markLayer += marks(of: row, scale: scale, plotX: plotX, y: y + Self.rowHeight / 2)
                y += Self.rowHeight
            }
        }
        let plotBottom = y
        y += 4

        // Grid and axis.
        let ticks = scale.ticks()
        var grid = ""
        var axis = "<line class=\"axis\" x1=\"\(n(plotX))\" x2=\"\(n(plotX + scale.width))\" y1=\"\(n(axisLine - 0.5))\" y2=\"\(n(axisLine - 0.5))\"/>"
        for tick in ticks {
            let x = plotX + tick.x
            grid += "<line class=\"grid\" x1=\"\(n(x))\" x2=\"\(n(x))\" y1=\"\(n(plotTop))\" y2=\"\(n(plotBottom))\"/>"
            axis += "<line class=\"tick\" x1=\"\(n(x))\" x2=\"\(n(x))\" y1=\"\(n(axisLine - 6))\" y2=\"\(n(axisLine))\"/>"
            axis += "<text class=\"ticklabel\" x=\"\(n(x))\" y=\"\(n(axisLine - 10))\">\(HTMLText.escape(tick.label))</text>"
        }
        var breakLayer = ""
        for piece in breaks {
            let x = plotX + piece.x
            let length = DurationText.short(piece.end - piece.start)
            let title = "\(length) in which nothing changes, drawn narrow: \(DurationText.instant(piece.start)) to \(DurationText.instant(piece.end))"
            breakLayer += "<g class=\"break\"><title>\(HTMLText.escape(title))</title>"
            breakLayer += "<rect x=\"\(n(x))\" y=\"\(n(axisLine))\" width=\"\(n(piece.width))\" height=\"\(n(plotBottom - axisLine))\"/>"
            breakLayer += "<line x1=\"\(n(x))\" x2=\"\(n(x))\" y1=\"\(n(axisLine))\" y2=\"\(n(plotBottom))\"/>"
            breakLayer += "<line x1=\"\(n(x + piece.width))\" x2=\"\(n(x + piece.width))\" y1=\"\(n(axisLine))\" y2=\"\(n(plotBottom))\"/></g>"
            axis += "<path class=\"breakmark\" d=\"M\(n(x - 3)),\(n(axisLine + 3))l4,-7M\(n(x + piece.width - 1)),\(n(axisLine + 3))l4,-7\"/>"
            if piece.width >= 28 {
                axis += "<text class=\"breaklabel\" x=\"\(n(x + piece.width / 2))\" y=\"\(n(axisLine + 12))\">\(HTMLText.escape(length))</text>"
            }
        }

        let height = y
        var svg = "<svg class=\"lanes\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\""
        svg += " data-plot-x=\"\(n(plotX))\" data-plot-top=\"\(n(plotTop))\" data-plot-bottom=\"\(n(plotBottom))\" data-scale=\"\(scaleData(scale))\""
        svg += " role=\"img\" aria-label=\"\(HTMLText.escape(name))\">"
        svg += body
        svg += grid
        svg += headingLayer
        svg += segmentLayer
        svg += breakLayer
        svg += markLayer
        for guide in guides {
            svg += "<line class=\"guide \(guide.severity.rawValue)\" x1=\"\(n(guide.x))\" x2=\"\(n(guide.x))\" y1=\"\(n(guide.y))\" y2=\"\(n(plotBottom))\"/>"
        }
        svg += markerLayer
        svg += axis
        svg += "<line class=\"cursor\" x1=\"0\" x2=\"0\" y1=\"\(n(plotTop - 6))\" y2=\"\(n(plotBottom))\" visibility=\"hidden\"/>"
        svg += "<g class=\"cursor-tag\" visibility=\"hidden\"><rect x=\"0\" y=\"2\" width=\"80\" height=\"17\" rx=\"3\"/><text x=\"0\" y=\"14\"></text></g>"
        svg += "</svg>"
        return svg
    }

    /// Segments narrower than this many pixels are merged into pixel columns.
    private static let narrowSegment = 1.5

    /// Narrow segments that fall in one pixel column: drawn as one bar stacked by each state's share of the time.
    private struct Column {
        var column: Int
        var right: Double
        /// Per state drawn: its class index, how many segments, how long in all; in order of appearance.
        var states: [(index: Int, count: Int, time: Int64)]
        var first: Int64
        var last: Int64
        var total: Int
    }

    /// The segments of a row: wide ones as they are, narrow ones merged per pixel column.
    private func segments(of row: LaneRows.Row, drawing: Drawing, scale: TimeScale, plotX: Double, y: Double) -> String {
        var output = ""
        var cell: Column?
        func flush() {
            guard let open = cell else { return }
            cell = nil
            let x = n(plotX + Double(open.column))
            let width = n(max(1, open.right - Double(open.column)))
            // Shares of the column's time, most important state nearest the baseline.
            let covered = open.states.reduce(Int64(0)) { $0 + $1.time }
            let span = max(covered, open.last - open.first, 1)
            let ordered = open.states.enumerated().sorted {
                let (a, b) = (drawing.states[$0.element.index].priority, drawing.states[$1.element.index].priority)
                return a != b ? a > b : $0.offset < $1.offset
            }.map(\.element)
            let shares = ordered.map { "\(drawing.states[$0.index].label) \(Int64(100) * $0.time / span)% (\($0.count))" }
            let lanes = row.lanes.count > 1 ? row.title : row.lanes[0].title
            let title = "\(lanes) · \(open.total) short stretch\(open.total == 1 ? "" : "es"), "
                + "\(DurationText.instant(open.first)) to \(DurationText.instant(open.last))\n\(shares.joined(separator: ", "))"
            output += "<g><title>\(HTMLText.escape(title))</title>"
            // Every state present gets at least two pixels, so three seconds of work in ten minutes of
            // suspension still shows; the rest is shared in proportion to time.
            var heights = ordered.map { max(2, Self.barHeight * Double($0.time) / Double(span)) }
            let stacked = heights.reduce(0, +)
            if stacked > Self.barHeight { heights = heights.map { $0 * Self.barHeight / stacked } }
            var bottom = y + Self.barHeight
            for (state, height) in zip(ordered, heights) {
                output += "<rect class=\"s\(state.index)\" x=\"\(x)\" y=\"\(n(bottom - height))\" width=\"\(width)\" height=\"\(n(height))\"/>"
                bottom -= height
            }
            output += "</g>"
        }
        for lane in row.lanes {
            for segment in lane.segments where segment.end > segment.start {
                let x0 = scale.x(segment.start)
                let x1 = scale.x(segment.end)
                guard let state = drawing.stateIndex[segment.state] else { continue }
                let style = drawing.states[state]
                if x1 - x0 >= Self.narrowSegment {
                    flush()
                    var title = "\(lane.title) · \(style.label)\n\(DurationText.instant(segment.start)) to \(DurationText.instant(segment.end)) (\(DurationText.short(segment.end - segment.start)))"
                    if let detail = segment.detail { title += "\n" + detail }
                    output += "<rect class=\"s\(state)\" x=\"\(n(plotX + x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(Self.barHeight))\" rx=\"2\"><title>\(HTMLText.escape(title))</title></rect>"
                    if x1 - x0 >= Double(style.label.count) * 6 + 12 {
                        output += "<text class=\"seglabel i\(state)\" x=\"\(n(plotX + x0 + 5))\" y=\"\(n(y + 10.5))\">\(HTMLText.escape(style.label))</text>"
                    }
                    continue
                }
                let column = Int(x0)
                let duration = segment.end - segment.start
                if var open = cell, open.column == column {
                    if let index = open.states.firstIndex(where: { $0.index == state }) {
                        open.states[index].count += 1
                        open.states[index].time += duration
                    } else {
                        open.states.append((state, 1, duration))
                    }
                    open.right = max(open.right, x1)
                    open.last = max(open.last, segment.end)
                    open.total += 1
                    cell = open
                } else {
                    flush()
                    cell = Column(column: column, right: x1, states: [(state, 1, duration)], first: segment.start, last: segment.end, total: 1)
                }
            }
        }
        flush()
        return output
    }

    /// The marks of a row, one glyph per pixel column.
    private func marks(of row: LaneRows.Row, scale: TimeScale, plotX: Double, y: Double) -> String {
        var items: [(x: Double, mark: Lane.Mark, lane: String)] = []
        for lane in row.lanes {
            for mark in lane.marks { items.append((scale.x(mark.time), mark, lane.title)) }
        }
        // Stable: equal positions keep lane order, so the output never depends on the sort's internals.
        items = items.enumerated().sorted { $0.element.x != $1.element.x ? $0.element.x < $1.element.x : $0.offset < $1.offset }.map(\.element)
        var output = ""
        var index = 0
        while index < items.count {
            let column = Int(items[index].x.rounded())
            var group = [items[index]]
            index += 1
            while index < items.count, Int(items[index].x.rounded()) == column {
                group.append(items[index])
                index += 1
            }
            let shown = group.max { MarkStyle.of($0.mark.kind).priority < MarkStyle.of($1.mark.kind).priority }!
            let style = MarkStyle.of(shown.mark.kind)
            // A crowd of ordinary marks (thousands of ends) would only paint a black band: skip it.
            if group.count > 1 && style.priority <= 1 { continue }
            var lines = group.prefix(8).map { "\($0.lane) · \($0.mark.detail) at \(DurationText.instant($0.mark.time))" }
            if group.count > 8 { lines.append("… and \(group.count - 8) more") }
            output += "<g class=\"mark\"><title>\(HTMLText.escape(lines.joined(separator: "\n")))</title><use href=\"#\(style.symbol)\" x=\"\(n(plotX + shown.x))\" y=\"\(n(y))\"/></g>"
        }
        return output
    }

    /// The hover text of a group of diagnostics at one pixel.
    private func markerTitle(_ markers: [(index: Int, marker: Timeline.Marker)]) -> String {
        var lines: [String] = []
        for item in markers.prefix(6) {
            let marker = item.marker
            let name = Rules.ruleName(marker.rule)
            lines.append("\(item.index). \(marker.rule)\(name.isEmpty ? "" : " " + name) (\(marker.severity.rawValue)) at \(DurationText.instant(marker.time))")
            lines.append("   \(marker.subject): \(marker.message)")
            lines.append("   Fix: \(marker.fix)")
        }
        if markers.count > 6 { lines.append("… and \(markers.count - 6) more at this instant") }
        return lines.joined(separator: "\n")
    }

    /// The most severe severity of some diagnostics: its raw value is their CSS class.
    static func severity(_ markers: [Timeline.Marker]) -> Severity {
        markers.map(\.severity).max() ?? .info
    }

    /// The scale for the page's script: `x width start end condensed` per piece.
    private func scaleData(_ scale: TimeScale) -> String {
        scale.pieces.map { "\(n($0.x)) \(n($0.width)) \($0.start) \($0.end) \($0.condensed ? 1 : 0)" }.joined(separator: ";")
    }

    private func n(_ value: Double) -> String { HTMLText.number(value) }

    /// The glyphs of marks, shared by every drawing of the page.
    ///
    /// `mk-other` drew marks of a kind the style table did not know. Every kind
    /// is known now (`MarkStyle`), so nothing uses it; it stays so that pages
    /// keep their bytes, until a change that regenerates Reports/ anyway drops it.
    static let definitions = """
        <defs><g id="mk-killed"><path d="M-4.5,-4.5L4.5,4.5M4.5,-4.5L-4.5,4.5" stroke="#ffffff" stroke-width="4.5"/>\
        <path d="M-4.5,-4.5L4.5,4.5M4.5,-4.5L-4.5,4.5" stroke="#dc2626" stroke-width="2.2"/></g>\
        <g id="mk-expiring"><path d="M0,-6L6,0L0,6L-6,0Z" fill="#fff7ed" stroke="#b45309" stroke-width="1.8"/></g>\
        <g id="mk-failed"><circle r="5.5" fill="#ffffff" stroke="#dc2626" stroke-width="1.6"/>\
        <path d="M-2.5,-2.5L2.5,2.5M2.5,-2.5L-2.5,2.5" stroke="#dc2626" stroke-width="1.6"/></g>\
        <g id="mk-ended"><rect x="0" y="-6.5" width="1.6" height="13" fill="#334155"/></g>\
        <g id="mk-other"><circle r="3.5" fill="#475569" stroke="#ffffff" stroke-width="1"/></g></defs>
        """
}

extension Rules {
    /// The name of the rule with this id, or an empty string for an id the catalog does not know.
    static func ruleName(_ id: String) -> String {
        rule(withID: id)?.name ?? ""
    }
}
