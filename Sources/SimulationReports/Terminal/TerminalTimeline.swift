import BackgroundSimulation
import SimulationKernel

/// The compact text picture of a run that `bgsim run` prints: the story, the lanes, the verdict.
public struct TerminalTimeline: Sendable {
    /// The total width in columns.
    public var width: Int
    /// The most story lines to print; the rest are summarised.
    public var maximumEntries: Int

    /// Creates a renderer for a terminal `width` columns wide.
    public init(width: Int = 80, maximumEntries: Int = 60) {
        self.width = max(60, width)
        self.maximumEntries = maximumEntries
    }

    /// The glyph drawn for each app state.
    public static let stateGlyphs: [(state: String, glyph: Character, meaning: String)] = [
        ("launchingForeground", "▒", "launching"),
        ("launchingBackground", "▒", "launching"),
        ("foregroundActive", "█", "foreground"),
        ("foregroundInactive", "▇", "inactive"),
        ("background", "▓", "background"),
        ("suspended", "░", "suspended"),
    ]

    /// Which state wins a column shared by several, parallel to `stateGlyphs`.
    static let drawingPriority = [3, 3, 2, 2, 4, 1]

    /// Renders the story and lanes of `timeline`.
    public func render(_ timeline: Timeline) -> String {
        var lines: [String] = []
        lines.append("Timeline")
        let shown = timeline.entries.count > maximumEntries
            ? Array(timeline.entries.prefix(maximumEntries - 10)) + Array(timeline.entries.suffix(10))
            : timeline.entries
        for (index, entry) in shown.enumerated() {
            if timeline.entries.count > maximumEntries && index == maximumEntries - 10 {
                lines.append("  … \(timeline.entries.count - shown.count) more lines (the trace has them all: --trace FILE)")
            }
            lines.append(line(time: entry.time, actor: entry.actor, text: entry.text))
        }
        lines.append("")
        lines.append(contentsOf: lanes(timeline))
        return lines.joined(separator: "\n")
    }

    private func line(time: Int64, actor: String, text: String) -> String {
        let stamp = TextLayout.pad(TimeText.format(nanoseconds: time), to: 12, left: true)
        let who = TextLayout.pad(actor, to: 10)
        return TextLayout.wrap("\(stamp)  \(who) ", text, width: width)
    }

    /// The lanes: one row per process and per background task, on a linear time axis.
    public func lanes(_ timeline: Timeline) -> [String] {
        let labelWidth = 10
        let columns = width - labelWidth - 3
        let end = max(timeline.end, 1)
        func column(_ time: Int64) -> Int {
            min(columns - 1, Int((Double(time) / Double(end)) * Double(columns)))
        }
        var lines: [String] = []
        let axisEnd = TimeText.formatExact(nanoseconds: roundForAxis(end))
        let axisLabel = "0s"
        let fill = max(1, columns - axisLabel.count - axisEnd.count - 2)
        lines.append(TextLayout.pad("Lanes", to: labelWidth) + "   " + axisLabel + " " + String(repeating: "─", count: fill) + " " + axisEnd)
        for process in timeline.processes {
            var row = [Character](repeating: " ", count: columns)
            var rank = [Int](repeating: -1, count: columns)
            for segment in process.segments {
                // A column covers many seconds: show the state that matters most within it,
                // so a few seconds in the background are not hidden by hours of suspension.
                let index = Self.stateGlyphs.firstIndex { $0.state == segment.state }
                let glyph = index.map { Self.stateGlyphs[$0].glyph } ?? "?"
                let priority = index.map { Self.drawingPriority[$0] } ?? 0
                let first = column(segment.start)
                let last = max(first, column(max(segment.start, segment.end - 1)))
                for cell in first...last where priority > rank[cell] {
                    row[cell] = glyph
                    rank[cell] = priority
                }
            }
            if process.termination != nil, let lastSegment = process.segments.last {
                row[min(columns - 1, column(lastSegment.end))] = "╳"
            }
            lines.append(TextLayout.pad("app #\(process.number)", to: labelWidth) + "   " + trimmed(row))
        }
        for assertion in timeline.assertions {
            var row = [Character](repeating: " ", count: columns)
            let first = column(assertion.begin)
            let last = max(first, column(max(assertion.begin, assertion.end - 1)))
            for index in first...last { row[index] = "═" }
            if let expiring = assertion.expirationHandlerAt { row[column(expiring)] = "◇" }
            switch assertion.closing {
            case .ended: row[last] = row[last] == "◇" ? "◇" : "╡"
            case .killed: row[min(columns - 1, column(assertion.end))] = "╳"
            case .open: break
            }
            lines.append(TextLayout.pad("task \(assertion.identifier)", to: labelWidth) + "   " + trimmed(row))
        }
        if !timeline.markers.isEmpty {
            var row = [Character](repeating: " ", count: columns)
            for marker in timeline.markers { row[column(marker.time)] = "!" }
            lines.append(TextLayout.pad("rules", to: labelWidth) + "   " + trimmed(row))
        }
        lines.append(TextLayout.pad("", to: labelWidth) + "   1 column ≈ " + TimeText.format(nanoseconds: end / Int64(columns)))
        lines.append(TextLayout.pad("", to: labelWidth) + "   █ foreground  ▇ inactive  ▓ background  ░ suspended  ▒ launching")
        lines.append(TextLayout.pad("", to: labelWidth) + "   ═ background task  ╡ ended  ◇ expiring  ╳ killed  ! diagnostic")
        return lines
    }

    private func trimmed(_ row: [Character]) -> String {
        var text = String(row)
        while text.last == " " { text.removeLast() }
        return text
    }

    private func roundForAxis(_ value: Int64) -> Int64 {
        for unit: Int64 in [86_400_000_000_000, 3_600_000_000_000, 60_000_000_000, 1_000_000_000, 1_000_000] where value >= unit {
            return value / unit * unit
        }
        return value
    }
}
