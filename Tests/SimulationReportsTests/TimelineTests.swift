import BackgroundSimulation
import Foundation
import SimulationReports
import Testing

/// The lanes read back from a trace, and the terminal picture drawn from them.
@Suite struct TimelineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func result(_ name: String) throws -> SimulationResult {
        let scenario = try Scenario.load(from: root.appendingPathComponent("Scenarios/\(name).json").path)
        return Simulation(scenario: scenario).run()
    }

    @Test func lanesFollowTheTrace() throws {
        let result = try Self.result("leaked-assertion-watchdog")
        let timeline = Timeline(events: result.events)
        #expect(timeline.scenario == "leaked-assertion-watchdog")
        #expect(timeline.seed == "7")
        #expect(timeline.end == result.stopAt)
        #expect(timeline.processes.map(\.number) == [1])
        #expect(timeline.processes[0].termination?.reason == "watchdog")
        #expect(timeline.processes[0].termination?.code == "0x8badf00d")
        // The process lane covers the run without gaps or overlaps until the kill.
        let segments = timeline.processes[0].segments
        for (previous, next) in zip(segments, segments.dropFirst()) { #expect(previous.end == next.start) }
        #expect(segments.last?.end == 44_000_000_000)
        #expect(timeline.assertions.map(\.identifier) == [1, 2])
        #expect(timeline.assertions[0].closing == .killed)
        #expect(timeline.assertions[0].expirationHandlerAt == 39_000_000_000)
        #expect(timeline.assertions[1].closing == .ended)
        #expect(timeline.assertions[1].end == 30_200_000_000)
        #expect(timeline.markers.map(\.rule) == result.diagnostics.map(\.rule.id))
    }

    @Test func aRelaunchIsASecondProcessLane() {
        let app = AppDefinition(bundleIdentifier: "com.example.a")
        let scenario = Scenario(
            name: "relaunch", stopAt: 60_000_000_000, app: app,
            timeline: [
                TimelineEntry(at: 0, action: .launch), TimelineEntry(at: 10_000_000_000, action: .swipeAway),
                TimelineEntry(at: 20_000_000_000, action: .launch),
            ])
        let timeline = Timeline(events: Simulation(scenario: scenario).run().events)
        #expect(timeline.processes.map(\.number) == [1, 2])
        #expect(timeline.processes[0].termination?.reason == "userSwipedAway")
        #expect(timeline.processes[1].termination == nil)
        #expect(timeline.processes[1].segments.last?.end == 60_000_000_000)
    }

    @Test(arguments: ["save-on-background", "leaked-assertion-watchdog", "expiration-ends-async"])
    func terminalPictureFitsEightyColumns(name: String) throws {
        let result = try Self.result(name)
        let text = TerminalTimeline(width: 80).render(Timeline(events: result.events))
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "too wide: \(line)")
            #expect(line.last != " ", "trailing space: \(line)")
        }
        #expect(text.contains("app #1"))
        #expect(text.contains("task 1"))
    }

    @Test func aShortBackgroundStretchIsNotHiddenBySuspension() throws {
        // save-on-background: 3.5 s in the background, then minutes suspended, in 9 s columns.
        let result = try Self.result("save-on-background")
        let lanes = TerminalTimeline(width: 80).lanes(Timeline(events: result.events))
        let app = try #require(lanes.first { $0.hasPrefix("app #1") })
        #expect(app.contains("▓"))
        #expect(app.contains("░"))
        #expect(app.hasSuffix("╳"))
    }

    @Test func longStoriesAreCutInTheMiddle() throws {
        let result = try Self.result("expiration-ends-async")
        let timeline = Timeline(events: result.events)
        let text = TerminalTimeline(width: 80, maximumEntries: 12).render(timeline)
        #expect(text.contains("more lines (the trace has them all: --trace FILE)"))
        let lastEntry = try #require(timeline.entries.last)
        #expect(text.contains(lastEntry.actor))
    }

    @Test func summaryJSONCarriesTheVerdict() throws {
        let result = try Self.result("expiration-ends-async")
        let json = RunSummary.json(result, scenarioPath: "Scenarios/expiration-ends-async.json", replay: "bgsim run x").rendered()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == true)
        #expect(object["fingerprint"] as? String == result.fingerprint.description)
        #expect((object["diagnostics"] as? [Any])?.count == result.diagnostics.count)
        // Keys are sorted, so the document's bytes never depend on dictionary order.
        let keys = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == keys.sorted())
    }
}
