/// The records of `BGTaskScheduler`, common to every task kind: registrations, requests, why they wait, and each
/// task's launch, expiry and end.
public enum TaskRecord: Sendable, Hashable {
    /// `bgTask.register`: a launch handler was registered, or `register` returned false.
    case register(Register)
    /// `bgTask.submit`: a request is pending.
    case submit(Submit)
    /// `bgTask.submitFailed`: `submit` threw.
    case submitFailed(SubmitFailed)
    /// `bgTask.dropped`: the system cancelled a queued continued processing request: its process ended.
    case dropped(Dropped)
    /// `bgTask.cancel`: `cancel(taskRequestWithIdentifier:)`.
    case cancel(Cancel)
    /// `bgTask.cancelAll`: `cancelAllTaskRequests()`.
    case cancelAll(CancelAll)
    /// `bgTask.waiting`: why a pending request has not been launched, when the answer changes.
    case waiting(Waiting)
    /// `bgTask.launchRequest`: the system launches a pending request.
    case launchRequest(LaunchRequest)
    /// `bgTask.start`: the launch handler is called.
    case start(Start)
    /// `bgTask.expire`: a task's time ran out, or the system or the person stopped it.
    case expire(Expire)
    /// `bgTask.workCancelled`: the app cancelled a task's work.
    case workCancelled(WorkCancelled)
    /// `bgTask.end`: a task ended, exactly once per `bgTask.start`.
    case end(End)

    /// The kinds of `BGTaskScheduler` records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case register = "bgTask.register"
        case submit = "bgTask.submit"
        case submitFailed = "bgTask.submitFailed"
        case dropped = "bgTask.dropped"
        case cancel = "bgTask.cancel"
        case cancelAll = "bgTask.cancelAll"
        case waiting = "bgTask.waiting"
        case launchRequest = "bgTask.launchRequest"
        case start = "bgTask.start"
        case expire = "bgTask.expire"
        case workCancelled = "bgTask.workCancelled"
        case end = "bgTask.end"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .register: .register
        case .submit: .submit
        case .submitFailed: .submitFailed
        case .dropped: .dropped
        case .cancel: .cancel
        case .cancelAll: .cancelAll
        case .waiting: .waiting
        case .launchRequest: .launchRequest
        case .start: .start
        case .expire: .expire
        case .workCancelled: .workCancelled
        case .end: .end
        }
    }
}

extension TaskRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .register(let record): record.encode(to: &fields)
        case .submit(let record): record.encode(to: &fields)
        case .submitFailed(let record): record.encode(to: &fields)
        case .dropped(let record): record.encode(to: &fields)
        case .cancel(let record): record.encode(to: &fields)
        case .cancelAll(let record): record.encode(to: &fields)
        case .waiting(let record): record.encode(to: &fields)
        case .launchRequest(let record): record.encode(to: &fields)
        case .start(let record): record.encode(to: &fields)
        case .expire(let record): record.encode(to: &fields)
        case .workCancelled(let record): record.encode(to: &fields)
        case .end(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .register: self = .register(try Register(from: &fields))
        case .submit: self = .submit(try Submit(from: &fields))
        case .submitFailed: self = .submitFailed(try SubmitFailed(from: &fields))
        case .dropped: self = .dropped(try Dropped(from: &fields))
        case .cancel: self = .cancel(try Cancel(from: &fields))
        case .cancelAll: self = .cancelAll(try CancelAll(from: &fields))
        case .waiting: self = .waiting(try Waiting(from: &fields))
        case .launchRequest: self = .launchRequest(try LaunchRequest(from: &fields))
        case .start: self = .start(try Start(from: &fields))
        case .expire: self = .expire(try Expire(from: &fields))
        case .workCancelled: self = .workCancelled(try WorkCancelled(from: &fields))
        case .end: self = .end(try End(from: &fields))
        }
    }
}
