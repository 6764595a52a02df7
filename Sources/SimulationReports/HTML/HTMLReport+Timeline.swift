import SimulationModel
import SimulationKernel

extension HTMLReport {
    // Layout, in pixels.
    private var labelColumn: Double { 168 }
    private static let rowHeight = 22.0
    private static let barHeight = 14.0
    private static let headerHeight = 26.0
    private static let bandHeight = 28.0
    private static let axisHeight = 30.0
    private static let markerLabelRows = 3
    private static let minimapHeight = 44.0

    /// One view of the timeline: an overview of the whole plot, then the label column (which stays put) beside the plot (which scrolls and zooms).
    ///
    /// The plot is drawn once, in an `<svg>` whose `viewBox` the page's script
    /// stretches to zoom: shapes stretch, while texts and glyphs (class `k`) are
    /// counter-scaled so they keep their size. The overview shows the same
    /// drawing squeezed to the width (an SVG `<use>`, no second copy) with the
    /// window in view; dragging across it zooms to that stretch.
    func view(id: String, bands: [Band], drawing: Drawing, scale: TimeScale, name: String) -> String {
        let width = scale.width + 18
        let breaks = scale.pieces.filter(\.condensed)
        let labelledBreaks = breaks.contains { $0.width >= 28 }
        // Instants are labelled above the axis line; the lengths of condensed stretches below it.
        let axisLine = Self.axisHeight
        let plotTop = axisLine + (labelledBreaks ? 18 : 4)
        let lanes = laneLayers(bands: bands, drawing: drawing, scale: scale, width: width, top: plotTop)
        let plotBottom = lanes.bottom
        let days = bands.count > 1
        let axis = axisLayers(scale: scale, breaks: breaks, days: days, axisLine: axisLine, plot: plotTop...plotBottom)
        let height = plotBottom + 4
        var html = ""
        if bands.count == 1 {
            // The overview: the lanes' colours and the diagnostics' guides, squeezed to the width (the same elements, by reference).
            let plotHeight = plotBottom - plotTop
            let mapHeight = min(Self.minimapHeight, max(20, plotHeight / 3))
            html += "<svg class=\"minimap\" viewBox=\"0 \(n(plotTop)) \(n(width)) \(n(plotHeight))\" preserveAspectRatio=\"none\" height=\"\(n(mapHeight))\""
            html += " role=\"img\" aria-label=\"overview of the \(HTMLText.escape(name))\">"
            html += "<use href=\"#\(id)-segments\"/><use href=\"#\(id)-guides\"/>"
            html += "<rect class=\"window\" x=\"0\" y=\"\(n(plotTop))\" width=\"\(n(width))\" height=\"\(n(plotHeight))\"/>"
            html += "<rect class=\"pick\" x=\"0\" y=\"\(n(plotTop))\" width=\"0\" height=\"\(n(plotHeight))\" visibility=\"hidden\"/></svg>\n"
        }
        html += "<div class=\"scroll\"><div class=\"frame\">"
        html += "<svg class=\"labels\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(labelColumn))\" height=\"\(n(height))\" aria-hidden=\"true\">\(lanes.labels)</svg>"
        html += "<svg class=\"lanes\" id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\""
        html += " viewBox=\"0 0 \(n(width)) \(n(height))\" preserveAspectRatio=\"none\""
        html += " data-plot-top=\"\(n(plotTop))\" data-plot-bottom=\"\(n(plotBottom))\" data-scale=\"\(scaleData(scale))\""
        if days { html += " data-bands=\"\(lanes.bandRanges.map { "\(n($0.top)) \(n($0.bottom)) \($0.offset.nanoseconds)" }.joined(separator: ";"))\"" }
        html += " role=\"img\" aria-label=\"\(HTMLText.escape(name))\">"
        html += lanes.body
        html += axis.grid
        html += "<g id=\"\(id)-segments\">\(lanes.segments)</g>"
        html += lanes.segmentLabels
        html += axis.breaks
        html += lanes.marks
        html += "<g id=\"\(id)-guides\">\(lanes.guides)</g>"
        html += lanes.markers
        html += axis.axis
        html += "<line class=\"cursor\" x1=\"0\" x2=\"0\" y1=\"\(n(plotTop - 6))\" y2=\"\(n(plotBottom))\" visibility=\"hidden\"/>"
        html += "<g class=\"cursor-tag\" visibility=\"hidden\"><rect x=\"0\" y=\"2\" width=\"80\" height=\"17\" rx=\"3\"/><text x=\"0\" y=\"14\"></text></g>"
        html += "</svg></div></div>\n"
        return html
    }

