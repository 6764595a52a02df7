import SimulationKernel
import BackgroundSimulation
import SimulationModel
@testable import SimulationReports
import Testing

/// The text timeline: the terminal's width, idle time condensed, a line a day, repetitions folded, seconds past day 1.
@Suite struct TerminalTimelineTests {
    @Test(arguments: [60, 80, 132, 200])
    func everyLineFitsTheWidthAndTheLanesUseIt(width: Int) throws {
        for name in ["leaked-assertion-watchdog", "feed-refresh-week", "continued-video-export"] {
            let timeline = try Runs.report(name).timeline
            let lanes = TerminalTimeline(width: width).lanes(timeline)
            for line in lanes { #expect(line.count <= width, "\(name) at \(width): \(line)") }
            for line in TerminalTimeline(width: width).story(timeline) {
                for part in line.split(separator: "\n") { #expect(part.count <= width, "\(name) at \(width): \(part)") }
            }
            // The axis runs the whole width of the lanes.
            #expect(lanes[1].count == width, "\(name) at \(width): \(lanes[1])")
        }
    }

    @Test func theWidthIsTheTerminalsThenColumnsThenEighty() {
        #expect(TerminalWidth.decide(terminalColumns: 132, environment: ["COLUMNS": "100"]) == 132)
        #expect(TerminalWidth.decide(terminalColumns: nil, environment: ["COLUMNS": "100"]) == 100)
        #expect(TerminalWidth.decide(terminalColumns: nil, environment: ["COLUMNS": " 90 "]) == 90)
        #expect(TerminalWidth.decide(terminalColumns: nil, environment: ["COLUMNS": "wide"]) == 80)
        #expect(TerminalWidth.decide(terminalColumns: nil, environment: [:]) == 80)
        #expect(TerminalWidth.decide(terminalColumns: 0, environment: [:]) == 80)
        #expect(TerminalWidth.decide(terminalColumns: 20, environment: [:]) == 60)
        #expect(TerminalWidth.decide(terminalColumns: 1000, environment: [:]) == 240)
    }

    @Test func idleTimeIsCondensedAsOnThePageWithRoundLabels() throws {
        let lanes = TerminalTimeline(width: 80).lanes(try Runs.report("database-cleanup-processing").timeline)
        #expect(lanes[0] == "Lanes        0              23h01m       23h02m      23h03m       23h04m      1d")
        #expect(lanes[1].contains("┊") && lanes[1].contains("┬"))
        #expect(lanes.contains { $0.contains("┊ 4 idle stretches of 23h54m in all, one column") })
        // Eleven seconds of a 3-minute run on a linear axis would be four columns; condensed they take most of the width.
        let short = TerminalTimeline(width: 80).lanes(try Runs.report("leaked-assertion-watchdog").timeline)
        let app = try #require(short.first { $0.hasPrefix("app #1") })
        #expect(app.filter { $0 == "█" }.count > 10)
    }

    @Test func aLongRunIsDrawnALineADay() throws {
        let lanes = TerminalTimeline(width: 80).lanes(try Runs.report("feed-refresh-week").timeline)
        #expect(lanes[0].hasPrefix("Lanes by day 0h") && lanes[0].hasSuffix("24h"))
        for day in 1...7 { #expect(lanes.contains { $0.hasPrefix("day \(day)  ") }, "no line for day \(day)") }
        #expect(lanes.filter { $0.hasPrefix("app #1") }.count == 7)
        #expect(lanes.contains { $0.contains("a line a day") })
    }

    @Test func aCrowdOfRowsIsCountedNotDrawn() throws {
        // Three hundred background tasks open at once: the text shows the first rows and the last, and counts the rest.
        var timeline = try Runs.report("save-on-background").timeline
        timeline.assertions = (0..<300).map { index in
            Timeline.AssertionLane(
                process: 1, identifier: Int64(index + 1), name: "job", begin: VirtualInstant(nanoseconds: Int64(index)),
                end: timeline.end - .nanoseconds(Int64(index)), closing: .open, expirationHandlerAt: nil)
        }
        let lanes = TerminalTimeline(width: 80).lanes(timeline)
        #expect(lanes.count < 50, "\(lanes.count) lines")
        #expect(lanes.contains("… 276 more rows of background tasks: the page and Perfetto draw them all"))
        for line in lanes { #expect(line.count <= 80) }
    }

    @Test func repeatedLinesAndBlocksAreFolded() throws {
        let cleanup = TerminalTimeline(width: 80).story(try Runs.report("database-cleanup-processing").timeline)
        #expect(cleanup.contains("   23h00m30s  app #1     saved \"cleanup-progress\" × 27, the last at 23h04m50s"))
        let week = TerminalTimeline(width: 100).story(try Runs.report("feed-refresh-week").timeline)
        #expect(week.contains { $0.contains("↻ the 8 lines above, 3 more times with other numbers, until 17h20m12s") })
    }

    @Test func theDigestFoldsOnlyConsecutiveRepetitionsAndSaysWhenNumbersDiffer() {
        func entry(_ time: Int64, _ text: String, _ actor: Timeline.Entry.Actor = .app(process: 1)) -> Timeline.Entry {
            Timeline.Entry(time: VirtualInstant(nanoseconds: time), actor: actor, text: text)
        }
        let entries = [
            entry(0, "launch", .user), entry(1, "saved \"a\""), entry(2, "saved \"a\""), entry(3, "saved \"a\""),
            entry(4, "due at 5m"), entry(5, "ran"), entry(6, "due at 10m"), entry(7, "ran"), entry(8, "saved \"a\""),
            entry(9, "saved \"a\"", .app(process: 2)),
        ]
        let items = StoryDigest(entries).items
        #expect(items == [
            .line(entries[0], repeats: 1, last: VirtualInstant(nanoseconds: 0), numbersVary: false),
            .line(entries[1], repeats: 3, last: VirtualInstant(nanoseconds: 3), numbersVary: false),
            .line(entries[4], repeats: 1, last: VirtualInstant(nanoseconds: 4), numbersVary: false),
            .line(entries[5], repeats: 1, last: VirtualInstant(nanoseconds: 5), numbersVary: false),
            .block(lines: 2, times: 1, last: VirtualInstant(nanoseconds: 7), numbersVary: true),
            .line(entries[8], repeats: 1, last: VirtualInstant(nanoseconds: 8), numbersVary: false),
            // Another process is another teller: not folded into the line before.
            .line(entries[9], repeats: 1, last: VirtualInstant(nanoseconds: 9), numbersVary: false),
        ])
        #expect(StoryDigest.sameWithoutNumbers("due at 1d09h41m24s (3.500s), BGS017", "due at 9h (12s), BGS1"))
        #expect(!StoryDigest.sameWithoutNumbers("due at 9h", "due at 9h (late)"))
        #expect(!StoryDigest.sameWithoutNumbers("export.1 ended", "export.1 started"))
        #expect(StoryDigest.sameWithoutNumbers("", ""))
        #expect(!StoryDigest.sameWithoutNumbers("5", ""))
        let a = Timeline.Entry(time: .zero, actor: .system, text: "due at 9h41m24s")
        let b = Timeline.Entry(time: VirtualInstant(nanoseconds: 9), actor: .system, text: "due at 12h09m41s")
        #expect(StoryDigest.shapeHash(a) == StoryDigest.shapeHash(b))
        #expect(StoryDigest.shapeHash(a) != StoryDigest.shapeHash(Timeline.Entry(time: .zero, actor: .user, text: a.text)))
    }

    @Test func instantsPastTheFirstDayKeepTheirSeconds() throws {
        #expect(DurationText.instant(86_400_000_000_000 + 1_168_000_000_000) == "1d00h19m28s")
        #expect(DurationText.instant(9 * 3_600_000_000_000 + 41 * 60_000_000_000 + 24_000_000_000) == "9h41m24s")
        #expect(DurationText.instant(1_500_000_000) == "1.500s")
        let story = TerminalTimeline(width: 80, maximumEntries: 1000).story(try Runs.report("feed-refresh-week").timeline)
        #expect(story.contains { $0.hasPrefix(" 1d00h19m28s  system     launches com.example.news.refresh") })
    }
}
