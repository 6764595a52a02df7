/// The app process's records: its states, its code on its lanes, and what it saves, locks, logs and writes.
public enum AppRecord: Sendable, Hashable {
    /// `app.state`: an app process changes state; on termination, why.
    case state(StateChange)
    /// `app.callback`: a delegate callback starts or returns on the main lane.
    case callback(Callback)
    /// `app.work`: the app starts CPU work.
    case work(Activity)
    /// `app.wait`: the app starts waiting without CPU.
    case wait(Activity)
    /// `app.save`: the app saved its state.
    case save(Save)
    /// `app.lock`: the app took or released a file or database lock.
    case lock(Lock)
    /// `app.log`: a line of the app's own log.
    case log(Log)
    /// `app.userActionIgnored`: a tap while the app was not in the foreground.
    case userActionIgnored(UserActionIgnored)
    /// `app.output`: the app wrote a unit of an output file, or asked to remove a partial one.
    case output(Output)
    /// `app.updateUI`: main-actor code ran.
    case updateUI(UpdateUI)
    /// `app.stepIgnored`: a scenario step that has no meaning where it ran.
    case stepIgnored(StepIgnored)

    /// The kinds of app records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case state = "app.state"
        case callback = "app.callback"
        case work = "app.work"
        case wait = "app.wait"
        case save = "app.save"
        case lock = "app.lock"
        case log = "app.log"
        case userActionIgnored = "app.userActionIgnored"
        case output = "app.output"
        case updateUI = "app.updateUI"
        case stepIgnored = "app.stepIgnored"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .state: .state
        case .callback: .callback
        case .work: .work
        case .wait: .wait
        case .save: .save
        case .lock: .lock
        case .log: .log
        case .userActionIgnored: .userActionIgnored
        case .output: .output
        case .updateUI: .updateUI
        case .stepIgnored: .stepIgnored
        }
    }
}

extension AppRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .state(let record): record.encode(to: &fields)
        case .callback(let record): record.encode(to: &fields)
        case .work(let record), .wait(let record): record.encode(to: &fields)
        case .save(let record): record.encode(to: &fields)
        case .lock(let record): record.encode(to: &fields)
        case .log(let record): record.encode(to: &fields)
        case .userActionIgnored(let record): record.encode(to: &fields)
        case .output(let record): record.encode(to: &fields)
        case .updateUI(let record): record.encode(to: &fields)
        case .stepIgnored(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .state: self = .state(try StateChange(from: &fields))
        case .callback: self = .callback(try Callback(from: &fields))
        case .work: self = .work(try Activity(from: &fields))
        case .wait: self = .wait(try Activity(from: &fields))
        case .save: self = .save(try Save(from: &fields))
        case .lock: self = .lock(try Lock(from: &fields))
        case .log: self = .log(try Log(from: &fields))
        case .userActionIgnored: self = .userActionIgnored(try UserActionIgnored(from: &fields))
        case .output: self = .output(try Output(from: &fields))
        case .updateUI: self = .updateUI(try UpdateUI(from: &fields))
        case .stepIgnored: self = .stepIgnored(try StepIgnored(from: &fields))
        }
    }
}