    /// The layers of a view's lanes, each drawn in its place in the page's order (see ``view(id:bands:drawing:scale:name:)``).
    private struct LaneLayers {
        /// The label column: band titles, group headings, row labels.
        var labels = ""
        /// The rows' backgrounds in the plot: band rows, separators, stripes, the diagnostics' row.
        var body = ""
        /// The diagnostics' markers, and their guides down the plot.
        var markers = ""
        var guides = ""
        var segments = ""
        /// Words on wide segments: apart from the shapes, so that the overview shows colours only.
        var segmentLabels = ""
        var marks = ""
        /// Where each band is, and the instant of the run its time 0 stands for.
        var bandRanges: [(top: Double, bottom: Double, offset: VirtualDuration)] = []
        /// Where the last row ends.
        var bottom = 0.0
    }

    /// Draws the bands' rows from `top` down: titles, diagnostics, group headings and lanes.
    private func laneLayers(bands: [Band], drawing: Drawing, scale: TimeScale, width: Double, top: Double) -> LaneLayers {
        var layers = LaneLayers()
        layers.body.reserveCapacity(1 << 16)
        var y = top
        var stripe = false
        for band in bands {
            let bandTop = y
            if let title = band.title {
                layers.labels += "<rect class=\"band-row\" x=\"0\" y=\"\(n(y))\" width=\"\(n(labelColumn))\" height=\"\(n(Self.bandHeight))\"/>"
                layers.labels += "<text class=\"band\" x=\"10\" y=\"\(n(y + 18))\">\(HTMLText.escape(title))</text>"
                layers.body += "<rect class=\"band-row\" x=\"0\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(Self.bandHeight))\"/>"
                y += Self.bandHeight
            }
            if !band.markers.isEmpty {
                let row = diagnosticsRow(band, scale: scale, y: y, width: width)
                layers.labels += "<rect class=\"diag-row\" x=\"0\" y=\"\(n(y))\" width=\"\(n(labelColumn))\" height=\"\(n(row.height))\"/>"
                layers.labels += "<text class=\"rowlabel diag-label\" x=\"10\" y=\"\(n(y + 14))\">diagnostics</text>"
                layers.body += row.background
                layers.markers += row.markers
                layers.guides += row.guides
                y += row.height + 4
            }
            for section in band.sections {
                if band.groupHeadings {
                    var heading = section.group.heading
                    if section.packed {
                        heading += " · \(section.laneCount) lanes in \(section.rows.count) row\(section.rows.count == 1 ? "" : "s")"
                    }
                    layers.labels += "<text class=\"heading\" x=\"10\" y=\"\(n(y + 17))\">\(HTMLText.escape(heading))</text>"
                    layers.labels += "<line class=\"sep\" x1=\"0\" x2=\"\(n(labelColumn))\" y1=\"\(n(y + 0.5))\" y2=\"\(n(y + 0.5))\"/>"
                    layers.body += "<line class=\"sep\" x1=\"0\" x2=\"\(n(width))\" y1=\"\(n(y + 0.5))\" y2=\"\(n(y + 0.5))\"/>"
                    y += Self.headerHeight
                }
                for row in section.rows {
                    if stripe {
                        layers.labels += "<rect class=\"stripe\" x=\"0\" y=\"\(n(y))\" width=\"\(n(labelColumn))\" height=\"\(n(Self.rowHeight))\"/>"
                        layers.body += "<rect class=\"stripe\" x=\"0\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(Self.rowHeight))\"/>"
                    }
                    stripe.toggle()
                    layers.labels += rowLabel(row, y: y)
                    let place = Place(scale: scale, offset: band.offset)
                    let drawn = segments(of: row, drawing: drawing, place: place, y: y + (Self.rowHeight - Self.barHeight) / 2)
                    layers.segments += drawn.shapes
                    layers.segmentLabels += drawn.labels
                    layers.marks += marks(of: row, place: place, y: y + Self.rowHeight / 2)
                    y += Self.rowHeight
                }
            }
            layers.bandRanges.append((bandTop, y, band.offset))
        }
        layers.bottom = y
        return layers
    }

    /// A row's label, truncated, with the full names of its lanes on hover when they do not fit.
    private func rowLabel(_ row: LaneRows.Row, y: Double) -> String {
        let label = HTMLText.escape(HTMLText.truncated(row.title, to: 24))
        guard row.lanes.count > 1 || row.title.count > 24 else {
            return "<text class=\"rowlabel\" x=\"10\" y=\"\(n(y + 15))\">\(label)</text>"
        }
        let names = row.lanes.prefix(20).map(\.title).joined(separator: ", ") + (row.lanes.count > 20 ? ", …" : "")
        return "<text class=\"rowlabel\" x=\"10\" y=\"\(n(y + 15))\"><title>\(HTMLText.escape(names))</title>\(label)</text>"
    }

