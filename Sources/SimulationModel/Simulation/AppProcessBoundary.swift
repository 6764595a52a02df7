import SimulationKernel

// What the app process still hands over as integers: `AppProcess` (Process/) and `RunningTask` are being split into
// components on another branch and are typed when that lands. Each initializer here reads the untyped values into
// the typed ones; delete this file once Process/ passes `VirtualInstant` and `VirtualDuration` itself.

extension BackgroundTimeRecord.Start {
    /// The record from nanoseconds: the app process's spelling until it is typed.
    package init(process: Int, budget: Int64, deadline: Int64) {
        self.init(process: process, budget: .nanoseconds(budget), deadline: VirtualInstant(nanoseconds: deadline))
    }
}

extension BackgroundTimeRecord.TaskBegin {
    /// The record from nanoseconds: the app process's spelling until it is typed.
    package init(process: Int, identifier: Int, name: String, remaining: Int64?) {
        self.init(process: process, identifier: identifier, name: name, remaining: remaining.map(VirtualDuration.nanoseconds))
    }
}

extension BackgroundTimeRecord.TaskEnd {
    /// The record from nanoseconds: the app process's spelling until it is typed.
    package init(process: Int, identifier: Int, name: String, age: Int64) {
        self.init(process: process, identifier: identifier, name: name, age: .nanoseconds(age))
    }
}

extension TaskRecord.Start {
    /// The record from nanoseconds: the app process's spelling until it is typed.
    package init(process: Int, identifier: String, type: TaskKind, deadline: Int64?, queue: TaskRecord.HandlerQueue) {
        self.init(
            process: process, identifier: identifier, type: type, deadline: deadline.map(VirtualInstant.init(nanoseconds:)), queue: queue)
    }
}

extension TaskRun {
    /// The run from nanoseconds: the app process's spelling until it is typed.
    package init(process: Int, identifier: String, kind: TaskKind, startedAt: Int64) {
        self.init(process: process, identifier: identifier, kind: kind, startedAt: VirtualInstant(nanoseconds: startedAt))
    }
}

extension SavedState {
    /// A save at an instant in nanoseconds: the app process's spelling until it is typed.
    mutating func save(checkpoint: String, at time: Int64, process: Int) {
        save(checkpoint: checkpoint, at: VirtualInstant(nanoseconds: time), process: process)
    }
}

extension AppRecord.Save {
    /// The record from nanoseconds: the app process's spelling until it is typed.
    package init(process: Int, checkpoint: String, work: Int64) {
        self.init(process: process, checkpoint: checkpoint, work: .nanoseconds(work))
    }
}

// The app process's state changes take their cause as the trace's words until it is typed; these forward the typed
// cause, and the record reads the words back.

extension AppProcess {
    func launch(into destination: AppState.LaunchDestination, cause: StateChangeCause) {
        launch(into: destination, cause: cause.description)
    }

    func enterBackground(cause: StateChangeCause) {
        enterBackground(cause: cause.description)
    }

    func enterForeground(cause: StateChangeCause) {
        enterForeground(cause: cause.description)
    }

    @discardableResult
    func resignActive(cause: StateChangeCause) -> String? {
        resignActive(cause: cause.description)
    }

    @discardableResult
    func becomeActive(cause: StateChangeCause) -> String? {
        becomeActive(cause: cause.description)
    }

    package func wakeForService(cause: StateChangeCause) {
        wakeForService(cause: cause.description)
    }
}

extension AppRecord.StateChange {
    /// The record from the cause in the trace's words: the app process's spelling until it is typed.
    package init(process: Int, from: AppState.Name, to: AppState.Name, cause: String?) {
        self.init(process: process, from: from, to: to, cause: cause.map { text in
            guard let cause = StateChangeCause(text) else { preconditionFailure("no state change cause reads \"\(text)\"") }
            return cause
        })
    }
}
