import SimulationModel
import SimulationKernel

/// The compact text picture of a run that `bgsim run` prints: the story, the lanes, the verdict.
///
/// Lanes are drawn generically from `Timeline.lanes`, one glyph per
/// column, with glyphs and colours from one table (`StateStyle`, shared with
/// the HTML page): a new kind of lane shows up here with no change. The
/// legend lists only what is drawn. With `colour`, glyphs, times and
/// diagnostics are coloured with ANSI escapes; callers turn it on only for a
/// terminal that wants it (see `NO_COLOR`).
public struct TerminalTimeline: Sendable {
    /// The total width in columns.
    var width: Int
    /// The most story lines to print; the rest are summarised.
    package var maximumEntries: Int
    /// Whether to colour the output with ANSI escape sequences.
    var colour: Bool

    /// Creates a renderer for a terminal `width` columns wide.
    public init(width: Int = 80, maximumEntries: Int = 60, colour: Bool = false) {
        self.width = max(60, width)
        self.maximumEntries = max(12, maximumEntries)
        self.colour = colour
    }

    /// Renders the story and lanes of `timeline`, and the requests still pending at its end.
    public func render(_ timeline: Timeline) -> String {
        var lines = [paint("Timeline", "1")]
        lines += story(timeline)
        lines.append("")
        lines += lanes(timeline)
        if !timeline.pending.isEmpty {
            lines.append("")
            lines += pending(timeline)
        }
        return lines.joined(separator: "\n")
    }

    /// The story: one line per entry (wrapped), repetitions folded ("× 26"), cut in the middle when longer than `maximumEntries`.
    package func story(_ timeline: Timeline) -> [String] {
        let items = StoryDigest(timeline.entries).items
        let cut = items.count > maximumEntries
        let head = cut ? maximumEntries - 10 : items.count
        var lines: [String] = []
        for (index, item) in items.enumerated() {
            if cut && index == head {
                lines.append(paint("  … \(items.count - maximumEntries) more lines (the trace has them all: --trace FILE)", "2"))
            }
            if cut && index >= head && index < items.count - 10 { continue }
            switch item {
            case .line(let entry, let repeats, let last, let numbersVary):
                guard repeats > 1 else {
                    lines.append(line(entry))
                    continue
                }
                let other = numbersVary ? " with other numbers" : ""
                lines.append(line(Timeline.Entry(
                    time: entry.time, actor: entry.actor, text: "\(entry.text) × \(repeats)\(other), the last at \(DurationText.instant(last))")))
            case .block(let count, let times, let last, let numbersVary):
                let other = numbersVary ? " with other numbers" : ""
                let text = "↻ the \(count) lines above, \(times) more time\(times == 1 ? "" : "s")\(other), until \(DurationText.instant(last))"
                for part in TextLayout.wrap(String(repeating: " ", count: 14), text, width: width).split(separator: "\n") {
                    lines.append(paint(String(part), "2"))
                }
            }
        }
        return lines
    }

    private func line(_ entry: Timeline.Entry) -> String {
        let stamp = TextLayout.pad(DurationText.instant(entry.time), to: 12, left: true)
        let who = TextLayout.pad(entry.actor.name, to: 10)
        let plain = TextLayout.wrap("\(stamp)  \(who) ", entry.text, width: width)
        guard colour else { return plain }
        // Wrap first, then paint, so that escape sequences never count as columns.
        let actorColour: String
        switch entry.actor {
        case .diagnostic:
            // A diagnostic stands out whole: its line is red, not just its name.
            return paint(stamp, "2") + "  " + paint(String(plain.dropFirst(stamp.count + 2)), "31")
        case .user: actorColour = "34"
        case .console: actorColour = "33"
        case .device: actorColour = "36"
        case .system, .scheduler: actorColour = "35"
        case .app, .task, .liveActivity, .bgsim: actorColour = "1"
        }
        return paint(stamp, "2") + "  " + paint(who, actorColour) + String(plain.dropFirst(stamp.count + 2 + who.count))
    }

