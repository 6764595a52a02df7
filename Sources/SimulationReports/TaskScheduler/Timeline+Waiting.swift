import SimulationKernel
import SimulationModel

extension Timeline {
    /// A request still pending when the trace ends, and why: what reports list under "still pending".
    package struct PendingRequest: Sendable, Hashable {
        /// The request's identifier.
        package var identifier: String
        /// Its kind.
        package var kind: TaskKind
        /// When it was submitted (the last time, when a submission replaced it).
        var submitted: VirtualInstant
        /// What the trace last said holds it back (`bgTask.waiting`); nil when it said nothing since the submission.
        package var reason: TaskRecord.Waiting.Reason?
        /// Since when that reason holds: its `bgTask.waiting`, or the submission.
        var since: VirtualInstant

        /// Why it waits, in words: the condition that holds it back, or when it is due (and whether that is after `runEnd`).
        package func why(runEnd: VirtualInstant) -> String {
            guard let reason else { return "due at once (nothing held it back when it was submitted)" }
            if case .ready(let instant) = reason, instant > runEnd { return Timeline.words(reason) + ", after the run ended" }
            return Timeline.words(reason)
        }
    }

    /// A reason a request waits, in the words every report uses: `waits: Low Power Mode is on`, `due at 9h41m24s`.
    package static func words(_ reason: TaskRecord.Waiting.Reason) -> String {
        switch reason {
        case .blocked(let blocker): "waits: \(blocker)"
        case .ready(let instant): "due at \(DurationText.instant(instant))"
        }
    }
}

extension Timeline.Reader {
    /// Keeps the list of pending requests: a submission adds one (or replaces it), a launch, a cancellation or a drop removes it.
    mutating func trackPending(_ record: TaskRecord, _ identifier: String, at time: VirtualInstant) {
        switch record {
        case .submit(let submit):
            submissions += 1
            let order = pendingRequests[identifier]?.order ?? submissions
            pendingRequests[identifier] = (
                Timeline.PendingRequest(identifier: identifier, kind: submit.request.kind, submitted: time, reason: nil, since: time), order)
        case .waiting(let waiting):
            pendingRequests[identifier]?.request.reason = waiting.reason
            pendingRequests[identifier]?.request.since = time
        case .launchRequest, .cancel, .dropped:
            pendingRequests[identifier] = nil
        case .submitFailed, .start, .expire, .end, .register, .cancelAll, .workCancelled:
            break
        }
    }

    /// `cancelAllTaskRequests()`: nothing is pending any more.
    mutating func forgetPendingRequests() {
        pendingRequests.removeAll()
    }
}
