import SimulationModel
import SimulationKernel

extension Timeline {
    /// Reads trace events, one at a time and in order, into a ``Timeline``.
    ///
    /// ``read(_:)`` switches over every ``TraceRecord`` feature with no
    /// `default:`, and each feature's reader (in the feature's folder) over its
    /// own record's kinds: a new kind does not compile until it is drawn or
    /// listed with the kinds the reports leave out. The lanes being drawn
    /// (open segments, the last progress of each Live Activity...) live here,
    /// not in the timeline, so a finished timeline holds only what reports draw.
    struct Reader {
        var timeline = Timeline()

        /// Each process's open state: it becomes a segment when the process moves on.
        var openProcessSegments: [Int: (start: VirtualInstant, state: AppState.Name)] = [:]
        /// Where each process's lane is in `timeline.processes`.
        var processIndex: [Int: Int] = [:]
        /// Where each background task's lane is in `timeline.assertions`.
        var assertionIndex: [AssertionKey: Int] = [:]
        /// The lanes of refresh and processing requests.
        var requestLanes = LaneSet()
        /// The screen's and the power's lanes.
        var deviceLanes = LaneSet()
        /// The last device conditions, to tell which changed.
        var lastDevice: DeviceRecord.State?
        /// The Live Activities' lanes: their segments' details say what each shows.
        var liveLanes = LaneSet()
        var pushLanes = LaneSet()
        var transferLanes = LaneSet()
        /// The title and subtitle of each queued continued request, by lane id: its queued segments' words.
        var queuedWords: [String: String] = [:]
        /// The requests pending now, by identifier, and how many submissions came before (their order).
        var pendingRequests: [String: (request: Timeline.PendingRequest, order: Int)] = [:]
        /// Where each counter is in `timeline.counters`, by id.
        var counterIndex: [String: Int] = [:]
        var submissions = 0
        /// The progress state and detail of each Live Activity, to return to when it stops asking.
        var lastProgressState: [String: (state: LaneState.LiveActivity, detail: String)] = [:]
        /// Identifiers of continued processing requests: their later events (which carry no type) go to Live Activity lanes.
        var continuedIdentifiers: Set<String> = []

        /// A background task is known by its process and its identifier within the process.
        struct AssertionKey: Hashable {
            var process: Int
            var identifier: Int
        }

        /// Adds one event to the timeline: one line per feature, whose own switch lives in its folder.
        mutating func read(_ event: TraceEvent) {
            let time = event.time
            switch event.record {
            case .run(let record): readRun(record, at: time)
            case .device(let record): readDevice(record, at: time, sequence: event.sequence)
            case .person(let record): readPerson(record, at: time)
            case .app(let record): readApp(record, at: time)
            case .backgroundTime(let record): readBackgroundTime(record, at: time)
            case .task(let record): readTask(record, at: time)
            case .liveActivity(let record): readLiveActivity(record, at: time)
            case .push(let record): readPush(record, at: time)
            case .transfer(let record): readTransfer(record, at: time)
            #if BGSIM_FEATURE_DEMO
            case .demoBeacon(let record): readDemoBeacon(record, at: time)
            #endif
            case .console(let console): story(time, .console, console.message)
            case .diagnostic(let diagnostic): readDiagnostic(diagnostic, at: time)
            case .model:
                // A bug in bgsim, not in the app (the model's property tests catch it): the state change that follows is drawn.
                break
            }
        }

        /// The timeline with every lane still open closed at the end of the run.
        consuming func finish() -> Timeline {
            let end = timeline.end
            for (process, open) in openProcessSegments.sorted(by: { $0.key < $1.key }) where open.start <= end {
                if let index = processIndex[process] {
                    timeline.processes[index].segments.append(Segment(start: open.start, end: max(end, open.start), state: open.state))
                }
            }
            for index in timeline.assertions.indices where timeline.assertions[index].closing == .open {
                timeline.assertions[index].end = end
            }
            timeline.taskRequests = requestLanes.finish(at: end)
            timeline.liveActivities = liveLanes.finish(at: end)
            timeline.pushes = pushLanes.finish(at: end)
            timeline.transfers = transferLanes.finish(at: end)
            timeline.device = deviceLanes.finish(at: end)
            timeline.pending = pendingRequests.values.sorted { $0.order < $1.order }.map(\.request)
            return timeline
        }

        /// Records a reading of a counter, made the first time it is read; a value that did not change adds nothing.
        mutating func count(
            _ id: String, title: @autoclosure () -> String, group: Lane.Group, unit: String, divisor: Int64, value: Int64, at time: VirtualInstant
        ) {
            let index: Int
            if let known = counterIndex[id] {
                index = known
            } else {
                index = timeline.counters.count
                counterIndex[id] = index
                timeline.counters.append(Counter(id: id, title: title(), group: group, unit: unit, divisor: divisor, samples: []))
            }
            if timeline.counters[index].samples.last?.value == value { return }
            timeline.counters[index].samples.append(Counter.Sample(time: time, value: value))
        }

        /// Adds a line to the story.
        mutating func story(_ time: VirtualInstant, _ actor: Timeline.Entry.Actor, _ text: String) {
            timeline.entries.append(Entry(time: time, actor: actor, text: text))
        }
    }
}
