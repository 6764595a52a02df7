import SimulationKernel
import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
@testable import SimulationReports
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
        #expect(timeline.processes[0].termination?.reason == .watchdog)
        #expect(timeline.processes[0].termination?.reason.exceptionCode == "0x8badf00d")
        // The process lane covers the run without gaps or overlaps until the kill.
        let segments = timeline.processes[0].segments
        for (previous, next) in zip(segments, segments.dropFirst()) { #expect(previous.end == next.start) }
        #expect(segments.last?.end == VirtualInstant.zero + .seconds(44))
        #expect(timeline.assertions.map(\.identifier) == [1, 2])
        #expect(timeline.assertions[0].closing == .killed)
        #expect(timeline.assertions[0].expirationHandlerAt == VirtualInstant.zero + .seconds(39))
        #expect(timeline.assertions[1].closing == .ended)
        #expect(timeline.assertions[1].end == VirtualInstant.zero + .milliseconds(30200))
        #expect(timeline.markers.map(\.rule) == result.diagnostics.map(\.rule.id))
    }

    @Test func aRelaunchIsASecondProcessLane() {
        let app = AppDefinition(bundleIdentifier: "com.example.a")
        let scenario = Scenario(
            name: "relaunch", stopAt: .nanoseconds(60_000_000_000), app: app,
            timeline: [
                TimelineEntry(at: .nanoseconds(0), action: .launch), TimelineEntry(at: .nanoseconds(10_000_000_000), action: .swipeAway),
                TimelineEntry(at: .nanoseconds(20_000_000_000), action: .launch),
            ])
        let timeline = Timeline(events: Simulation(scenario: scenario).run().events)
        #expect(timeline.processes.map(\.number) == [1, 2])
        #expect(timeline.processes[0].termination?.reason == .userSwipedAway)
        #expect(timeline.processes[1].termination == nil)
        #expect(timeline.processes[1].segments.last?.end == VirtualInstant.zero + .minutes(1))
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
        #expect(text.contains(lastEntry.actor.name))
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

/// Live Activity lanes: what a continued processing task showed, over time.
@Suite struct LiveActivityLaneTests {
    static func result(_ name: String) throws -> SimulationResult {
        try TimelineTests.result(name)
    }

    @Test func theLaneFollowsTheProgressInTenthsAndEndsWithTheTask() throws {
        let timeline = Timeline(events: try Self.result("continued-video-export").events)
        let lane = try #require(timeline.liveActivities.first)
        #expect(timeline.liveActivities.count == 1)
        #expect(lane.id == "live-com.example.video.export.1")
        #expect(lane.title == "export.1")
        #expect(lane.group == .liveActivities)
        // Progress states only rise, and the segments follow one another without gaps.
        let tenths = lane.segments.compactMap { segment -> Int? in
            if case .liveActivity(.progress(let tenth)) = segment.state { tenth } else { nil }
        }
        #expect(tenths == tenths.sorted())
        #expect(tenths.first == 0 && tenths.last == 9)
        for (previous, next) in zip(lane.segments, lane.segments.dropFirst()) { #expect(previous.end == next.start) }
        #expect(lane.segments.first?.start == VirtualInstant.zero + .seconds(5))
        #expect(lane.segments.last?.end == VirtualInstant.zero + .seconds(125))
        // Each segment says what the Live Activity showed.
        #expect(lane.segments.first?.detail == "Exporting video — Holiday.mov · rendering · 0% (0/0)")
        #expect(lane.segments.contains { $0.detail?.hasPrefix("Exporting video — Holiday.mov · writing") == true })
        #expect(lane.marks.map(\.kind) == [.ended])
        #expect(lane.marks.first?.detail == "completed, success true, output complete")
        // Lanes are drawn after the scheduled tasks and before the device.
        let groups = timeline.lanes.map(\.group)
        #expect(groups == groups.sorted { Lane.Group.allCases.firstIndex(of: $0)! < Lane.Group.allCases.firstIndex(of: $1)! })
        #expect(timeline.taskRequests.isEmpty)
    }

    @Test func askingAndExpiringAreOnTheLane() throws {
        let timeline = Timeline(events: try Self.result("continued-photo-batch-stalled").events)
        let lane = try #require(timeline.liveActivities.first)
        let asking = try #require(lane.segments.first { $0.state == .liveActivity(.asking) })
        #expect(asking.start == VirtualInstant.zero + .seconds(18) && asking.end == VirtualInstant.zero + .seconds(33))
        #expect(asking.detail == "asks whether to continue: no progress for 15.000s")
        #expect(lane.marks.map(\.kind) == [.expiring, .ended])
        #expect(timeline.entries.contains { $0.text == "com.example.photos.filter.1 asks whether to continue (no progress for 15.000s)" })
    }

    @Test func queuedThenDroppedAndKilled() throws {
        let timeline = Timeline(events: try Self.result("continued-app-switcher-close").events)
        #expect(timeline.liveActivities.map(\.title) == ["photos", "videos", "documents"])
        let documents = try #require(timeline.liveActivities.last)
        #expect(documents.segments.map(\.state) == [.liveActivity(.queued)])
        #expect(documents.marks.map(\.kind) == [.killed])
        #expect(timeline.liveActivities[0].marks.first?.detail == "processEnded, success false, output partial")
    }

    @Test func aRefusedSubmissionIsMarked() throws {
        let timeline = Timeline(events: try Self.result("continued-fail-beyond-limit").events)
        #expect(timeline.liveActivities.count == 3)
        #expect(timeline.liveActivities[2].marks.map(\.kind) == [.failed])
        #expect(timeline.liveActivities[2].segments.isEmpty)
    }

    @Test(arguments: [
        "continued-video-export", "continued-photo-batch-stalled", "continued-cancel-live-activity",
        "continued-app-switcher-close", "continued-fail-beyond-limit", "continued-gpu-unsupported",
    ])
    func terminalPictureDrawsTheLiveActivity(name: String) throws {
        let timeline = Timeline(events: try Self.result(name).events)
        let text = TerminalTimeline(width: 80).render(timeline)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "too wide: \(line)")
            #expect(line.last != " ", "trailing space: \(line)")
        }
        // Every state drawn is one the style tests cover.
        for segment in timeline.lanes.flatMap(\.segments) {
            #expect(LaneState.allCases.contains(segment.state), "\(segment.state.name) missing from LaneState.allCases")
        }
        // The legend names the Live Activity's digits whenever one is drawn (a refused GPU request draws none).
        #expect(text.contains("0-9 Live Activity tenths done") == timeline.lanes.contains { lane in
            lane.segments.contains { if case .liveActivity(.progress) = $0.state { true } else { false } }
        })
    }

    @Test func everyLiveActivityStateHasAGlyph() {
        let states = LaneState.LiveActivity.allCases.map { LaneState.liveActivity($0) }
        #expect(states.map(\.name) == ["queued"] + (0...9).map { "progress\($0)" } + ["progressDone", "asking"])
        // Each has a glyph of its own, so the terminal picture tells them apart.
        #expect(Set(states.map { StateStyle.of($0).glyph }).count == states.count)
        #expect(Timeline.progressState(permille: 0) == .liveActivity(.progress(tenth: 0)))
        #expect(Timeline.progressState(permille: 999) == .liveActivity(.progress(tenth: 9)))
        #expect(Timeline.progressState(permille: 1000) == .liveActivity(.done))
    }
}
