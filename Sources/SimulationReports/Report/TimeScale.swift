import SimulationKernel
/// Maps virtual time to horizontal positions, condensing long idle stretches into narrow breaks.
///
/// A run of a week with a few seconds of work every few hours is unreadable
/// on a linear axis: the work is a fraction of a pixel wide. The condensed
/// scale draws every stretch of at least a minute in which nothing happens
/// (no lane changes state, no mark, no diagnostic, no story line) as a break
/// a few pixels wide, labelled with its length, and everything else on one
/// linear scale. When the breaks are many, the plot grows wider than the
/// page (up to a limit) rather than squeezing the activity.
///
/// Arithmetic is `Double` additions, multiplications and divisions only
/// (no logarithms), so the same run gives the same positions on every platform.
///
/// The unit is a pixel on the page and a column in the terminal: a
/// ``Geometry`` says how wide a break is drawn in each.
struct TimeScale: Sendable {
    /// How breaks are drawn: in pixels on the page, in columns in the terminal.
    struct Geometry: Sendable {
        /// The narrowest and widest a break is drawn.
        var breakWidths: (minimum: Double, maximum: Double)
        /// The most units per second of activity: beyond it, more width shows nothing new.
        var maximumUnitsPerSecond: Double

        /// The HTML page: breaks of 10 to 40 pixels, at most 200 pixels a second.
        static let page = Geometry(breakWidths: (10, 40), maximumUnitsPerSecond: 200)
        /// The terminal: a break is one column, at most two columns a second.
        static let terminal = Geometry(breakWidths: (1, 1), maximumUnitsPerSecond: 2)
    }

    /// A stretch of time drawn at one scale.
    struct Piece: Sendable, Hashable {
        var start: Int64
        var end: Int64
        /// Where it starts, in pixels from the left of the plot.
        var x: Double
        var width: Double
        /// Whether it is a condensed idle stretch (a break).
        var condensed: Bool
    }

    /// The pieces, left to right, covering the run without gaps.
    private(set) var pieces: [Piece]
    /// The plot's width in pixels.
    private(set) var width: Double
    /// The end of the run.
    let end: Int64

    /// The shortest stretch ever condensed: shorter ones read well at any scale worth drawing.
    static let minimumIdle = VirtualDuration.seconds(30).nanoseconds
    /// The shortest stretch condensed while some lane is busy (a task running, the app in the
    /// background): half a minute of a refresh is the story, ten hours of a processing task are not.
    static let minimumBusyIdle = VirtualDuration.minutes(10).nanoseconds
    /// At most this share of the plot goes to breaks: the plot widens instead.
    static let breakShare = 0.4

    /// A linear scale of `0...end` over `width` pixels.
    init(linearTo end: Int64, width: Double) {
        self.end = max(end, 1)
        self.width = width
        pieces = [Piece(start: 0, end: self.end, x: 0, width: width, condensed: false)]
    }

    /// A scale over at least `width` pixels (about `maximumWidth` at most) that condenses the idle stretches between `instants`.
    ///
    /// It stays linear when condensing would not make the activity at least three times wider.
    ///
    /// - Parameter busy: Stretches of time in which some lane is busy; a quiet stretch inside one is condensed only when long.
    /// - Parameter geometry: How wide breaks are drawn; a terminal passes its own width as `maximumWidth` too, since it cannot scroll.
    init(
        condensing instants: [Int64], busy: [(start: Int64, end: Int64)] = [], end: Int64, width: Double, maximumWidth: Double = 12_000,
        geometry: Geometry = .page
    ) {
        let breakWidths = geometry.breakWidths
        self.init(linearTo: end, width: width)
        let end = self.end
        var gaps = Self.idleStretches(between: instants, busy: busy, end: end)
        let (chosen, condensedTime) = Self.condensedCount(of: gaps, end: end, width: width, maximumWidth: maximumWidth, widths: breakWidths)
        guard chosen > 0 else { return }
        gaps.removeLast(gaps.count - chosen)
        gaps.sort { $0.start < $1.start }

        let count = Double(chosen)
        let breakWidth = Self.breakWidth(count: count, plot: width, widths: breakWidths)
        let activity = end - condensedTime
        var plot = max(width, count * breakWidth / Self.breakShare)
        var scale = activity > 0 ? (plot - count * breakWidth) / Double(activity) : 0
        let maximumScale = geometry.maximumUnitsPerSecond / 1e9
        if scale > maximumScale {
            scale = maximumScale
            plot = max(count * breakWidth + Double(activity) * scale, min(width, count * breakWidths.maximum))
        }
        // Not worth a second drawing unless the activity comes out at least three times wider.
        guard activity == 0 || scale >= 3 * width / Double(end) else { return }
        // Breaks share what the activity leaves, so the plot is filled exactly.
        pieces = Self.pieces(condensing: gaps, end: end, scale: scale, breakWidth: (plot - Double(activity) * scale) / count, plot: plot)
        self.width = plot
    }

