import SimulationKernel
import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SimulationReports
import Testing

/// The HTML page: well formed, self-contained, a row per lane, the header facts, every diagnostic.
@Suite struct HTMLReportTests {
    /// The elements of a page, read with an XML parser (the page is written as well-formed XHTML).
    final class Elements: NSObject, XMLParserDelegate {
        var names: [String] = []
        var attributes: [[String: String]] = []
        var texts: [String] = []
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            names.append(name)
            self.attributes.append(attributes)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            texts.append(text)
            text = ""
        }

        /// The text of elements with a class.
        func count(ofClass wanted: String) -> Int {
            attributes.filter { ($0["class"] ?? "").split(separator: " ").contains(Substring(wanted)) }.count
        }
    }

    static func parse(_ html: String) throws -> Elements {
        let parser = XMLParser(data: Data(html.utf8))
        let elements = Elements()
        parser.delegate = elements
        let ok = parser.parse()
        #expect(ok, "the page is not well formed: \(String(describing: parser.parserError)) at line \(parser.lineNumber), column \(parser.columnNumber)")
        return elements
    }

    @Test(arguments: Runs.allNames)
    func pageParsesAndHasARowPerLane(name: String) throws {
        let report = try Runs.report(name)
        let html = HTMLReport().render(report)
        let elements = try Self.parse(html)
        #expect(elements.names.first == "html")
        // One labelled row per lane in each drawing of the whole run (condensed and linear, or linear alone),
        // and in the view of a long run that draws a line a day, one per lane that has something that day.
        let drawings = html.components(separatedBy: "<svg class=\"lanes\"").count - 1
        let timeline = report.timeline
        let lanes = timeline.lanes
        let byDay = DayWindows.applies(to: timeline.end, rows: LaneRows(lanes: lanes).sections.reduce(0) { $0 + $1.rows.count })
            && lanes.reduce(0) { $0 + $1.segments.count } <= HTMLReport.mostSegmentsByDay
        #expect((1...2).contains(drawings - (byDay ? 1 : 0)))
        var rows = (drawings - (byDay ? 1 : 0)) * (lanes.count + (timeline.markers.isEmpty ? 0 : 1))
        if byDay {
            for day in DayWindows(end: timeline.end).days {
                rows += DayWindows.lanes(lanes, in: day, runEnd: timeline.end).count
                rows += timeline.markers.contains { DayWindows.contains(day, $0.time, runEnd: timeline.end) } ? 1 : 0
            }
        }
        #expect(elements.count(ofClass: "rowlabel") == rows)
        for lane in lanes {
            #expect(html.contains(">\(HTMLText.escape(lane.title))</text>"), "no row for \(lane.title)")
        }
        #expect(lanes.contains { $0.group == .app })
    }

    @Test func processesAssertionsAndTaskRequestsEachGetARow() throws {
        for name in ["leaked-assertion-watchdog", "feed-refresh-week"] {
            let report = try Runs.report(name)
            let html = HTMLReport().render(report)
            let groups = Set(report.timeline.lanes.map(\.group))
            for group in groups { #expect(html.contains(">\(HTMLText.escape(group.heading))</text>"), "no heading for \(group)") }
            for lane in report.timeline.lanes { #expect(html.contains(">\(HTMLText.escape(lane.title))</text>")) }
        }
        #expect(try Runs.report("leaked-assertion-watchdog").timeline.lanes.filter { $0.group == .backgroundTasks }.count == 2)
        #expect(try Runs.report("feed-refresh-week").timeline.lanes.contains { $0.group == .scheduledTasks })
    }

    @Test(arguments: Runs.names)
    func headerHasTheFactsOfTheRun(name: String) throws {
        let report = try Runs.report(name)
        let html = HTMLReport().render(report)
        #expect(html.contains("<h1>\(name) "))
        #expect(html.contains("<dt>Seed</dt><dd>\(report.timeline.seed)</dd>"))
        #expect(html.contains("<dt>Profile</dt><dd>\(report.timeline.profile)</dd>"))
        #expect(html.contains("<code>\(report.fingerprint)</code>"))
        #expect(html.contains("<code>bgsim run Scenarios/\(name).json --seed \(report.timeline.seed)</code>"))
        #expect(html.contains("class=\"legend\""))
    }

    @Test func everyDiagnosticIsAMarkerAndACardWithRuleMessageAndFix() throws {
        let report = try Runs.report("leaked-assertion-watchdog")
        let html = HTMLReport().render(report)
        let elements = try Self.parse(html)
        let markers = report.timeline.markers
        #expect(markers.count == 5)
        #expect(elements.count(ofClass: "diagnostic") == markers.count)
        for marker in markers {
            #expect(html.contains(HTMLText.escape(marker.message)))
            #expect(html.contains(HTMLText.escape(marker.fix)))
            #expect(html.contains("<code class=\"rule\">\(marker.rule)</code>"))
        }
        #expect(elements.count(ofClass: "marker") >= 1)
        #expect(elements.count(ofClass: "guide") >= 1)
    }

    @Test func pageIsSelfContained() throws {
        let html = HTMLReport().render(try Runs.report("expiration-ends-async"))
        #expect(!html.contains("src=\""))
        #expect(!html.contains("<link"))
        #expect(!html.contains("@import"))
        #expect(!html.contains("url(http"))
        // The only URL is the SVG namespace, which browsers never fetch.
        let urls = html.components(separatedBy: "http").count - 1
        #expect(urls == html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1)
    }

    @Test func samePageTwice() throws {
        let report = try Runs.report("leaked-assertion-watchdog")
        #expect(HTMLReport().render(report) == HTMLReport().render(try Runs.report("leaked-assertion-watchdog")))
    }

    @Test func aLaneAddedByHandIsDrawnWithNoChangeToTheRenderers() throws {
        // Lanes are drawn generically: a lane of states and marks the run never produced still gets
        // its row, its colours, its legend entries and its glyphs. (Every state has a style: the
        // table switches over `LaneState`, so no state falls back to a made-up one.)
        var report = try Runs.report("save-on-background")
        let end = report.timeline.end
        let change = VirtualInstant.zero + (end - .zero) / 20
        report.timeline.device.append(Lane(
            id: "device-power-2", title: "power 2", group: .device,
            // The change at 30 s, inside the activity: on the terminal's condensed axis a quiet half of the run is one column.
            segments: [
                Lane.Segment(start: .zero, end: change, state: .power(.lowPowerMode), detail: nil),
                Lane.Segment(start: change, end: end, state: .power(.charging), detail: "plugged in"),
            ],
            marks: [Lane.Mark(time: change, kind: .failed, detail: "the system refused")]))
        let html = HTMLReport().render(report)
        _ = try Self.parse(html)
        #expect(html.contains(">power 2</text>"))
        #expect(html.contains("Low Power Mode"))
        #expect(html.contains("plugged in"))
        #expect(html.contains("<use href=\"#mk-failed\""))
        let text = TerminalTimeline(width: 80).lanes(report.timeline)
        let row = try #require(text.first { $0.hasPrefix("power 2") })
        #expect(row.contains("-") && row.contains("+") && row.contains("×"))
        #expect(text.contains { $0.contains("- Low Power Mode") && $0.contains("+ charging") })
        #expect(text.contains { $0.contains("× submit failed") })
    }

    @Test func crowdedGroupsShareRowsAndNarrowSegmentsMerge() throws {
        // Two thousand short background tasks, one after the other, over a day.
        var timeline = Timeline(events: try Runs.result("save-on-background").0.events)
        let day = VirtualDuration.days(1)
        timeline.end = .zero + day
        timeline.assertions = (0..<2000).map { index in
            let begin = VirtualInstant.zero + Int64(index) * (day / 2000)
            return Timeline.AssertionLane(
                process: 1, identifier: Int64(index + 1), name: "job", begin: begin, end: begin + .seconds(5),
                closing: .ended, expirationHandlerAt: nil)
        }
        // And an app that changes state 100,000 times.
        let states: [AppState.Name] = [.background, .suspended, .foregroundActive, .background]
        timeline.processes[0].segments = (0..<100_000).map { index in
            let start = VirtualInstant.zero + Int64(index) * (day / 100_000)
            return Timeline.Segment(start: start, end: start + day / 100_000, state: states[index % states.count])
        }
        timeline.processes[0].termination = nil
        let report = RunReport(timeline: timeline, fingerprint: "0", eventCount: 0, replay: "bgsim run x.json", ending: .completed)
        let html = HTMLReport().render(report)
        let elements = try Self.parse(html)
        #expect(html.contains("Background tasks · 2000 lanes in 1 row<"))
        // Bounded by pixels, not by segments: a few elements per pixel column and row.
        #expect(elements.names.count < 20_000, "\(elements.names.count) elements")
        #expect(html.utf8.count < 3_000_000)
        // The terminal packs the crowd into one row too.
        let lanes = TerminalTimeline(width: 80).lanes(timeline)
        #expect(lanes.contains { $0.hasPrefix("task×2000 ") })
        #expect(lanes.count < 20)
        for line in lanes { #expect(line.count <= 80) }
    }
}

/// The timeline's views and what the page does with them: a line a day, zoom and overview, links, taps, dark mode.
@Suite struct HTMLTimelineViewTests {
    /// The `<svg class="lanes">` drawings of a page, as text.
    static func plots(_ html: String) -> [Substring] {
        html.components(separatedBy: "<svg class=\"lanes\"").dropFirst().map { $0.components(separatedBy: "</svg></div></div>")[0][...] }
    }

    @Test func aLongRunOpensOnALineADayWithHoursOnTheAxis() throws {
        let html = HTMLReport().render(try Runs.report("feed-refresh-week"))
        _ = try HTMLReportTests.parse(html)
        #expect(html.contains("<input type=\"radio\" name=\"view\" id=\"view-days\" checked=\"checked\"/>"))
        #expect(html.contains("<label for=\"view-days\">A line a day</label><label for=\"view-condensed\">Idle stretches condensed</label><label for=\"view-linear\">Linear time</label>"))
        for day in 1...7 {
            #expect(html.contains(">Day \(day) · \(day == 1 ? "0s" : "\(day - 1)d") to \(day)d</text>"), "no band for day \(day)")
        }
        let days = try #require(Self.plots(html).first)
        #expect(days.contains(">12h</text>") && days.contains(">24h</text>"))
        // Hover texts give the run's own instants, not the time of day.
        #expect(days.contains("1d00h19m28s"))
        // A short run has no such view.
        let short = HTMLReport().render(try Runs.report("leaked-assertion-watchdog"))
        #expect(!short.contains("id=\"view-days\""))
        #expect(short.contains("id=\"view-condensed\" checked=\"checked\""))
    }

    @Test func eachDiagnosticLinksToItsCardFromTheDrawingAndTheStory() throws {
        let report = try Runs.report("leaked-assertion-watchdog")
        let html = HTMLReport().render(report)
        let targets = html.components(separatedBy: "<a href=\"#d").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(!targets.isEmpty)
        for target in Set(targets) { #expect(html.contains("<li class=\"diagnostic") && html.contains("id=\"d\(target)\"")) }
        // Every diagnostic line of the story is a link to its own card.
        for number in 1...report.timeline.markers.count { #expect(html.contains("<td><a href=\"#d\(number)\">")) }
        // Beyond the cards the page lists, markers link to the table by rule.
        let few = HTMLReport(maximumDiagnostics: 1).render(report)
        #expect(few.contains("<a href=\"#diagnostics\" class=\"marker"))
        #expect(!few.contains("href=\"#d2\""))
    }

    @Test func plotsZoomAndTheOverviewDrawsThemByReference() throws {
        let html = HTMLReport().render(try Runs.report("feed-refresh-week"))
        for id in ["condensed", "linear"] {
            #expect(html.contains("<use href=\"#\(id)-segments\"/>"))
            #expect(html.contains("<g id=\"\(id)-segments\">"))
        }
        for plot in Self.plots(html) {
            #expect(plot.contains("preserveAspectRatio=\"none\""))
            // Every word and glyph in a plot is counter-scaled by the zoom (class `k`), but the cursor's, which the script places.
            let texts = plot.components(separatedBy: "<text").dropFirst().filter { !$0.hasPrefix(" x=\"0\" y=\"14\"></text>") }
            for text in texts { #expect(text.hasPrefix(" class=\"") && text.prefix(40).contains(" k"), "not counter-scaled: <text\(text.prefix(60))") }
            let uses = plot.components(separatedBy: "<use").dropFirst()
            for use in uses { #expect(use.hasPrefix(" class=\"") && use.prefix(30).contains("k"), "not counter-scaled: <use\(use.prefix(60))") }
        }
        #expect(HTMLReport.script.contains("setAttribute(\"width\", baseWidth * zoom)"))
    }

    @Test func labelsStayPutDetailsComeOnTapAndDarkModeHasItsColours() throws {
        let html = HTMLReport().render(try Runs.report("feed-refresh-week"))
        // The lane labels are their own drawing, beside the plot, held at the left edge while the plot scrolls.
        #expect(html.contains("<div class=\"scroll\"><div class=\"frame\"><svg class=\"labels\""))
        #expect(HTMLReport.styles.contains("svg.labels{position:sticky;left:0"))
        // A tap shows the words a hover would, in a panel the script fills.
        #expect(html.contains("<div class=\"details\" aria-live=\"polite\" hidden=\"hidden\"></div>"))
        #expect(HTMLReport.script.contains("svg.addEventListener(\"click\""))
        // Dark mode: the page's colours, and the pale states' twins.
        #expect(html.contains("<meta name=\"color-scheme\" content=\"light dark\"/>"))
        #expect(HTMLReport.styles.contains("@media (prefers-color-scheme:dark){:root{"))
        let suspended = try #require(StateStyle.of(.app(.suspended)).dark)
        #expect(html.contains("@media (prefers-color-scheme:dark){") && html.contains("fill:\(suspended.fill)"))
    }

    @Test func aRunOfManyRowsStaysOnOneAxis() throws {
        // Two hundred background tasks open at once for a week: two hundred rows a day would not be read.
        var timeline = Timeline(events: try Runs.result("save-on-background").0.events)
        let week = VirtualInstant.zero + .days(7)
        timeline.end = week
        timeline.assertions = (0..<200).map { index in
            Timeline.AssertionLane(
                process: 1, identifier: Int64(index + 1), name: "job", begin: VirtualInstant(nanoseconds: Int64(index)),
                end: week - .nanoseconds(Int64(index)), closing: .open, expirationHandlerAt: nil)
        }
        let html = HTMLReport().render(RunReport(timeline: timeline, fingerprint: "0", eventCount: 0, replay: "bgsim run x.json", ending: .completed))
        #expect(!html.contains("id=\"view-days\""))
        #expect(!TerminalTimeline(width: 80).lanes(timeline)[0].hasPrefix("Lanes by day"))
    }

    @Test func aLongCrowdedRunStaysSmallInEveryView() throws {
        // Five thousand short background tasks and 100,000 app states over a week: too dense for a line a day; one axis, bounded by pixels.
        var timeline = Timeline(events: try Runs.result("save-on-background").0.events)
        let week = VirtualDuration.days(7)
        timeline.end = .zero + week
        timeline.assertions = (0..<5000).map { index in
            let begin = VirtualInstant.zero + Int64(index) * (week / 5000)
            return Timeline.AssertionLane(
                process: 1, identifier: Int64(index + 1), name: "job", begin: begin, end: begin + .seconds(5), closing: .ended,
                expirationHandlerAt: nil)
        }
        let states: [AppState.Name] = [.background, .suspended, .foregroundActive, .background]
        timeline.processes[0].segments = (0..<100_000).map { index in
            let start = VirtualInstant.zero + Int64(index) * (week / 100_000)
            return Timeline.Segment(start: start, end: start + week / 100_000, state: states[index % states.count])
        }
        timeline.processes[0].termination = nil
        let html = HTMLReport().render(RunReport(timeline: timeline, fingerprint: "0", eventCount: 0, replay: "bgsim run x.json", ending: .completed))
        let elements = try HTMLReportTests.parse(html)
        #expect(!html.contains("id=\"view-days\""))
        #expect(elements.names.count < 80_000, "\(elements.names.count) elements")
        #expect(html.utf8.count < 8_000_000, "\(html.utf8.count) bytes")
    }
}
