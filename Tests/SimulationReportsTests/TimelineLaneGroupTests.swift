import SimulationKernel
import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
@testable import SimulationReports
import Testing

/// Each lane group against the records of real runs: what a lane shows at an instant is what the trace says then.
///
/// The checks read the typed records directly, so a record kind drawn on the
/// wrong lane, in the wrong state or not at all fails here, whatever the
/// committed reports happen to contain.
@Suite struct TimelineLaneGroupTests {
    /// A record with its instant.
    struct Timed<Record> {
        var time: VirtualInstant
        var record: Record
    }

    static func run(_ name: String) throws -> (events: [TraceEvent], timeline: Timeline) {
        let events = try TimelineTests.result(name).events
        return (events, Timeline(events: events))
    }

    /// The payloads of one kind of record, with their instants.
    static func records<Record>(_ events: [TraceEvent], _ payload: (TraceRecord) -> Record?) -> [Timed<Record>] {
        events.compactMap { event in payload(event.record).map { Timed(time: event.time, record: $0) } }
    }

    /// The state a lane shows from `time` on: the segment that covers that instant, if any.
    static func state(_ lane: Lane, at time: VirtualInstant) -> LaneState? {
        lane.segments.last { $0.start <= time && time < $0.end }?.state
    }

    static func lane(_ timeline: Timeline, _ id: String) throws -> Lane {
        try #require(timeline.lanes.first { $0.id == id }, "no lane \(id)")
    }

    // MARK: App process

    @Test(arguments: Runs.allNames)
    func appLanesShowEachStateChange(name: String) throws {
        let (events, timeline) = try Self.run(name)
        let changes = Self.records(events) { if case .app(.state(let change)) = $0 { change } else { nil } }
        #expect(timeline.processes.map(\.number) == changes.map(\.record.process).reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
        for (index, change) in changes.enumerated() {
            let process = change.record.process
            let lane = try Self.lane(timeline, "app-\(process)")
            #expect(lane.group == .app)
            #expect(timeline.entries.contains { $0.time == change.time && $0.actor == .app(process: process) })
            // Of several changes at one instant, the lane shows the last.
            let next = changes[(index + 1)...].first { $0.record.process == process }
            if next?.time == change.time { continue }
            if let termination = change.record.termination {
                #expect(Self.state(lane, at: change.time) == nil)
                let killed = lane.marks.filter { $0.kind == .killed }
                #expect(killed.map(\.time) == [change.time])
                #expect(killed.first?.detail.hasPrefix("terminated: \(termination.reason.rawValue)") == true)
                #expect(timeline.processes.first { $0.number == process }?.termination == termination)
            } else if change.time < timeline.end {
                #expect(Self.state(lane, at: change.time) == .app(change.record.to), "app #\(process) at \(change.time)")
            }
        }
    }

    // MARK: Background tasks

    @Test(arguments: ["save-on-background", "leaked-assertion-watchdog", "expiration-ends-async"])
    func backgroundTaskLanesRunFromBeginToEnd(name: String) throws {
        let (events, timeline) = try Self.run(name)
        let begins = Self.records(events) { if case .backgroundTime(.taskBegin(let begin)) = $0 { begin } else { nil } }
        let ends = Self.records(events) { if case .backgroundTime(.taskEnd(let end)) = $0 { end } else { nil } }
        let handlers = Self.records(events) { if case .backgroundTime(.taskExpirationHandler(let handler)) = $0 { handler } else { nil } }
        let terminations = Self.records(events) { if case .app(.state(let change)) = $0, change.termination != nil { change } else { nil } }
        #expect(!begins.isEmpty)
        #expect(timeline.lanes.filter { $0.group == .backgroundTasks }.count == begins.count)
        for begin in begins {
            let (process, identifier) = (begin.record.process, begin.record.identifier)
            let lane = try Self.lane(timeline, "task-\(process)-\(identifier)")
            #expect(lane.group == .backgroundTasks)
            let end = ends.first { $0.record.process == process && $0.record.identifier == identifier && $0.time >= begin.time }
            let death = terminations.first { $0.record.process == process && $0.time >= begin.time }
            let closing: (time: VirtualInstant, mark: Lane.Mark.Kind?) = if let end {
                (end.time, .ended)
            } else if let death {
                (death.time, .killed)
            } else {
                (timeline.end, nil)
            }
            #expect(lane.segments.map(\.state) == [.assertionOpen])
            #expect(lane.segments.first?.start == begin.time && lane.segments.first?.end == closing.time)
            let expected: [Lane.Mark] = handlers
                .filter { $0.record.process == process && $0.record.identifier == identifier && $0.record.phase == .started }
                .map { Lane.Mark(time: $0.time, kind: .expiring, detail: "expiration handler called") }
            #expect(lane.marks.filter { $0.kind == .expiring } == expected)
            #expect(lane.marks.filter { $0.kind != .expiring }.map(\.kind) == (closing.mark.map { [$0] } ?? []))
            #expect(lane.marks.filter { $0.kind != .expiring }.map(\.time) == (closing.mark == nil ? [] : [closing.time]))
        }
    }