    /// The grid down the plot, the axis with its ticks and labels, and the condensed stretches (`breaks`) drawn narrow.
    private func axisLayers(
        scale: TimeScale, breaks: [TimeScale.Piece], days: Bool, axisLine: Double, plot: ClosedRange<Double>
    ) -> (grid: String, axis: String, breaks: String) {
        var grid = ""
        var axis = "<line class=\"axis\" x1=\"0\" x2=\"\(n(scale.width))\" y1=\"\(n(axisLine - 0.5))\" y2=\"\(n(axisLine - 0.5))\"/><g class=\"ticks\">"
        for tick in scale.ticks() {
            grid += "<line class=\"grid\" x1=\"\(n(tick.x))\" x2=\"\(n(tick.x))\" y1=\"\(n(plot.lowerBound))\" y2=\"\(n(plot.upperBound))\"/>"
            axis += "<line class=\"tick\" x1=\"\(n(tick.x))\" x2=\"\(n(tick.x))\" y1=\"\(n(axisLine - 6))\" y2=\"\(n(axisLine))\"/>"
            // A line a day counts hours: `24h` at the end of a day, where one axis would say `1d`.
            let sinceStart = VirtualDuration.nanoseconds(tick.time)
            let label = days && sinceStart % .hours(1) == .zero ? "\(sinceStart / .hours(1))h" : tick.label
            // The first label starts at its instant rather than centred on it, which would put half of it under the lane labels.
            let first = tick.x < 16 ? " first" : ""
            axis += "<text class=\"ticklabel k\(first)\" x=\"\(n(tick.x))\" y=\"\(n(axisLine - 10))\">\(HTMLText.escape(label))</text>"
        }
        axis += "</g>"
        let plotBottom = plot.upperBound
        var breakLayer = ""
        for piece in breaks {
            let length = DurationText.short(piece.end - piece.start)
            let title = "\(length) in which nothing changes, drawn narrow: \(DurationText.instant(piece.start)) to \(DurationText.instant(piece.end))"
            breakLayer += "<g class=\"break\"><title>\(HTMLText.escape(title))</title>"
            breakLayer += "<rect x=\"\(n(piece.x))\" y=\"\(n(axisLine))\" width=\"\(n(piece.width))\" height=\"\(n(plotBottom - axisLine))\"/>"
            breakLayer += "<line x1=\"\(n(piece.x))\" x2=\"\(n(piece.x))\" y1=\"\(n(axisLine))\" y2=\"\(n(plotBottom))\"/>"
            breakLayer += "<line x1=\"\(n(piece.x + piece.width))\" x2=\"\(n(piece.x + piece.width))\" y1=\"\(n(axisLine))\" y2=\"\(n(plotBottom))\"/></g>"
            axis += "<use class=\"breakmark k\" href=\"#mk-break\" x=\"\(n(piece.x))\" y=\"\(n(axisLine))\"/>"
            axis += "<use class=\"breakmark k\" href=\"#mk-break\" x=\"\(n(piece.x + piece.width))\" y=\"\(n(axisLine))\"/>"
            if piece.width >= 28 {
                axis += "<text class=\"breaklabel k\" x=\"\(n(piece.x + piece.width / 2))\" y=\"\(n(axisLine + 12))\">\(HTMLText.escape(length))</text>"
            }
        }
        return (grid, axis, breakLayer)
    }

    /// Where a band's instants go: its scale, and the instant of the run its time 0 stands for (for hover texts).
    private struct Place {
        var scale: TimeScale
        var offset: VirtualDuration

        func x(_ time: VirtualInstant) -> Double { scale.x(time) }
        /// The run's instant, in words, of a time in the band.
        func instant(_ time: VirtualInstant) -> String { DurationText.instant(time + offset) }
    }

