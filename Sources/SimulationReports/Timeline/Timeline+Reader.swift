import SimulationModel
import SimulationKernel

extension Timeline {
    /// Reads trace events, one at a time and in order, into a ``Timeline``.
    ///
    /// ``read(_:)`` switches over every ``TraceRecord`` case with no
    /// `default:`: a new record kind does not compile until it is drawn here or
    /// listed with the kinds the reports leave out. The lanes being drawn
    /// (open segments, the last progress of each Live Activity...) live here,
    /// not in the timeline, so a finished timeline holds only what reports draw.
    struct Reader {
        var timeline = Timeline()

        /// Each process's open state: it becomes a segment when the process moves on.
        var openProcessSegments: [Int: (start: Int64, state: AppState.Name)] = [:]
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

        /// Adds one event to the timeline.
        mutating func read(_ event: TraceEvent) {
            let time = event.time
            switch event.record {
            case .run(.start(let start)):
                timeline.scenario = start.scenario
                timeline.seed = String(start.seed)
                timeline.profile = start.profile.name.rawValue
                timeline.version = start.version
                timeline.end = start.stopAt
            case .run(.end(let end)):
                timeline.end = time
                timeline.ending = end.ending
            case .run(.limitExceeded(let limit)):
                story(time, .bgsim, "stopped: \(limit.message)")
            case .person(.action(let action)):
                var text = action.action.rawValue
                if let run = action.run { text += " \(run)" }
                if let note = action.note { text += " — \(note)" }
                story(time, .user, text)
            case .person(.actionIgnored(let ignored)):
                story(time, .user, "(ignored: \(ignored.why))")
            case .device(.state(let state)):
                readDevice(state, at: time, sequence: event.sequence)
            case .app(.state(let change)):
                readAppState(change, at: time)
            case .backgroundTime(.taskBegin(let begin)):
                readBegin(begin, at: time)
            case .backgroundTime(.taskEnd(let end)):
                if let index = assertionIndex[AssertionKey(process: end.process, identifier: end.identifier)] {
                    timeline.assertions[index].end = time
                    timeline.assertions[index].closing = .ended
                }
                story(time, .task(identifier: end.identifier), "end after \(DurationText.instant(end.age))")
            case .backgroundTime(.taskInvalid(let invalid)):
                story(time, .app(process: invalid.process), "beginBackgroundTask returned .invalid")
            case .backgroundTime(.taskExpirationHandler(let handler)):
                let started = handler.phase == .started
                if started, let index = assertionIndex[AssertionKey(process: handler.process, identifier: handler.identifier)] {
                    timeline.assertions[index].expirationHandlerAt = time
                }
                story(time, .task(identifier: handler.identifier), "expiration handler \(started ? "called" : "returned")")
            case .app(.save(let save)):
                story(time, .app(process: save.process), "saved \"\(save.checkpoint)\"")
            case .app(.log(let log)):
                story(time, .app(process: log.process), "log: \(log.message)")
            case .app(.lock(let lock)):
                story(time, .app(process: lock.process), "\(lock.held ? "takes" : "releases") lock \(lock.lock)")
            case .app(.output(let output)):
                readOutput(output, at: time)
            case .console(let console):
                story(time, .console, console.message)
            case .diagnostic(let diagnostic):
                let marker = Marker(
                    time: time, rule: diagnostic.rule, severity: diagnostic.severity, subject: diagnostic.subject,
                    message: diagnostic.message, fix: diagnostic.fix)
                timeline.markers.append(marker)
                story(time, .diagnostic(rule: marker.rule), "\(marker.severity.rawValue): \(marker.subject)")
            case .task(.submit(let submit)):
                readScheduler(.submit(submit), at: time)
            case .task(.submitFailed(let failed)):
                readScheduler(.submitFailed(failed), at: time)
            case .task(.cancel(let cancel)):
                readScheduler(.cancel(cancel), at: time)
            case .task(.cancelAll):
                closeQueuedLiveActivities(at: time)
                cancelAllRequests(at: time)
            case .task(.waiting(let waiting)):
                readScheduler(.waiting(waiting), at: time)
            case .task(.dropped(let dropped)):
                readScheduler(.dropped(dropped), at: time)
            case .task(.launchRequest(let launch)):
                readScheduler(.launchRequest(launch), at: time)
            case .task(.start(let start)):
                readScheduler(.start(start), at: time)
            case .task(.expire(let expire)):
                readScheduler(.expire(expire), at: time)
            case .task(.end(let end)):
                readScheduler(.end(end), at: time)
            case .liveActivity(.update(let update)):
                readLiveActivityUpdate(update, at: time)
            case .liveActivity(.prompt(let prompt)):
                readLiveActivityPrompt(prompt, at: time)
            case .push(.received(let received)):
                readPush(received, at: time)
            case .push(.outcome(let outcome)):
                readPush(outcome, at: time)
            case .push(.completion(let completion)):
                readPush(completion, at: time)
            case .transfer(.state(let state)):
                readTransfer(state, at: time)
            case .transfer(.session(let session)):
                readTransfer(session, at: time)
            case .app(.callback), .app(.work), .app(.wait), .app(.updateUI), .app(.stepIgnored), .app(.userActionIgnored):
                // The app's code on its lanes: the terminal story would drown in it; the trace keeps it.
                break
            case .backgroundTime(.start), .backgroundTime(.expiring), .backgroundTime(.end):
                // Background time shows as the process's `background` state and its tasks' expiration marks.
                break
            case .task(.register), .task(.workCancelled):
                // Registration happens at every launch; cancelled work shows in how its task ends.
                break
            case .model(.illegalTransition):
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
            _ id: String, title: @autoclosure () -> String, group: Lane.Group, unit: String, divisor: Int64, value: Int64, at time: Int64
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
        mutating func story(_ time: Int64, _ actor: Timeline.Entry.Actor, _ text: String) {
            timeline.entries.append(Entry(time: time, actor: actor, text: text))
        }
    }
}