    // MARK: Scheduled tasks

    @Test(arguments: [
        "feed-refresh-week", "database-cleanup-processing", "mistake-forgot-set-task-completed", "mistake-long-sync-in-refresh",
        "mistake-no-expiration-handler", "mistake-refresh-every-minute", "mistake-identifier-not-permitted",
    ])
    func requestLanesShowPendingRunningAndHowEachTaskEnded(name: String) throws {
        let (events, timeline) = try Self.run(name)
        let submits = Self.records(events) { if case .task(.submit(let submit)) = $0 { submit } else { nil } }
        let starts = Self.records(events) { if case .task(.start(let start)) = $0 { start } else { nil } }
        let ends = Self.records(events) { if case .task(.end(let end)) = $0 { end } else { nil } }
        let expiries = Self.records(events) { if case .task(.expire(let expire)) = $0 { expire } else { nil } }
        let failures = Self.records(events) { if case .task(.submitFailed(let failed)) = $0 { failed } else { nil } }
        #expect(timeline.liveActivities.isEmpty)
        for start in starts {
            #expect(start.record.type != .continuedProcessing)
            let lane = try Self.lane(timeline, "request-\(start.record.identifier)")
            #expect(lane.group == .scheduledTasks)
            let end = try #require(ends.first { $0.record.identifier == start.record.identifier && $0.time >= start.time })
            if end.time > start.time {
                #expect(Self.state(lane, at: start.time) == .request(.running))
                #expect(Self.state(lane, at: end.time - .nanoseconds(1)) == .request(.running))
            }
            let kind: Lane.Mark.Kind = end.record.how == .processEnded ? .killed : .ended
            #expect(lane.marks.contains { $0.time == end.time && $0.kind == kind && $0.detail.hasPrefix("\(end.record.how.rawValue), success") })
        }
        #expect(ends.count == starts.count)
        for submit in submits {
            let lane = try Self.lane(timeline, "request-\(submit.record.request.identifier)")
            // A new request waits, unless its task is already running or starts at that very instant.
            let runningBefore = submit.time > .zero && Self.state(lane, at: submit.time - .nanoseconds(1)) == .request(.running)
            let startsNow = starts.contains { $0.time == submit.time && $0.record.identifier == submit.record.request.identifier }
            if !runningBefore && !startsNow && submit.time < timeline.end {
                #expect(Self.state(lane, at: submit.time) == .request(.pending), "\(submit.record.request.identifier) at \(submit.time)")
            }
        }
        for expire in expiries {
            let lane = try Self.lane(timeline, "request-\(expire.record.identifier)")
            #expect(lane.marks.contains { $0.time == expire.time && $0.kind == .expiring && $0.detail == "expired: \(expire.record.reason)" })
        }
        for failure in failures {
            let lane = try Self.lane(timeline, "request-\(failure.record.request.identifier)")
            #expect(lane.marks.contains { $0.time == failure.time && $0.kind == .failed && $0.detail == "submit failed: \(failure.record.error.name)" })
        }
        #expect(timeline.lanes.filter { $0.group == .scheduledTasks }.count
            == Set(submits.map(\.record.request.identifier) + failures.map(\.record.request.identifier)).count)
    }

    // MARK: Live Activities

    @Test(arguments: [
        "continued-video-export", "continued-photo-batch-stalled", "continued-cancel-live-activity",
        "continued-app-switcher-close", "continued-fail-beyond-limit", "continued-gpu-unsupported",
    ])
    func liveActivityLanesShowProgressQuestionsAndEnds(name: String) throws {
        let (events, timeline) = try Self.run(name)
        let updates = Self.records(events) { if case .liveActivity(.update(let update)) = $0 { update } else { nil } }
        let prompts = Self.records(events) { if case .liveActivity(.prompt(let prompt)) = $0 { prompt } else { nil } }
        let submits = Self.records(events) { if case .task(.submit(let submit)) = $0 { submit } else { nil } }
        let starts = Self.records(events) { if case .task(.start(let start)) = $0 { start } else { nil } }
        let ends = Self.records(events) { if case .task(.end(let end)) = $0 { end } else { nil } }
        let dropped = Self.records(events) { if case .task(.dropped(let drop)) = $0 { drop } else { nil } }
        let failures = Self.records(events) { if case .task(.submitFailed(let failed)) = $0 { failed } else { nil } }
        // Continued processing is drawn on Live Activity lanes only.
        #expect(timeline.taskRequests.isEmpty)
        func lane(_ identifier: String) throws -> Lane { try Self.lane(timeline, "live-" + identifier) }
        for (index, update) in updates.enumerated() {
            let identifier = update.record.identifier
            // The lane shows the last update of an instant, while it is not asking, until the task ends.
            if updates[(index + 1)...].contains(where: { $0.time == update.time && $0.record.identifier == identifier }) { continue }
            if ends.contains(where: { $0.time == update.time && $0.record.identifier == identifier }) { continue }
            let asking = prompts.last { $0.record.identifier == identifier && $0.time <= update.time }.map { prompt in
                if case .shown = prompt.record.phase { true } else { false }
            } ?? false
            let expected: LaneState = asking ? .liveActivity(.asking) : .liveActivity(.progress(permille: update.record.permille))
            #expect(Self.state(try lane(identifier), at: update.time) == expected, "\(identifier) at \(update.time)")
            #expect(Self.state(try lane(identifier), at: update.time).map(StateStyle.of)?.busy == (update.record.permille < 1000))
        }
        for prompt in prompts {
            if case .shown = prompt.record.phase {
                #expect(Self.state(try lane(prompt.record.identifier), at: prompt.time) == .liveActivity(.asking))
            }
        }
        for submit in submits where submit.record.queued {
            let identifier = submit.record.request.identifier
            if !starts.contains(where: { $0.time == submit.time && $0.record.identifier == identifier }) {
                #expect(Self.state(try lane(identifier), at: submit.time) == .liveActivity(.queued))
            }
        }
        for end in ends {
            let kind: Lane.Mark.Kind = end.record.how == .processEnded ? .killed : .ended
            let output = end.record.output?.rawValue ?? "none"
            #expect(try lane(end.record.identifier).marks.contains { $0.time == end.time && $0.kind == kind && $0.detail.hasSuffix("output \(output)") })
            #expect(Self.state(try lane(end.record.identifier), at: end.time) == nil)
        }
        for drop in dropped {
            #expect(try lane(drop.record.identifier).marks.contains { $0.time == drop.time && $0.kind == .killed })
        }
        for failure in failures {
            #expect(try lane(failure.record.request.identifier).marks.contains { $0.time == failure.time && $0.kind == .failed })
        }
        let identifiers = Set(submits.map(\.record.request.identifier) + failures.map(\.record.request.identifier))
        #expect(Set(timeline.liveActivities.map(\.id)) == Set(identifiers.map { "live-" + $0 }))
    }

    // MARK: Device

    @Test(arguments: Runs.allNames)
    func deviceLanesShowTheScreenAndThePower(name: String) throws {
        let (events, timeline) = try Self.run(name)
        try Self.checkDeviceLanes(events, timeline)
    }

    @Test func deviceLanesFollowEveryKindOfCondition() throws {
        // The samples never turn Low Power Mode on or change the network: a run that changes everything.
        func change(_ edit: (inout ConditionChange) -> Void) -> UserAction {
            var change = ConditionChange()
            edit(&change)
            return .conditions(change)
        }
        let second: Int64 = 1_000_000_000
        let scenario = Scenario(
            name: "conditions", stopAt: .nanoseconds(60 * second), app: AppDefinition(bundleIdentifier: "com.example.a"),
            timeline: [
                TimelineEntry(at: .nanoseconds(0), action: .launch), TimelineEntry(at: .nanoseconds(10 * second), action: .lock),
                TimelineEntry(at: .nanoseconds(20 * second), action: change { $0.lowPowerMode = true }),
                TimelineEntry(at: .nanoseconds(30 * second), action: change { $0.charging = true }),
                TimelineEntry(at: .nanoseconds(40 * second), action: change {
                    $0.batteryLevel = 55
                    $0.network = .cellular
                    $0.lowDataMode = true
                    $0.backgroundAppRefresh = .denied
                    $0.thermalState = .serious
                }),
                TimelineEntry(at: .nanoseconds(45 * second), action: change { $0.charging = false }),
                TimelineEntry(at: .nanoseconds(50 * second), action: .unlock),
            ])
        let events = Simulation(scenario: scenario).run().events
        let timeline = Timeline(events: events)
        try Self.checkDeviceLanes(events, timeline)
        let power = try Self.lane(timeline, "device-power")
        #expect(power.segments.map(\.state) == [.power(.onBattery), .power(.lowPowerMode), .power(.charging), .power(.lowPowerMode)])
        let screen = try Self.lane(timeline, "device-screen")
        #expect(screen.segments.map(\.state) == [.screen(.inUse), .screen(.locked), .screen(.inUse)])
        let story = timeline.entries.filter { $0.actor == .device }.map(\.text)
        #expect(story.contains("locked"))
        #expect(story.contains("lowPowerMode"))
        #expect(story.contains("charging"))
        #expect(story.contains("batteryLevel 55, network cellular, lowDataMode on, backgroundAppRefresh denied, thermalState serious"))
        #expect(story.contains("unlocked"))
    }

    /// The screen and power lanes show the conditions of each `device.state`, and each change after the first is told.
    static func checkDeviceLanes(_ events: [TraceEvent], _ timeline: Timeline) throws {
        let states = Self.records(events) { if case .device(.state(let state)) = $0 { state } else { nil } }
        let screen = try Self.lane(timeline, "device-screen")
        let power = try Self.lane(timeline, "device-power")
        #expect(screen.group == .device && power.group == .device)
        for (index, state) in states.enumerated() where state.time < timeline.end {
            if index + 1 < states.count && states[index + 1].time == state.time { continue }
            let conditions = state.record
            #expect(Self.state(screen, at: state.time) == .screen(conditions.locked ? .locked : .inUse))
            let expectedPower: LaneState.Power = conditions.charging ? .charging : conditions.lowPowerMode ? .lowPowerMode : .onBattery
            #expect(Self.state(power, at: state.time) == .power(expectedPower))
        }
        // Every change of conditions after the first is a line of the story.
        let changes = events.filter { if case .device(.state) = $0.record { $0.sequence > 1 } else { false } }
        #expect(timeline.entries.filter { $0.actor == .device }.map(\.time) == changes.map(\.time))
    }

    // MARK: Markers, story and ending

    @Test(arguments: Runs.allNames)
    func diagnosticsAreMarkersAndStoryLinesWithTheirSeverity(name: String) throws {
        let (events, timeline) = try Self.run(name)
        let diagnostics = Self.records(events) { if case .diagnostic(let diagnostic) = $0 { diagnostic } else { nil } }
        #expect(timeline.markers.map(\.rule) == diagnostics.map(\.record.rule))
        #expect(timeline.markers.map(\.severity) == diagnostics.map(\.record.severity))
        #expect(timeline.markers.map(\.time) == diagnostics.map(\.time))
        let lines = timeline.entries.filter { if case .diagnostic = $0.actor { true } else { false } }
        #expect(lines.map(\.actor) == diagnostics.map { .diagnostic(rule: $0.record.rule) })
        // A system notice says so after its severity: what the system did, not a finding.
        #expect(lines.map(\.text) == diagnostics.map { diagnostic in
            let notice = Rules.rule(withID: diagnostic.record.rule)?.category == .systemNotice
            return "\(diagnostic.record.severity.rawValue)\(notice ? ", system notice" : ""): \(diagnostic.record.subject)"
        })
        #expect(timeline.entries.filter { $0.actor == .console }.count == events.filter { if case .console = $0.record { true } else { false } }.count)
    }

    @Test func storyActorsAreNamedAsBefore() {
        let actors: [Timeline.Entry.Actor] = [
            .user, .device, .app(process: 2), .task(identifier: 7), .console, .diagnostic(rule: "BGS001"), .scheduler, .system,
            .liveActivity, .bgsim,
        ]
        #expect(actors.map(\.name) == ["user", "device", "app #2", "task 7", "console", "! BGS001", "scheduler", "system", "live", "bgsim"])
    }

    @Test(arguments: Runs.names)
    func theEndingComesFromRunEndAndATraceCutShortIsUnfinished(name: String) throws {
        let (events, timeline) = try Self.run(name)
        #expect(timeline.ending == .completed)
        let cut = Timeline(events: Array(events.dropLast()))
        #expect(cut.ending == nil)
        let report = RunReport(timeline: cut, fingerprint: "0", eventCount: events.count - 1, replay: "x", ending: cut.ending, expectations: [])
        #expect(report.endingWords == "unfinished")
        #expect(report.passed == false)
    }
}