    /// The lanes: one row per lane, on the time axis the HTML page opens on, and a legend of what they show.
    ///
    /// A run of a day and a quarter or more is drawn a day a line, on a
    /// 24-hour axis. A shorter one, as on the page, has its idle stretches
    /// condensed (here into one column each, `┊` on the axis) when that makes
    /// the activity at least three times wider; otherwise time is linear. The
    /// axis labels round instants.
    package func lanes(_ timeline: Timeline) -> [String] {
        let labelWidth = 10
        let columns = width - labelWidth - 3
        let end = max(timeline.end, VirtualInstant(nanoseconds: 1))
        let indent = String(repeating: " ", count: labelWidth + 3)
        var legend = Legend()
        var lines: [String]
        // Crowded groups (thousands of background tasks) share rows, as in the HTML page.
        let laneRows = LaneRows(lanes: timeline.lanes)
        if DayWindows.applies(to: end, rows: laneRows.sections.reduce(0) { $0 + $1.rows.count }) {
            let scale = TimeScale(linearTo: DayWindows.day.nanoseconds, width: Double(columns))
            lines = axis(scale, columns: columns, labelWidth: labelWidth, title: "Lanes by day") { time, _ in "\(VirtualDuration.nanoseconds(time) / .hours(1))h" }
            // The lanes are worked out once: `Timeline.lanes` builds them anew at each call.
            let allLanes = timeline.lanes
            for day in DayWindows(end: end).days {
                lines.append(paint("day \(day.number)", "1") + paint("  \(DurationText.span(day.start - .zero)) to \(DurationText.span(day.end - .zero))", "2"))
                let lanes = DayWindows.lanes(allLanes, in: day, runEnd: end)
                let markers = timeline.markers.filter { DayWindows.contains(day, $0.time, runEnd: end) }.map { marker in
                    var moved = marker
                    moved.time = day.moved(marker.time)
                    return moved
                }
                lines += rows(LaneRows(lanes: lanes).sections, markers: markers, scale: scale, legend: &legend, skipEmpty: true)
            }
            lines.append(indent + "1 column ≈ " + DurationText.short(Int64((1 / scale.scale).rounded())) + "; a line a day")
        } else {
            let condensed = TimeScale(
                condensing: timeline, rows: laneRows, width: Double(columns), maximumWidth: Double(columns), geometry: .terminal)
            let scale = condensed.isCondensed ? condensed : TimeScale(linearTo: end.nanoseconds, width: Double(columns))
            lines = axis(scale, columns: columns, labelWidth: labelWidth, title: "Lanes") { $1 }
            lines += rows(laneRows.sections, markers: timeline.markers, scale: scale, legend: &legend, skipEmpty: false)
            let perColumn = DurationText.short(Int64((1 / scale.scale).rounded()))
            if scale.isCondensed {
                let breaks = scale.pieces.filter(\.condensed)
                let idle = breaks.reduce(Int64(0)) { $0 + $1.end - $1.start }
                let count = "\(breaks.count) idle stretch\(breaks.count == 1 ? "" : "es")"
                let wrapped = TextLayout.wrap(indent, "1 column ≈ \(perColumn); ┊ \(count) of \(DurationText.short(idle)) in all, one column each", width: width)
                lines += wrapped.split(separator: "\n").map(String.init)
            } else {
                lines.append(indent + "1 column ≈ " + perColumn)
            }
        }
        // The legend lists what is drawn, and only that, wrapped to the width.
        var items: [(plain: String, painted: String)] = []
        var progressListed = false
        for style in legend.glyphs.used where style.glyph != " " {
            // A Live Activity's ten progress digits read as one legend entry.
            if case .liveActivity(.progress) = style.state {
                if !progressListed {
                    items.append(("0-9 Live Activity tenths done", paint("0-9", style.ansi) + " Live Activity tenths done"))
                    progressListed = true
                }
                continue
            }
            items.append(("\(style.glyph) \(style.label)", paint(String(style.glyph), style.ansi) + " " + style.label))
        }
        for style in legend.markKinds {
            items.append(("\(style.glyph) \(style.label)", paint(String(style.glyph), style.ansi) + " " + style.label))
        }
        if !timeline.markers.isEmpty {
            items.append(("! diagnostic", paint("!", "1;31") + " diagnostic"))
        }
        var current: (plain: String, painted: String) = ("", "")
        for item in items {
            if !current.plain.isEmpty && indent.count + current.plain.count + 2 + item.plain.count > width {
                lines.append(indent + current.painted)
                current = ("", "")
            }
            let separator = current.plain.isEmpty ? "" : "  "
            current = (current.plain + separator + item.plain, current.painted + separator + item.painted)
        }
        if !current.plain.isEmpty { lines.append(indent + current.painted) }
        return lines
    }

