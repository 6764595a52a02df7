import SimulationModel
import SimulationKernel

extension Timeline.Reader {
    /// A `BGTaskScheduler` record about one request: what both the request lanes and the Live Activity lanes read.
    enum SchedulerRecord {
        case submit(TaskRecord.Submit)
        case submitFailed(TaskRecord.SubmitFailed)
        case cancel(TaskRecord.Cancel)
        case dropped(TaskRecord.Dropped)
        case waiting(TaskRecord.Waiting)
        case launchRequest(TaskRecord.LaunchRequest)
        case start(TaskRecord.Start)
        case expire(TaskRecord.Expire)
        case end(TaskRecord.End)

        /// The request's identifier.
        var identifier: String {
            switch self {
            case .submit(let record): record.request.identifier
            case .submitFailed(let record): record.request.identifier
            case .cancel(let record): record.identifier
            case .dropped(let record): record.identifier
            case .waiting(let record): record.identifier
            case .launchRequest(let record): record.identifier
            case .start(let record): record.identifier
            case .expire(let record): record.identifier
            case .end(let record): record.identifier
            }
        }

        /// The kind of task, when the record says.
        var kind: TaskKind? {
            switch self {
            case .submit(let record): record.request.kind
            case .submitFailed(let record): record.request.kind
            case .dropped(let record): record.type
            case .waiting(let record): record.type
            case .launchRequest(let record): record.type
            case .start(let record): record.type
            case .cancel, .expire, .end: nil
            }
        }
    }

    /// Draws a scheduler record on the lane of its request, or on its Live Activity's lane for continued processing.
    mutating func readScheduler(_ record: SchedulerRecord, at time: Int64) {
        trackPending(record, at: time)
        if record.kind == .continuedProcessing || continuedIdentifiers.contains(record.identifier) {
            readLiveActivity(record, at: time)
        } else {
            readRequest(record, at: time)
        }
    }

    /// `cancelAllTaskRequests()`: every pending request's lane closes.
    mutating func cancelAllRequests(at time: Int64) {
        for lane in requestLanes.lanes where requestLanes.state(of: lane.id) == .request(.pending) {
            requestLanes.move(lane.id, title: lane.title, group: .scheduledTasks, to: nil, at: time)
        }
        forgetPendingRequests()
        story(time, .scheduler, "all requests cancelled")
    }

    /// A reason a request waits, as a story line says it after the identifier: `waits: …`, `is due at …`.
    static func storyWords(_ reason: TaskRecord.Waiting.Reason) -> String {
        switch reason {
        case .blocked: Timeline.words(reason)
        case .ready: "is " + Timeline.words(reason)
        }
    }

    /// A refresh or processing request: pending, then running, then how its task ended.
    private mutating func readRequest(_ record: SchedulerRecord, at time: Int64) {
        let identifier = record.identifier
        let id = "request-" + identifier
        let title = identifier.split(separator: ".").last.map(String.init) ?? identifier
        func mark(_ kind: Lane.Mark.Kind, _ detail: String) {
            requestLanes.mark(id, Lane.Mark(time: time, kind: kind, detail: detail))
        }
        func move(to state: LaneState?, detail: String? = nil) {
            requestLanes.move(id, title: title, group: .scheduledTasks, to: state, detail: detail, at: time)
        }
        let current = requestLanes.state(of: id)
        switch record {
        case .submit(let submit):
            let after = submit.request.earliestBegin.map { $0 >= 0 ? ", not before \(DurationText.instant($0))" : "" } ?? ""
            // A request submitted again while its task runs does not interrupt the running stretch.
            if current != .request(.running) && current != .request(.pending) { move(to: .request(.pending)) }
            story(time, .scheduler, "submit \(submit.request.kind.rawValue) \(identifier)\(after)")
        case .submitFailed(let failed):
            // The lane appears (a refused request is worth a row) and keeps its state.
            move(to: current)
            mark(.failed, "submit failed: \(failed.error.name)")
            story(time, .scheduler, "submit \(identifier) failed: \(failed.error.name) (\(failed.why))")
        case .cancel:
            if current == .request(.pending) { move(to: nil) }
            story(time, .scheduler, "cancel \(identifier)")
        case .dropped:
            // Only queued continued processing requests are dropped; they are drawn on Live Activity lanes.
            break
        case .waiting(let waiting):
            let words = Timeline.words(waiting.reason)
            // A request submitted again while its task runs waits behind it; its lane keeps showing the task until it ends.
            if current != .request(.running) { move(to: .request(.pending), detail: words) }
            story(time, .system, "\(identifier) \(Self.storyWords(waiting.reason))")
        case .launchRequest(let launch):
            story(time, .system, "launches \(identifier) (\(launch.cause.rawValue))")
        case .start:
            move(to: .request(.running))
        case .expire(let expire):
            mark(.expiring, "expired: \(expire.reason)")
            story(time, .system, "expires \(identifier): \(expire.reason)")
        case .end(let end):
            let how = end.how.rawValue
            // The next request, submitted while this task ran, is pending from here.
            let next = pendingRequests[identifier]?.request
            move(to: next == nil ? nil : .request(.pending), detail: next?.reason.map(Timeline.words))
            mark(end.how == .processEnded ? .killed : .ended, "\(how), success \(end.success)")
            let result = end.how == .completed ? (end.success ? ", success" : ", failure") : ""
            story(time, .system, "\(identifier) ended: \(how)\(result)")
        }
    }
}
