import SimulationKernel
/// A long run cut into days, for the views that draw one line a day.
///
/// A week on one axis is a barcode: a three-second refresh is a fraction of
/// a pixel, or, on a condensed axis, as wide as a quarter-hour in the app.
/// One line a day on a 24-hour axis keeps every length true and shows the
/// run's rhythm: the same hour of each day is at the same place.
struct DayWindows: Sendable {
    /// One day of the run: its start and end in the run's time (the last day may be short).
    struct Day: Sendable, Hashable {
        /// The day's number, from 1.
        var number: Int
        var start: VirtualInstant
        var end: VirtualInstant

        /// An instant of the day moved to the time the day's drawing gives it: the day's start is 0.
        func moved(_ instant: VirtualInstant) -> VirtualInstant { .zero + (instant - start) }

        /// The instant of the run that the day's time 0 stands for, as a span from the run's start.
        var offset: VirtualDuration { start - .zero }
    }

    static let day: VirtualDuration = .days(1)
    /// Runs at least this long are drawn a day a line: a day and a quarter has two days worth comparing.
    static let shortest: VirtualDuration = .hours(30)
    /// Runs longer than this many days stay on one axis: a line a day would be too many lines.
    static let mostDays = 31

    /// Drawings of more rows than this stay on one axis: a day of them would not fit a screen, let alone a week.
    static let mostRows = 120

    /// Whether a run that ends at `end`, drawn in `rows` rows, is drawn a day a line.
    static func applies(to end: VirtualInstant, rows: Int) -> Bool {
        end - .zero >= shortest && end - .zero <= Int64(mostDays) * day && rows <= mostRows
    }

    /// The days, in order.
    let days: [Day]

    /// The days of a run that ends at `end`.
    init(end: VirtualInstant) {
        var days: [Day] = []
        var start = VirtualInstant.zero
        while start < end {
            days.append(Day(number: days.count + 1, start: start, end: min(end, start + Self.day)))
            start = start + Self.day
        }
        self.days = days
    }

    /// The lanes with only what lies in `day`, moved to start at 0; a lane with nothing that day is left out.
    ///
    /// A segment across midnight is cut in two. A mark at the very end of the run belongs to the last day.
    static func lanes(_ lanes: [Lane], in day: Day, runEnd: VirtualInstant) -> [Lane] {
        lanes.compactMap { lane in
            var clipped = lane
            clipped.segments = lane.segments.compactMap { segment in
                let start = max(segment.start, day.start)
                let end = min(segment.end, day.end)
                guard end > start else { return nil }
                var moved = segment
                moved.start = day.moved(start)
                moved.end = day.moved(end)
                return moved
            }
            clipped.marks = lane.marks.compactMap { mark in
                guard contains(day, mark.time, runEnd: runEnd) else { return nil }
                var moved = mark
                moved.time = day.moved(mark.time)
                return moved
            }
            return clipped.segments.isEmpty && clipped.marks.isEmpty ? nil : clipped
        }
    }

    /// Whether an instant belongs to `day`: from its start up to its end, which belongs to the next day unless the run ends there.
    static func contains(_ day: Day, _ time: VirtualInstant, runEnd: VirtualInstant) -> Bool {
        time >= day.start && (time < day.end || (time == day.end && day.end == runEnd))
    }
}