    /// What a picture drew, for its legend: states in order of first appearance, and mark kinds.
    private struct Legend {
        var glyphs = GlyphTable()
        var markKinds: [MarkStyle] = []
    }

    /// The most rows a group draws in text; the rest are counted (ten thousand Live Activities at once are ten thousand rows).
    static let mostRowsPerGroup = 24

    /// One text row per lane row on `scale` (at most ``mostRowsPerGroup`` a group), and a row of diagnostics when there are any.
    ///
    /// - Parameter skipEmpty: Leave out rows with nothing drawn (a day view's lanes that were quiet that day).
    private func rows(
        _ sections: [LaneRows.Section], markers: [Timeline.Marker], scale: TimeScale, legend: inout Legend, skipEmpty: Bool
    ) -> [String] {
        let labelWidth = 10
        let columns = width - labelWidth - 3
        func column(_ time: VirtualInstant) -> Int {
            min(columns - 1, max(0, Int(scale.x(time))))
        }
        var lines: [String] = []
        let most = Self.mostRowsPerGroup
        for section in sections {
            for (index, laneRow) in section.rows.enumerated() {
                // The first rows and the last few of a crowded group, and how many are left out between them.
                if section.rows.count > most && index >= most - 4 && index < section.rows.count - 4 {
                    if index == most - 4 {
                        let left = section.rows.count - most
                        let text = "… \(left) more rows of \(section.group.heading.lowercased()): the page and Perfetto draw them all"
                        for part in TextLayout.wrap("", text, width: width).split(separator: "\n") { lines.append(paint(String(part), "2")) }
                    }
                    continue
                }
                var row = [Character](repeating: " ", count: columns)
                var paints = [String?](repeating: nil, count: columns)
                var rank = [Int](repeating: -1, count: columns)
                for lane in laneRow.lanes {
                    for segment in lane.segments where segment.end > segment.start {
                        // A column covers many seconds: show the state that matters most within it,
                        // so a few seconds in the background are not hidden by hours of suspension.
                        let style = legend.glyphs.style(segment.state)
                        let first = column(segment.start)
                        let last = max(first, column(max(segment.start, segment.end - .nanoseconds(1))))
                        for cell in first...last where style.priority > rank[cell] {
                            row[cell] = style.glyph
                            paints[cell] = style.ansi
                            rank[cell] = style.priority
                        }
                    }
                    for mark in lane.marks {
                        let style = MarkStyle.of(mark.kind)
                        if !legend.markKinds.contains(style) { legend.markKinds.append(style) }
                        let cell = mark.kind == .ended ? column(max(.zero, mark.time - .nanoseconds(1))) : column(mark.time)
                        // An end drawn on an expiration keeps the expiration visible.
                        if mark.kind == .ended && row[cell] == MarkStyle.of(.expiring).glyph { continue }
                        row[cell] = style.glyph
                        paints[cell] = style.ansi
                    }
                }
                let drawn = painted(row, paints)
                if drawn.isEmpty && skipEmpty { continue }
                // A lane with nothing drawn (on battery all along) says so instead of trailing spaces.
                lines.append(TextLayout.pad(label(laneRow), to: labelWidth) + "   " + (drawn.isEmpty ? "·" : drawn))
            }
        }
        if !markers.isEmpty {
            var row = [Character](repeating: " ", count: columns)
            var severities = [Severity?](repeating: nil, count: columns)
            for marker in markers {
                let cell = column(marker.time)
                row[cell] = "!"
                // An error keeps its column red; otherwise the column takes the colour of its latest diagnostic.
                if severities[cell] != .error { severities[cell] = marker.severity }
            }
            let paints = severities.map { severity -> String? in
                switch severity {
                case .error: "1;31"
                case .warning: "1;33"
                case .info: "1;34"
                case nil: nil
                }
            }
            lines.append(TextLayout.pad("rules", to: labelWidth) + "   " + painted(row, paints))
        }
        return lines
    }