    /// The stretches between `instants` long enough to condense (longer still inside a busy stretch), longest first.
    private static func idleStretches(
        between instants: [Int64], busy: [(start: Int64, end: Int64)], end: Int64
    ) -> [(start: Int64, length: Int64)] {
        var times = instants.filter { $0 >= 0 && $0 <= end }
        times.append(0)
        times.append(end)
        times.sort()
        let busy = busy.filter { $0.end > $0.start }.sorted { $0.start < $1.start }
        // Whether the instant `time` lies inside a busy stretch: the furthest end among those starting before it.
        var furthestEnds: [Int64] = []
        for stretch in busy { furthestEnds.append(max(furthestEnds.last ?? .min, stretch.end)) }
        func isBusy(_ time: Int64) -> Bool {
            var low = 0
            var high = busy.count
            while low < high {
                let middle = (low + high) / 2
                if busy[middle].start <= time { low = middle + 1 } else { high = middle }
            }
            return low > 0 && furthestEnds[low - 1] > time
        }
        var gaps: [(start: Int64, length: Int64)] = []
        var previous = times[0]
        for time in times.dropFirst() where time != previous {
            let length = time - previous
            // No instant lies inside a gap, so a busy stretch covers all of it or none: test its middle.
            if length >= Self.minimumIdle, length >= Self.minimumBusyIdle || !isBusy(previous + length / 2) {
                gaps.append((previous, length))
            }
            previous = time
        }
        gaps.sort { $0.length != $1.length ? $0.length > $1.length : $0.start < $1.start }
        return gaps
    }

    /// How many of the longest `gaps` to condense, and the time they take: as many as keep every condensed stretch
    /// wider, at the resulting scale, than two breaks (a break must save room, not cost it). Condensing one of many
    /// similar stretches gains little, condensing all of them a lot, so every count is tried.
    private static func condensedCount(
        of gaps: [(start: Int64, length: Int64)], end: Int64, width: Double, maximumWidth: Double,
        widths breakWidths: (minimum: Double, maximum: Double)
    ) -> (count: Int, time: Int64) {
        let limit = min(gaps.count, Int(maximumWidth * Self.breakShare / breakWidths.minimum))
        var chosen = 0
        var condensedTime: Int64 = 0
        var runningTime: Int64 = 0
        for index in 0..<limit {
            runningTime += gaps[index].length
            let count = Double(index + 1)
            let breakWidth = Self.breakWidth(count: count, plot: width, widths: breakWidths)
            let activity = end - runningTime
            let plot = max(width, count * breakWidth / Self.breakShare)
            let scale = activity > 0 ? (plot - count * breakWidth) / Double(activity) : .infinity
            if Double(gaps[index].length) * scale >= 2 * breakWidth {
                chosen = index + 1
                condensedTime = runningTime
            }
        }
        return (chosen, condensedTime)
    }

    /// The pieces of `0...end` with `gaps` (in time order) drawn `breakWidth` wide and the rest at `scale`.
    private static func pieces(
        condensing gaps: [(start: Int64, length: Int64)], end: Int64, scale: Double, breakWidth drawnBreak: Double, plot: Double
    ) -> [Piece] {
        var result: [Piece] = []
        var cursor: Int64 = 0
        var x = 0.0
        for stretch in gaps {
            if stretch.start > cursor {
                let piece = Piece(start: cursor, end: stretch.start, x: x, width: Double(stretch.start - cursor) * scale, condensed: false)
                result.append(piece)
                x += piece.width
            }
            result.append(Piece(start: stretch.start, end: stretch.start + stretch.length, x: x, width: drawnBreak, condensed: true))
            x += drawnBreak
            cursor = stretch.start + stretch.length
        }
        if cursor < end {
            result.append(Piece(start: cursor, end: end, x: x, width: Double(end - cursor) * scale, condensed: false))
        }
        // Rounding leaves the last piece a hair off the edge; close it exactly.
        if let last = result.indices.last { result[last].width = plot - result[last].x }
        return result
    }

    private static func breakWidth(count: Double, plot: Double, widths: (minimum: Double, maximum: Double)) -> Double {
        max(widths.minimum, min(widths.maximum, plot * 0.3 / count))
    }

    /// Whether any stretch is condensed.
    var isCondensed: Bool { pieces.contains(where: \.condensed) }

