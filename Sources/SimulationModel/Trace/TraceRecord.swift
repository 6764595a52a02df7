/// What one trace event records: a kind and its typed payload.
///
/// The model writes records; every report reads them and switches over them
/// exhaustively, so a new kind makes the compiler list each report that must
/// draw it. One canonical form turns a record into the fields of a trace
/// line (sorted keys, integers, strings and booleans) and back: see
/// ``TraceEvent/jsonLine`` and ``TraceReader``. docs/trace-format.md lists
/// the fields of each kind.
public enum TraceRecord: Sendable, Hashable {
    case runStart(RunStart)
    case runEnd(RunEnd)
    case runLimitExceeded(RunLimitExceeded)
    case deviceState(DeviceState)
    case userAction(UserAction)
    case userActionIgnored(UserActionIgnored)
    case appState(AppStateChange)
    case appCallback(AppCallback)
    case appWork(AppActivity)
    case appWait(AppActivity)
    case appSave(AppSave)
    case appLock(AppLock)
    case appLog(AppLog)
    case appUserActionIgnored(AppUserActionIgnored)
    case appOutput(AppOutput)
    case appUpdateUI(AppUpdateUI)
    case appStepIgnored(AppStepIgnored)
    case backgroundTimeStart(BackgroundTimeStart)
    case backgroundTimeExpiring(BackgroundTimeExpiring)
    case backgroundTimeEnd(BackgroundTimeEnd)
    case backgroundTaskBegin(BackgroundTaskBegin)
    case backgroundTaskEnd(BackgroundTaskEnd)
    case backgroundTaskInvalid(BackgroundTaskInvalid)
    case backgroundTaskExpirationHandler(BackgroundTaskExpirationHandler)
    case taskRegister(TaskRegister)
    case taskSubmit(TaskSubmit)
    case taskSubmitFailed(TaskSubmitFailed)
    case taskDropped(TaskDropped)
    case taskCancel(TaskCancel)
    case taskCancelAll(TaskCancelAll)
    case taskWaiting(TaskWaiting)
    case taskLaunchRequest(TaskLaunchRequest)
    case taskStart(TaskStart)
    case taskExpire(TaskExpire)
    case taskWorkCancelled(TaskWorkCancelled)
    case taskEnd(TaskEnd)
    case liveActivityUpdate(LiveActivityUpdate)
    case liveActivityPrompt(LiveActivityPrompt)
    case pushReceived(PushReceived)
    case pushOutcome(PushOutcome)
    case pushCompletion(PushCompletion)
    case transferState(TransferState)
    case transferSession(TransferSession)
    case console(Console)
    case diagnostic(DiagnosticRecord)
    case illegalTransition(IllegalTransition)

    /// The record's kind: the `kind` of its trace line.
    public var kind: TraceKind {
        switch self {
        case .runStart: .runStart
        case .runEnd: .runEnd
        case .runLimitExceeded: .runLimitExceeded
        case .deviceState: .deviceState
        case .userAction: .userAction
        case .userActionIgnored: .userActionIgnored
        case .appState: .appState
        case .appCallback: .appCallback
        case .appWork: .appWork
        case .appWait: .appWait
        case .appSave: .appSave
        case .appLock: .appLock
        case .appLog: .appLog
        case .appUserActionIgnored: .appUserActionIgnored
        case .appOutput: .appOutput
        case .appUpdateUI: .appUpdateUI
        case .appStepIgnored: .appStepIgnored
        case .backgroundTimeStart: .backgroundTimeStart
        case .backgroundTimeExpiring: .backgroundTimeExpiring
        case .backgroundTimeEnd: .backgroundTimeEnd
        case .backgroundTaskBegin: .backgroundTaskBegin
        case .backgroundTaskEnd: .backgroundTaskEnd
        case .backgroundTaskInvalid: .backgroundTaskInvalid
        case .backgroundTaskExpirationHandler: .backgroundTaskExpirationHandler
        case .taskRegister: .taskRegister
        case .taskSubmit: .taskSubmit
        case .taskSubmitFailed: .taskSubmitFailed
        case .taskDropped: .taskDropped
        case .taskCancel: .taskCancel
        case .taskCancelAll: .taskCancelAll
        case .taskWaiting: .taskWaiting
        case .taskLaunchRequest: .taskLaunchRequest
        case .taskStart: .taskStart
        case .taskExpire: .taskExpire
        case .taskWorkCancelled: .taskWorkCancelled
        case .taskEnd: .taskEnd
        case .liveActivityUpdate: .liveActivityUpdate
        case .liveActivityPrompt: .liveActivityPrompt
        case .pushReceived: .pushReceived
        case .pushOutcome: .pushOutcome
        case .pushCompletion: .pushCompletion
        case .transferState: .transferState
        case .transferSession: .transferSession
        case .console: .console
        case .diagnostic: .diagnostic
        case .illegalTransition: .illegalTransition
        }
    }

