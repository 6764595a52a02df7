import SimulationModel
import SimulationKernel

extension Timeline.Reader {
    /// A `BGTaskScheduler` record about one request: what both the request lanes and the Live Activity lanes read.
    enum SchedulerRecord {
        case submit(TraceRecord.TaskSubmit)
        case submitFailed(TraceRecord.TaskSubmitFailed)
        case cancel(TraceRecord.TaskCancel)
        case dropped(TraceRecord.TaskDropped)
        case launchRequest(TraceRecord.TaskLaunchRequest)
        case start(TraceRecord.TaskStart)
        case expire(TraceRecord.TaskExpire)
        case end(TraceRecord.TaskEnd)

        /// The request's identifier.
        var identifier: String {
            switch self {
            case .submit(let record): record.request.identifier
            case .submitFailed(let record): record.request.identifier
            case .cancel(let record): record.identifier
            case .dropped(let record): record.identifier
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
            case .launchRequest(let record): record.type
            case .start(let record): record.type
            case .cancel, .expire, .end: nil
            }
        }
    }

    /// Draws a scheduler record on the lane of its request, or on its Live Activity's lane for continued processing.
    mutating func readScheduler(_ record: SchedulerRecord, at time: Int64) {
        if record.kind == .continuedProcessing || continuedIdentifiers.contains(record.identifier) {
            readLiveActivity(record, at: time)
        } else {
            readRequest(record, at: time)
        }
    }

    /// `cancelAllTaskRequests()`: every pending request's lane closes.
    mutating func cancelAllRequests(at time: Int64) {
        for lane in timeline.taskRequests where openTaskSegments[lane.id]?.state == .request(.pending) {
            Self.move(&timeline.taskRequests, open: &openTaskSegments, id: lane.id, title: lane.title, group: .scheduledTasks, to: nil, at: time)
        }
        story(time, .scheduler, "all requests cancelled")
    }

    /// A refresh or processing request: pending, then running, then how its task ended.
    private mutating func readRequest(_ record: SchedulerRecord, at time: Int64) {
        let identifier = record.identifier
        let id = "request-" + identifier
        let title = identifier.split(separator: ".").last.map(String.init) ?? identifier
        func mark(_ kind: Lane.Mark.Kind, _ detail: String) {
            if let index = timeline.taskRequests.firstIndex(where: { $0.id == id }) {
                timeline.taskRequests[index].marks.append(Lane.Mark(time: time, kind: kind, detail: detail))
            }
        }
        func move(to state: LaneState?) {
            Self.move(&timeline.taskRequests, open: &openTaskSegments, id: id, title: title, group: .scheduledTasks, to: state, at: time)
        }
        switch record {
        case .submit(let submit):
            let after = submit.request.earliestBegin.map { $0 >= 0 ? ", not before \(TimeText.format(nanoseconds: $0))" : "" } ?? ""
            // A request submitted again while its task runs does not interrupt the running stretch.
            if openTaskSegments[id]?.state != .request(.running) { move(to: .request(.pending)) }
            story(time, .scheduler, "submit \(submit.request.kind.rawValue) \(identifier)\(after)")
        case .submitFailed(let failed):
            // The lane appears (a refused request is worth a row) and keeps its state.
            move(to: openTaskSegments[id]?.state)
            mark(.failed, "submit failed: \(failed.error.name)")
            story(time, .scheduler, "submit \(identifier) failed: \(failed.error.name) (\(failed.why))")
        case .cancel:
            if openTaskSegments[id]?.state == .request(.pending) { move(to: nil) }
            story(time, .scheduler, "cancel \(identifier)")
        case .dropped:
            // Only queued continued processing requests are dropped; they are drawn on Live Activity lanes.
            break
        case .launchRequest(let launch):
            story(time, .system, "launches \(identifier) (\(launch.cause.rawValue))")
        case .start:
            move(to: .request(.running))
        case .expire(let expire):
            mark(.expiring, "expired: \(expire.reason)")
            story(time, .system, "expires \(identifier): \(expire.reason)")
        case .end(let end):
            let how = end.how.rawValue
            move(to: nil)
            mark(end.how == .processEnded ? .killed : .ended, "\(how), success \(end.success)")
            let result = end.how == .completed ? (end.success ? ", success" : ", failure") : ""
            story(time, .system, "\(identifier) ended: \(how)\(result)")
        }
    }
}
