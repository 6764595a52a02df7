@testable import SimulationReports
import Testing

/// The condensed time axis: idle stretches become breaks, activity keeps one linear scale.
@Suite struct TimeScaleTests {
    private let second: Int64 = 1_000_000_000

    private func checkCoverage(_ scale: TimeScale) {
        #expect(scale.pieces.first?.start == 0)
        #expect(scale.pieces.last?.end == scale.end)
        for (a, b) in zip(scale.pieces, scale.pieces.dropFirst()) {
            #expect(a.end == b.start)
            #expect(abs(a.x + a.width - b.x) < 1e-6)
        }
        #expect(abs((scale.pieces.last.map { $0.x + $0.width } ?? 0) - scale.width) < 1e-6)
        var previous = -1.0
        let step = Int(max(1, scale.end / 997))
        for time in stride(from: Int64(0), through: scale.end, by: step) {
            let x = scale.x(time)
            #expect(x >= previous, "x goes back at \(time)")
            previous = x
        }
    }

    @Test func aShortBusyRunStaysLinear() {
        let instants: [Int64] = (0...10).map { Int64($0) * 2 * second }
        let scale = TimeScale(condensing: instants, end: 20 * second, width: 960)
        #expect(!scale.isCondensed)
        #expect(scale.width == 960)
        #expect(scale.x(10 * second) == 480)
        checkCoverage(scale)
    }

    @Test func aLongIdleTailIsCondensed() {
        // Work in the first 35 seconds, then nothing until 3 minutes.
        let instants: [Int64] = [0, 476_000_000, 3 * second, 5 * second, 30 * second, 34 * second, 35 * second]
        let scale = TimeScale(condensing: instants, end: 180 * second, width: 960)
        #expect(scale.isCondensed)
        #expect(scale.pieces.filter(\.condensed).map(\.start) == [35 * second])
        #expect(scale.width == 960)
        // The activity gets nearly all the width, on one scale.
        #expect(scale.x(35 * second) > 900)
        checkCoverage(scale)
        let labels = scale.ticks().map(\.label)
        #expect(labels.first == "0")
        #expect(labels.last == "3m")
    }

    @Test func aWeekOfShortRefreshesWidensThePlotAndShowsEachRefresh() {
        // A 3-second refresh every 2.5 hours for a week.
        var instants: [Int64] = []
        var time: Int64 = 0
        while time < 7 * 86_400 * second {
            instants += [time, time + 3 * second]
            time += 9_000 * second
        }
        let scale = TimeScale(condensing: instants, end: 7 * 86_400 * second, width: 960)
        #expect(scale.isCondensed)
        #expect(scale.width > 960)
        #expect(scale.width <= 12_000)
        let refresh = scale.x(9_000 * second + 3 * second) - scale.x(9_000 * second)
        #expect(refresh >= 10, "a refresh is \(refresh) px wide")
        checkCoverage(scale)
    }

    @Test func tooManyIdleStretchesKeepOnlyTheLongest() {
        let instants = (0..<5_000).map { Int64($0) * 100 * second }
        let scale = TimeScale(condensing: instants, end: 500_000 * second, width: 960, maximumWidth: 4_000)
        #expect(scale.pieces.filter(\.condensed).count <= 160)
        #expect(scale.width <= 4_100)
        checkCoverage(scale)
    }

    @Test func whereActivityResumesAfterABreakTheLabelIsARoundInstant() {
        // Quiet until 12h09m41s, three seconds of work, quiet again until a day.
        let start = 43_781 * second
        let scale = TimeScale(condensing: [0, start, start + 3 * second], end: 86_400 * second, width: 960)
        #expect(scale.isCondensed)
        let labels = scale.ticks().map(\.label)
        #expect(labels.contains("12h09m"), "\(labels)")
        // The first label after the break is the round one; finer instants follow at the axis's step, never the odd instant work resumed.
        #expect(labels.first { $0 != "0" } == "12h09m", "\(labels)")
        #expect(!labels.contains("12h09m41s"), "\(labels)")
        // The whole minute lies in the break, a hair before the work: its tick is there.
        let tick = scale.ticks().first { $0.label == "12h09m" }!
        #expect(tick.x <= scale.x(start) && scale.x(start) - tick.x < 10)
        // A break shorter than the minute before the work gets a finer round instant.
        #expect(TimeScale.roundInstant(before: 95 * second + 500_000_000, after: 62 * second) == 90 * second)
        #expect(TimeScale.roundInstant(before: 95 * second + 500_000_000, after: 93 * second) == 95 * second)
        #expect(TimeScale.roundInstant(before: 120 * second, after: 30 * second) == 120 * second)
    }

    @Test func theTerminalGeometryDrawsABreakAsOneColumnWithinItsWidth() {
        let instants: [Int64] = [0, 476_000_000, 3 * second, 5 * second, 30 * second, 34 * second, 35 * second]
        let scale = TimeScale(condensing: instants, end: 180 * second, width: 67, maximumWidth: 67, geometry: .terminal)
        #expect(scale.isCondensed)
        #expect(scale.width <= 67)
        for piece in scale.pieces where piece.condensed { #expect(piece.width <= 1.000_001) }
        checkCoverage(scale)
    }

    @Test func axisLabels() {
        #expect(DurationText.axis(0, step: second) == "0")
        #expect(DurationText.axis(1_500_000_000, step: 500_000_000) == "1.5s")
        #expect(DurationText.axis(30 * second, step: 10 * second) == "30s")
        #expect(DurationText.axis(270 * second, step: 30 * second) == "4m30s")
        #expect(DurationText.axis(600 * second, step: 60 * second) == "10m")
        #expect(DurationText.axis(60 * second + 500_000_000, step: 500_000_000) == "1m00.5s")
        #expect(DurationText.axis(61 * second, step: 500_000_000) == "1m01s")
        #expect(DurationText.axis(60 * second, step: 500_000_000) == "1m00s")
        #expect(DurationText.axis(6 * 3_600 * second, step: 3_600 * second) == "6h")
        #expect(DurationText.axis(43_781 * second, step: second) == "12h09m41s")
        #expect(DurationText.axis(2 * 86_400 * second, step: 86_400 * second) == "2d")
        #expect(DurationText.axis(86_400 * second + 1_168 * second, step: second) == "1d00h19m28s")
        #expect(DurationText.axis(86_400 * second + 1_140 * second, step: 60 * second) == "1d00h19m")
        #expect(DurationText.axis(2 * 86_400 * second + 3_600 * second, step: 3_600 * second) == "2d01h")
        #expect(DurationText.axis(43_781 * second + 500_000_000, step: 500_000_000) == "12h09m41.5s")
        #expect(DurationText.short(266 * second) == "4m26s")
        #expect(DurationText.short(300 * second) == "5m")
        #expect(DurationText.short(250_000_000) == "250ms")
    }
}