    /// A row's label: the lane's title, or for lanes sharing a row, their first word and count (`task×70k`).
    private func label(_ row: LaneRows.Row) -> String {
        guard row.lanes.count > 1 else { return row.title }
        let word = row.lanes[0].title.split(separator: " ").first.map(String.init) ?? "lane"
        let count = row.lanes.count
        let number = count >= 10_000 ? "\(count / 1000)k" : "\(count)"
        return String(word.prefix(10 - 1 - number.count)) + "×" + number
    }

    /// The styles of the states in one picture, in order of first appearance: the legend's order.
    private struct GlyphTable {
        private(set) var used: [StateStyle] = []

        mutating func style(_ state: LaneState) -> StateStyle {
            if let style = used.first(where: { $0.state == state }) { return style }
            let style = StateStyle.of(state)
            used.append(style)
            return style
        }
    }

    /// A row of glyphs without trailing spaces, painted run by run.
    private func painted(_ row: [Character], _ paints: [String?]) -> String {
        var end = row.count
        while end > 0 && row[end - 1] == " " { end -= 1 }
        guard colour else { return String(row[..<end]) }
        var output = ""
        var index = 0
        while index < end {
            let code = row[index] == " " ? nil : paints[index]
            var next = index + 1
            while next < end && (row[next] == " " ? nil : paints[next]) == code { next += 1 }
            let text = String(row[index..<next])
            output += code.map { paint(text, $0) } ?? text
            index = next
        }
        return output
    }

    /// `text` in an ANSI style when colour is on.
    func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The two axis lines: labels of round instants, then the axis with `┬` at each labelled instant and `┊` for each condensed stretch.
    private func axis(
        _ scale: TimeScale, columns: Int, labelWidth: Int, title: String, label: (_ time: Int64, _ fallback: String) -> String
    ) -> [String] {
        var labels = [Character](repeating: " ", count: columns)
        var line = [Character](repeating: "─", count: columns)
        var free = 0
        for tick in scale.ticks(spacing: 10) {
            let cell = min(columns - 1, max(0, Int(tick.x)))
            let text = Array(label(tick.time, tick.label))
            // Left-aligned at its instant, or right-aligned when it would run off the end; never over another label.
            let start = cell + text.count <= columns ? cell : columns - text.count
            guard start >= free, start >= 0 else { continue }
            for (offset, character) in text.enumerated() { labels[start + offset] = character }
            line[cell] = "┬"
            free = start + text.count + 1
        }
        for piece in scale.pieces where piece.condensed {
            let first = min(columns - 1, max(0, Int(piece.x)))
            let last = min(columns - 1, max(first, Int(piece.x + piece.width) - 1))
            for cell in first...last { line[cell] = "┊" }
        }
        var labelText = String(labels)
        while labelText.last == " " { labelText.removeLast() }
        let indent = String(repeating: " ", count: labelWidth + 3)
        // The title fits the label column and its gap: the labels must start where the lanes do.
        return [TextLayout.pad(String(title.prefix(labelWidth + 2)), to: labelWidth + 3) + labelText, indent + paint(String(line), "2")]
    }
}