    /// Adds the record's fields, in no particular order.
    package func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .runStart(let payload): payload.encode(to: &fields)
        case .runEnd(let payload): payload.encode(to: &fields)
        case .runLimitExceeded(let payload): payload.encode(to: &fields)
        case .deviceState(let payload): payload.encode(to: &fields)
        case .userAction(let payload): payload.encode(to: &fields)
        case .userActionIgnored(let payload): payload.encode(to: &fields)
        case .appState(let payload): payload.encode(to: &fields)
        case .appCallback(let payload): payload.encode(to: &fields)
        case .appWork(let payload): payload.encode(to: &fields)
        case .appWait(let payload): payload.encode(to: &fields)
        case .appSave(let payload): payload.encode(to: &fields)
        case .appLock(let payload): payload.encode(to: &fields)
        case .appLog(let payload): payload.encode(to: &fields)
        case .appUserActionIgnored(let payload): payload.encode(to: &fields)
        case .appOutput(let payload): payload.encode(to: &fields)
        case .appUpdateUI(let payload): payload.encode(to: &fields)
        case .appStepIgnored(let payload): payload.encode(to: &fields)
        case .backgroundTimeStart(let payload): payload.encode(to: &fields)
        case .backgroundTimeExpiring(let payload): payload.encode(to: &fields)
        case .backgroundTimeEnd(let payload): payload.encode(to: &fields)
        case .backgroundTaskBegin(let payload): payload.encode(to: &fields)
        case .backgroundTaskEnd(let payload): payload.encode(to: &fields)
        case .backgroundTaskInvalid(let payload): payload.encode(to: &fields)
        case .backgroundTaskExpirationHandler(let payload): payload.encode(to: &fields)
        case .taskRegister(let payload): payload.encode(to: &fields)
        case .taskSubmit(let payload): payload.encode(to: &fields)
        case .taskSubmitFailed(let payload): payload.encode(to: &fields)
        case .taskDropped(let payload): payload.encode(to: &fields)
        case .taskCancel(let payload): payload.encode(to: &fields)
        case .taskCancelAll(let payload): payload.encode(to: &fields)
        case .taskWaiting(let payload): payload.encode(to: &fields)
        case .taskLaunchRequest(let payload): payload.encode(to: &fields)
        case .taskStart(let payload): payload.encode(to: &fields)
        case .taskExpire(let payload): payload.encode(to: &fields)
        case .taskWorkCancelled(let payload): payload.encode(to: &fields)
        case .taskEnd(let payload): payload.encode(to: &fields)
        case .liveActivityUpdate(let payload): payload.encode(to: &fields)
        case .liveActivityPrompt(let payload): payload.encode(to: &fields)
        case .pushReceived(let payload): payload.encode(to: &fields)
        case .pushOutcome(let payload): payload.encode(to: &fields)
        case .pushCompletion(let payload): payload.encode(to: &fields)
        case .transferState(let payload): payload.encode(to: &fields)
        case .transferSession(let payload): payload.encode(to: &fields)
        case .console(let payload): payload.encode(to: &fields)
        case .diagnostic(let payload): payload.encode(to: &fields)
        case .illegalTransition(let payload): payload.encode(to: &fields)
        }
    }

    /// Reads a record of `kind` from a trace line's fields; every field must belong to the kind.
    package init(kind: TraceKind, fields: [(key: String, value: TraceValue)]) throws(TraceDecodingError) {
        var reader = TraceFieldReader(fields)
        switch kind {
        case .runStart: self = .runStart(try RunStart(from: &reader))
        case .runEnd: self = .runEnd(try RunEnd(from: &reader))
        case .runLimitExceeded: self = .runLimitExceeded(try RunLimitExceeded(from: &reader))
        case .deviceState: self = .deviceState(try DeviceState(from: &reader))
        case .userAction: self = .userAction(try UserAction(from: &reader))
        case .userActionIgnored: self = .userActionIgnored(try UserActionIgnored(from: &reader))
        case .appState: self = .appState(try AppStateChange(from: &reader))
        case .appCallback: self = .appCallback(try AppCallback(from: &reader))
        case .appWork: self = .appWork(try AppActivity(from: &reader))
        case .appWait: self = .appWait(try AppActivity(from: &reader))
        case .appSave: self = .appSave(try AppSave(from: &reader))
        case .appLock: self = .appLock(try AppLock(from: &reader))
        case .appLog: self = .appLog(try AppLog(from: &reader))
        case .appUserActionIgnored: self = .appUserActionIgnored(try AppUserActionIgnored(from: &reader))
        case .appOutput: self = .appOutput(try AppOutput(from: &reader))
        case .appUpdateUI: self = .appUpdateUI(try AppUpdateUI(from: &reader))
        case .appStepIgnored: self = .appStepIgnored(try AppStepIgnored(from: &reader))
        case .backgroundTimeStart: self = .backgroundTimeStart(try BackgroundTimeStart(from: &reader))
        case .backgroundTimeExpiring: self = .backgroundTimeExpiring(try BackgroundTimeExpiring(from: &reader))
        case .backgroundTimeEnd: self = .backgroundTimeEnd(try BackgroundTimeEnd(from: &reader))
        case .backgroundTaskBegin: self = .backgroundTaskBegin(try BackgroundTaskBegin(from: &reader))
        case .backgroundTaskEnd: self = .backgroundTaskEnd(try BackgroundTaskEnd(from: &reader))
        case .backgroundTaskInvalid: self = .backgroundTaskInvalid(try BackgroundTaskInvalid(from: &reader))
        case .backgroundTaskExpirationHandler: self = .backgroundTaskExpirationHandler(try BackgroundTaskExpirationHandler(from: &reader))
        case .taskRegister: self = .taskRegister(try TaskRegister(from: &reader))
        case .taskSubmit: self = .taskSubmit(try TaskSubmit(from: &reader))
        case .taskSubmitFailed: self = .taskSubmitFailed(try TaskSubmitFailed(from: &reader))
        case .taskDropped: self = .taskDropped(try TaskDropped(from: &reader))
        case .taskCancel: self = .taskCancel(try TaskCancel(from: &reader))
        case .taskCancelAll: self = .taskCancelAll(try TaskCancelAll(from: &reader))
        case .taskWaiting: self = .taskWaiting(try TaskWaiting(from: &reader))
        case .taskLaunchRequest: self = .taskLaunchRequest(try TaskLaunchRequest(from: &reader))
        case .taskStart: self = .taskStart(try TaskStart(from: &reader))
        case .taskExpire: self = .taskExpire(try TaskExpire(from: &reader))
        case .taskWorkCancelled: self = .taskWorkCancelled(try TaskWorkCancelled(from: &reader))
        case .taskEnd: self = .taskEnd(try TaskEnd(from: &reader))
        case .liveActivityUpdate: self = .liveActivityUpdate(try LiveActivityUpdate(from: &reader))
        case .liveActivityPrompt: self = .liveActivityPrompt(try LiveActivityPrompt(from: &reader))
        case .pushReceived: self = .pushReceived(try PushReceived(from: &reader))
        case .pushOutcome: self = .pushOutcome(try PushOutcome(from: &reader))
        case .pushCompletion: self = .pushCompletion(try PushCompletion(from: &reader))
        case .transferState: self = .transferState(try TransferState(from: &reader))
        case .transferSession: self = .transferSession(try TransferSession(from: &reader))
        case .console: self = .console(try Console(from: &reader))
        case .diagnostic: self = .diagnostic(try DiagnosticRecord(from: &reader))
        case .illegalTransition: self = .illegalTransition(try IllegalTransition(from: &reader))
        }
        try reader.finish()
    }
}
