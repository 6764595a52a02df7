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

    /// The glyph and drawing priority of each segment state (a column shows its highest-priority state).
    ///
    /// A lane whose state has no entry is drawn with `?`: every state a ``Timeline`` lane uses belongs here.
    public static let segmentStyles: [String: (glyph: Character, priority: Int)] = [
        "launchingForeground": ("▒", 3), "launchingBackground": ("▒", 3),
        "foregroundActive": ("█", 2), "foregroundInactive": ("▇", 2),
        "background": ("▓", 4), "suspended": ("░", 1),
        "open": ("═", 1),
        "pending": ("┄", 1), "running": ("━", 2),
        "locked": ("▁", 1), "inUse": ("▔", 2),
        "charging": ("+", 2), "onBattery": (" ", 1), "lowPowerMode": ("-", 3),
        // A Live Activity draws its progress in tenths, so the lane reads as a rising count; later (higher) wins a column.
        "queued": ("┄", 1),
        "progress0": ("0", 2), "progress1": ("1", 3), "progress2": ("2", 4), "progress3": ("3", 5), "progress4": ("4", 6),
        "progress5": ("5", 7), "progress6": ("6", 8), "progress7": ("7", 9), "progress8": ("8", 10), "progress9": ("9", 11),
        "progressDone": ("✓", 12), "asking": ("?", 13),
    ]

    /// The glyph of each mark kind.
    static let markGlyphs: [String: Character] = ["expiring": "◇", "ended": "╡", "killed": "╳", "failed": "×"]

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
        for lane in timeline.lanes {
            var row = [Character](repeating: " ", count: columns)
            var rank = [Int](repeating: -1, count: columns)
            for segment in lane.segments {
                // A column covers many seconds: show the state that matters most within it,
                // so a few seconds in the background are not hidden by hours of suspension.
                let style = Self.segmentStyles[segment.state] ?? (glyph: "?", priority: 0)
                let first = column(segment.start)
                let last = max(first, column(max(segment.start, segment.end - 1)))
                for cell in first...last where style.priority > rank[cell] {
                    row[cell] = style.glyph
                    rank[cell] = style.priority
                }
            }
            for mark in lane.marks {
                guard let glyph = Self.markGlyphs[mark.kind] else { continue }
                let cell = mark.kind == "ended" ? max(0, column(max(0, mark.time - 1))) : column(mark.time)
                // An end drawn on an expiration keeps the expiration visible.
                if mark.kind == "ended" && row[cell] == "◇" { continue }
                row[cell] = glyph
            }
            let drawn = trimmed(row)
            // A lane with nothing drawn (on battery all along) says so instead of trailing spaces.
            lines.append(TextLayout.pad(lane.title, to: labelWidth) + "   " + (drawn.isEmpty ? "·" : drawn))
        }
        if !timeline.markers.isEmpty {
            var row = [Character](repeating: " ", count: columns)
            for marker in timeline.markers { row[column(marker.time)] = "!" }
            lines.append(TextLayout.pad("rules", to: labelWidth) + "   " + trimmed(row))
        }
        lines.append(TextLayout.pad("", to: labelWidth) + "   1 column ≈ " + TimeText.format(nanoseconds: end / Int64(columns)))
        lines.append(TextLayout.pad("", to: labelWidth) + "   █ foreground  ▇ inactive  ▓ background  ░ suspended  ▒ launching")
        lines.append(TextLayout.pad("", to: labelWidth) + "   ═ background task  ┄ pending  ━ running  ╡ ended  ◇ expiring")
        lines.append(TextLayout.pad("", to: labelWidth) + "   ╳ killed  × submit failed")
        if !timeline.liveActivities.isEmpty {
            lines.append(TextLayout.pad("", to: labelWidth) + "   Live Activity: 0-9 tenths done  ✓ all  ? asks to continue")
        }
        lines.append(TextLayout.pad("", to: labelWidth) + "   ▔ in use  ▁ locked  + charging  - Low Power Mode  ! diagnostic")
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