    /// The pixels per nanosecond of the linear pieces.
    var scale: Double {
        guard let piece = pieces.first(where: { !$0.condensed && $0.end > $0.start }) else { return width / Double(end) }
        return piece.width / Double(piece.end - piece.start)
    }

    /// The position of an instant, in pixels from the left of the plot.
    func x(_ instant: VirtualInstant) -> Double { x(instant.nanoseconds) }

    /// The position of an instant given in nanoseconds, in pixels from the left of the plot.
    func x(_ time: Int64) -> Double {
        if time <= 0 { return 0 }
        if time >= end { return width }
        var low = 0
        var high = pieces.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pieces[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        let piece = pieces[low]
        guard piece.end > piece.start else { return piece.x }
        return piece.x + piece.width * Double(time - piece.start) / Double(piece.end - piece.start)
    }

    /// A labelled tick of the axis.
    struct Tick: Sendable, Hashable {
        var x: Double
        var time: Int64
        var label: String
    }

    /// Round instants to label, at least `spacing` pixels apart.
    ///
    /// Inside the linear pieces, multiples of one step. Where activity resumes
    /// after a break, the last whole minute before it (or a finer round
    /// instant, when the break is shorter), which lies in the break, a hair
    /// before the activity: `12h09m` rather than `12h09m41s`. A run that ends
    /// in a break gets its end labelled.
    func ticks(spacing: Double = 72) -> [Tick] {
        let step = Self.niceSteps.first { Double($0) * scale >= spacing } ?? Self.niceSteps.last!
        var ticks: [Tick] = []
        var lastX = -Double.infinity
        for (index, piece) in pieces.enumerated() where !piece.condensed {
            var time = (piece.start + step - 1) / step * step
            // A piece that starts after a break gets a round instant at its start, so the reader knows where it resumes.
            if index > 0, pieces[index - 1].condensed {
                let resumed = Self.roundInstant(before: piece.start, after: pieces[index - 1].start)
                let x = x(resumed)
                if x - lastX >= spacing * 0.75 {
                    ticks.append(Tick(x: x, time: resumed, label: DurationText.axis(resumed, step: Self.roundestStep(resumed))))
                    lastX = x
                }
            }
            // After a break, a tick inside the piece keeps its distance from the piece's start, labelled or not:
            // `15h49m30s` three seconds after activity resumes reads as the instant it resumed.
            let earliest = index > 0 && pieces[index - 1].condensed ? piece.x + spacing * 0.75 : -Double.infinity
            while time <= piece.end {
                let x = x(time)
                if x - lastX >= spacing * 0.75 && x >= earliest {
                    ticks.append(Tick(x: x, time: time, label: DurationText.axis(time, step: step)))
                    lastX = x
                }
                time += step
            }
        }
        // A run that ends idle ends on a break: label its end so the axis says where it stops.
        if let last = pieces.last, last.condensed {
            // The end matters more than the tick before it.
            if let previous = ticks.last, width - previous.x < spacing * 0.75, ticks.count > 1 { ticks.removeLast() }
            if width - (ticks.last?.x ?? -.infinity) >= spacing * 0.75 {
                ticks.append(Tick(x: width, time: end, label: DurationText.axis(end, step: Self.roundestStep(end))))
            }
        }
        return ticks
    }

    /// The last whole minute at or before `time` that is after `earliest` (inside the break before `time`), or a finer round instant.
    static func roundInstant(before time: Int64, after earliest: Int64) -> Int64 {
        let units = [VirtualDuration.minutes(1), .seconds(10), .seconds(1), .milliseconds(100), .milliseconds(10), .milliseconds(1)].map(\.nanoseconds)
        for unit in units {
            let rounded = time / unit * unit
            if rounded > earliest { return rounded }
        }
        return time
    }

    /// The largest tick step that divides `time`, so that a label for it says no more than it must.
    static func roundestStep(_ time: Int64) -> Int64 {
        niceSteps.last { time % $0 == 0 } ?? 1_000_000
    }

    /// Tick steps, from a millisecond to four weeks.
    static let niceSteps: [Int64] = {
        let ms: Int64 = 1_000_000
        let s = 1000 * ms
        let m = 60 * s
        let h = 60 * m
        let d = 24 * h
        return [
            ms, 2 * ms, 5 * ms, 10 * ms, 20 * ms, 50 * ms, 100 * ms, 200 * ms, 500 * ms,
            s, 2 * s, 5 * s, 10 * s, 15 * s, 30 * s, m, 2 * m, 5 * m, 10 * m, 15 * m, 30 * m,
            h, 2 * h, 3 * h, 6 * h, 12 * h, d, 2 * d, 7 * d, 14 * d, 28 * d,
        ]
    }()
}