    /// A band's diagnostics row: a triangle per diagnostic (a link to its card), rule labels in up to three rows, dashed guides.
    private func diagnosticsRow(
        _ band: Band, scale: TimeScale, y: Double, width: Double
    ) -> (height: Double, background: String, markers: String, guides: String) {
        var groups: [(x: Double, markers: [(number: Int, marker: Timeline.Marker)])] = []
        for item in band.markers {
            let x = scale.x(item.marker.time)
            if let last = groups.last, x - last.x < 1 {
                groups[groups.count - 1].markers.append(item)
            } else {
                groups.append((x, [item]))
            }
        }
        var labelEnds = [Double](repeating: -.infinity, count: Self.markerLabelRows)
        var placed: [(x: Double, row: Int, text: String, severity: Severity)] = []
        for group in groups {
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
        let height = 18 + 14 * Double(usedRows)
        let background = "<rect class=\"diag-row\" x=\"0\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\"/>"
        var markers = ""
        var guides = ""
        let bottom = y + height + 4
        for group in groups {
            let severity = Self.severity(group.markers.map(\.marker))
            // The first diagnostic of the group has a card, unless the page lists fewer: then the table by rule.
            let number = group.markers[0].number
            let target = number <= maximumDiagnostics ? "#d\(number)" : "#diagnostics"
            markers += "<a href=\"\(target)\" class=\"marker \(severity.rawValue)\"><title>\(HTMLText.escape(markerTitle(group.markers, offset: band.offset)))</title>"
            markers += "<rect class=\"hit\" x=\"\(n(group.x - 7))\" y=\"\(n(y))\" width=\"14\" height=\"\(n(height))\"/>"
            markers += "<use class=\"k\" href=\"#mk-diagnostic\" x=\"\(n(group.x))\" y=\"\(n(y + 3))\"/></a>"
            guides += "<line class=\"guide \(severity.rawValue)\" x1=\"\(n(group.x))\" x2=\"\(n(group.x))\" y1=\"\(n(y + 12))\" y2=\"\(n(bottom))\"/>"
        }
        for label in placed {
            markers += "<text class=\"diag-text k \(label.severity.rawValue)\" x=\"\(n(label.x))\" y=\"\(n(y + 26 + 14 * Double(label.row)))\">\(HTMLText.escape(label.text))</text>"
        }
        return (height, background, markers, guides)
    }

    /// Segments narrower than this many pixels are merged into pixel columns.
    private static let narrowSegment = 1.5

    /// Narrow segments that fall in one pixel column: drawn as one bar stacked by each state's share of the time.
    private struct Column {
        var column: Int
        /// Where its first segment starts and its last ends, in pixels.
        var left: Double
        var right: Double
        /// Per state drawn: its class index, how many segments, how long in all; in order of appearance.
        var states: [(index: Int, count: Int, time: VirtualDuration)]
        var first: VirtualInstant
        var last: VirtualInstant
        var total: Int
    }

    /// The segments of a row: wide ones as they are, narrow ones merged per pixel column.
    private func segments(of row: LaneRows.Row, drawing: Drawing, place: Place, y: Double) -> (shapes: String, labels: String) {
        var output = ""
        var labels = ""
        var cell: Column?
        func flush() {
            guard let open = cell else { return }
            cell = nil
            let x = n(open.left)
            // At least a pixel wide; the page's zoom narrows it back towards its true width (`data-w`).
            let trueWidth = open.right - open.left
            let width = n(max(1, trueWidth))
            // Shares of the column's time, most important state nearest the baseline.
            let covered = open.states.reduce(VirtualDuration.zero) { $0 + $1.time }
            let span = max(covered, open.last - open.first, .nanoseconds(1))
            let ordered = open.states.enumerated().sorted {
                let (a, b) = (drawing.states[$0.element.index].priority, drawing.states[$1.element.index].priority)
                return a != b ? a > b : $0.offset < $1.offset
            }.map(\.element)
            let shares = ordered.map { "\(drawing.states[$0.index].label) \($0.time * 100 / span)% (\($0.count))" }
            let lanes = row.lanes.count > 1 ? row.title : row.lanes[0].title
            let title = "\(lanes) · \(open.total) short stretch\(open.total == 1 ? "" : "es"), "
                + "\(place.instant(open.first)) to \(place.instant(open.last))\n\(shares.joined(separator: ", "))"
            output += trueWidth < 1 ? "<g data-w=\"\(HTMLText.number(trueWidth, decimals: 3))\">" : "<g>"
            output += "<title>\(HTMLText.escape(title))</title>"
            // Every state present gets at least two pixels, so three seconds of work in ten minutes of
            // suspension still shows; the rest is shared in proportion to time.
            var heights = ordered.map { max(2, Self.barHeight * Double($0.time.nanoseconds) / Double(span.nanoseconds)) }
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
                let x0 = place.x(segment.start)
                let x1 = place.x(segment.end)
                guard let state = drawing.stateIndex[segment.state] else { continue }
                let style = drawing.states[state]
                if x1 - x0 >= Self.narrowSegment {
                    flush()
                    var title = "\(lane.title) · \(style.label)\n\(place.instant(segment.start)) to \(place.instant(segment.end)) (\(DurationText.short(segment.end - segment.start)))"
                    if let detail = segment.detail { title += "\n" + detail }
                    output += "<rect class=\"s\(state)\" x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(Self.barHeight))\" rx=\"2\" ry=\"2\"><title>\(HTMLText.escape(title))</title></rect>"
                    if x1 - x0 >= Double(style.label.count) * 6 + 12 {
                        labels += "<text class=\"seglabel k i\(state)\" x=\"\(n(x0 + 5))\" y=\"\(n(y + 10.5))\">\(HTMLText.escape(style.label))</text>"
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
                    cell = Column(
                        column: column, left: x0, right: x1, states: [(state, 1, duration)], first: segment.start, last: segment.end, total: 1)
                }
            }
        }
        flush()
        return (output, labels)
    }

    /// The marks of a row, one glyph per pixel column.
    private func marks(of row: LaneRows.Row, place: Place, y: Double) -> String {
        var items: [(x: Double, mark: Lane.Mark, lane: String)] = []
        for lane in row.lanes {
            for mark in lane.marks { items.append((place.x(mark.time), mark, lane.title)) }
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
            var lines = group.prefix(8).map { "\($0.lane) · \($0.mark.detail) at \(place.instant($0.mark.time))" }
            if group.count > 8 { lines.append("… and \(group.count - 8) more") }
            output += "<g class=\"mark\"><title>\(HTMLText.escape(lines.joined(separator: "\n")))</title><use class=\"k\" href=\"#\(style.symbol)\" x=\"\(n(shown.x))\" y=\"\(n(y))\"/></g>"
        }
        return output
    }

    /// The hover text of a group of diagnostics at one pixel.
    private func markerTitle(_ markers: [(number: Int, marker: Timeline.Marker)], offset: VirtualDuration) -> String {
        var lines: [String] = []
        for item in markers.prefix(6) {
            let marker = item.marker
            let name = Rules.ruleName(marker.rule)
            lines.append(
                "\(item.number). \(marker.rule)\(name.isEmpty ? "" : " " + name) (\(Rules.severityWords(marker.rule, marker.severity))) "
                    + "at \(DurationText.instant(marker.time + offset))")
            lines.append("   \(marker.subject): \(marker.message)")
            lines.append("   Fix: \(marker.fix)")
        }
        if markers.count > 6 { lines.append("… and \(markers.count - 6) more at this instant") }
        lines.append("(click for its card)")
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

    /// The glyphs of marks, diagnostics and breaks, shared by every drawing of the page.
    static let definitions = """
        <defs><g id="mk-killed"><path d="M-4.5,-4.5L4.5,4.5M4.5,-4.5L-4.5,4.5" stroke="#ffffff" stroke-width="4.5"/>\
        <path d="M-4.5,-4.5L4.5,4.5M4.5,-4.5L-4.5,4.5" stroke="#dc2626" stroke-width="2.2"/></g>\
        <g id="mk-expiring"><path d="M0,-6L6,0L0,6L-6,0Z" fill="#fff7ed" stroke="#b45309" stroke-width="1.8"/></g>\
        <g id="mk-failed"><circle r="5.5" fill="#ffffff" stroke="#dc2626" stroke-width="1.6"/>\
        <path d="M-2.5,-2.5L2.5,2.5M2.5,-2.5L-2.5,2.5" stroke="#dc2626" stroke-width="1.6"/></g>\
        <g id="mk-ended"><rect x="0" y="-6.5" width="1.6" height="13" class="mk-ended"/></g>\
        <g id="mk-diagnostic"><path d="M-6,0h12l-6,9z" stroke-width="1"/></g>\
        <g id="mk-break"><path d="M-3,3l4,-7" fill="none" stroke-width="1.4"/></g></defs>
        """
}

extension Rules {
    /// The name of the rule with this id, or an empty string for an id the catalog does not know.
    static func ruleName(_ id: String) -> String {
        rule(withID: id)?.name ?? ""
    }

    /// Whether the rule with this id is a system notice, which reports show as a note, never as a failure (an id the
    /// catalog does not know is not).
    static func isNotice(_ id: String) -> Bool {
        rule(withID: id)?.category == .systemNotice
    }

    /// A diagnostic's severity as reports write it: `info, system notice` for a notice, else the severity alone.
    static func severityWords(_ id: String, _ severity: Severity) -> String {
        isNotice(id) ? "\(severity.rawValue), \(Rule.Category.systemNotice.words)" : severity.rawValue
    }
}
