import SimulationModel
import SimulationKernel

extension Timeline.Reader {
    /// `BGTaskScheduler`'s records: a lane per refresh or processing request, or per continued processing request's
    /// Live Activity, and the list of requests still pending.
    mutating func readTask(_ record: TaskRecord, at time: VirtualInstant) {
        switch record {
        case .register, .workCancelled:
            // Registration happens at every launch; cancelled work shows in how its task ends.
            break
        case .cancelAll:
            closeQueuedLiveActivities(at: time)
            cancelAllRequests(at: time)
        case .submit, .submitFailed, .cancel, .dropped, .waiting, .launchRequest, .start, .expire, .end:
            guard let identifier = record.requestIdentifier else { return }
            trackPending(record, identifier, at: time)
            // Later records of a continued request carry no type: its identifier tells them.
            if record.requestKind?.behavior.hasLiveActivity == true || continuedIdentifiers.contains(identifier) {
                readContinuedRequest(record, identifier, at: time)
            } else {
                readRequest(record, identifier, at: time)
            }
        }
    }

    /// `cancelAllTaskRequests()`: every pending request's lane closes.
    mutating func cancelAllRequests(at time: VirtualInstant) {
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
    private mutating func readRequest(_ record: TaskRecord, _ identifier: String, at time: VirtualInstant) {
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
            let after = submit.request.earliestBegin.map { $0 >= .zero ? ", not before \(DurationText.instant($0))" : "" } ?? ""
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
        case .register, .cancelAll, .workCancelled:
            // Not about one request: `readTask` reads them.
            break
        }
    }
}

extension TaskRecord {
    /// The identifier of the request the record is about; nil for `cancelAll`, which is about them all.
    var requestIdentifier: String? {
        switch self {
        case .register(let record): record.identifier
        case .submit(let record): record.request.identifier
        case .submitFailed(let record): record.request.identifier
        case .dropped(let record): record.identifier
        case .cancel(let record): record.identifier
        case .cancelAll: nil
        case .waiting(let record): record.identifier
        case .launchRequest(let record): record.identifier
        case .start(let record): record.identifier
        case .expire(let record): record.identifier
        case .workCancelled(let record): record.identifier
        case .end(let record): record.identifier
        }
    }

    /// The kind of task, when the record says.
    var requestKind: TaskKind? {
        switch self {
        case .submit(let record): record.request.kind
        case .submitFailed(let record): record.request.kind
        case .dropped(let record): record.type
        case .waiting(let record): record.type
        case .launchRequest(let record): record.type
        case .start(let record): record.type
        case .register, .cancel, .cancelAll, .expire, .workCancelled, .end: nil
        }
    }
}
