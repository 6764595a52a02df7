import SimulationModel
import SimulationKernel

extension Timeline {
    /// The lane state for a Live Activity's progress in thousandths: its tenth, from 0 to 9, then done.
    static func progressState(permille: Int64) -> LaneState {
        .liveActivity(.progress(permille: permille))
    }
}

extension Timeline.Reader {
    /// The Live Activities' records: what each shows, and the question it asks.
    mutating func readLiveActivity(_ record: LiveActivityRecord, at time: VirtualInstant) {
        switch record {
        case .update(let update): readLiveActivityUpdate(update, at: time)
        case .prompt(let prompt): readLiveActivityPrompt(prompt, at: time)
        }
    }

    /// A continued processing request: queued, then what its Live Activity shows, and how its task ended.
    mutating func readContinuedRequest(_ record: TaskRecord, _ identifier: String, at time: VirtualInstant) {
        continuedIdentifiers.insert(identifier)
        let id = "live-" + identifier
        switch record {
        case .submit(let submit):
            let words = "\(submit.request.title) — \(submit.request.subtitle)"
            queuedWords[id] = words
            let current = liveLanes.state(of: id)
            if current == nil || current == .liveActivity(.queued) {
                moveLiveActivity(identifier, to: .queued, detail: "queued: \(words)", at: time)
            }
            story(time, .scheduler, "submit continued \(identifier)\(submit.queued ? " (queued)" : "")")
        case .submitFailed(let failed):
            markLiveActivity(identifier, .failed, "submit failed: \(failed.error.name)", at: time)
            story(time, .scheduler, "submit \(identifier) failed: \(failed.error.name) (\(failed.why))")
        case .cancel:
            if liveLanes.state(of: id) == .liveActivity(.queued) { moveLiveActivity(identifier, to: nil, detail: nil, at: time) }
            story(time, .scheduler, "cancel \(identifier)")
        case .dropped(let dropped):
            moveLiveActivity(identifier, to: nil, detail: nil, at: time)
            markLiveActivity(identifier, .killed, "dropped from the queue: \(dropped.reason)", at: time)
            story(time, .system, "drops queued \(identifier): \(dropped.reason)")
        case .waiting(let waiting):
            if liveLanes.state(of: id) == .liveActivity(.queued) {
                let words = queuedWords[id].map { "queued: \($0) · " } ?? ""
                moveLiveActivity(identifier, to: .queued, detail: words + Timeline.words(waiting.reason), at: time)
            }
            story(time, .system, "\(identifier) \(Self.storyWords(waiting.reason))")
        case .launchRequest:
            story(time, .system, "starts \(identifier)")
        case .start:
            // A task starts from nothing: a prompt before its first update returns to 0%.
            lastProgressState[id] = (.progress(tenth: 0), "")
        case .expire(let expire):
            markLiveActivity(identifier, .expiring, "expired: \(expire.reason)", at: time)
            story(time, .system, "expires \(identifier): \(expire.reason)")
        case .end(let end):
            let how = end.how.rawValue
            let output = end.output?.rawValue ?? "none"
            moveLiveActivity(identifier, to: nil, detail: nil, at: time)
            markLiveActivity(identifier, end.how == .processEnded ? .killed : .ended, "\(how), success \(end.success), output \(output)", at: time)
            let result = end.how == .completed ? (end.success ? ", success" : ", failure") : ""
            story(time, .system, "\(identifier) ended: \(how)\(result); output \(output)")
        case .register, .cancelAll, .workCancelled:
            // Not about one request: `readTask` reads them.
            break
        }
    }

    /// What the Live Activity shows now: its progress in tenths, unless it is asking the person a question.
    private mutating func readLiveActivityUpdate(_ update: LiveActivityRecord.Update, at time: VirtualInstant) {
        let identifier = update.identifier
        continuedIdentifiers.insert(identifier)
        let id = "live-" + identifier
        let words = "\(update.title) — \(update.subtitle)"
        let detail = "\(words) · \(update.permille / 10)% (\(update.completed)/\(update.total))"
        let state = LaneState.LiveActivity.progress(permille: update.permille)
        lastProgressState[id] = (state, detail)
        count(
            "progress-" + id, title: Self.liveActivityTitle(identifier) + " progress", group: .liveActivities, unit: "%", divisor: 10,
            value: update.permille, at: time)
        if liveLanes.state(of: id) != .liveActivity(.asking) { moveLiveActivity(identifier, to: state, detail: detail, at: time) }
        switch update.cause {
        case .start: story(time, .liveActivity, words)
        case .title: story(time, .liveActivity, "now \(words) (\(update.permille / 10)%)")
        case .progress, .end: break
        }
    }

    /// The Live Activity asks whether a stalled task should continue, and goes back to its progress once that ends.
    private mutating func readLiveActivityPrompt(_ prompt: LiveActivityRecord.Prompt, at time: VirtualInstant) {
        let identifier = prompt.identifier
        continuedIdentifiers.insert(identifier)
        let id = "live-" + identifier
        switch prompt.phase {
        case .shown(let stalledFor):
            let still = DurationText.instant(stalledFor)
            moveLiveActivity(identifier, to: .asking, detail: "asks whether to continue: no progress for \(still)", at: time)
            story(time, .liveActivity, "\(identifier) asks whether to continue (no progress for \(still))")
        case .answered(let answer):
            let last = lastProgressState[id] ?? (.progress(tenth: 0), "")
            moveLiveActivity(identifier, to: last.state, detail: last.detail, at: time)
            story(time, .user, "answers \(answer.rawValue): \(identifier)")
        case .withdrawn:
            let last = lastProgressState[id] ?? (.progress(tenth: 0), "")
            moveLiveActivity(identifier, to: last.state, detail: last.detail, at: time)
        }
    }

    /// `cancelAllTaskRequests()` also cancels queued continued requests: their lanes close.
    mutating func closeQueuedLiveActivities(at time: VirtualInstant) {
        for lane in liveLanes.lanes where liveLanes.state(of: lane.id) == .liveActivity(.queued) {
            moveLiveActivity(String(lane.id.dropFirst("live-".count)), to: nil, detail: nil, at: time)
        }
    }

    /// Moves a Live Activity lane to a new state (nil closes it) at `time`, keeping each segment's detail.
    private mutating func moveLiveActivity(_ identifier: String, to state: LaneState.LiveActivity?, detail: String?, at time: VirtualInstant) {
        liveLanes.move(
            "live-" + identifier, title: Self.liveActivityTitle(identifier), group: .liveActivities, to: state.map { .liveActivity($0) },
            detail: detail, at: time)
    }

    /// The identifier's last two parts (`export.3`) tell jobs apart, if they fit beside the lane; else the last one.
    static func liveActivityTitle(_ identifier: String) -> String {
        let parts = identifier.split(separator: ".")
        let lastTwo = parts.suffix(2).joined(separator: ".")
        return lastTwo.count <= 10 ? lastTwo : String((parts.last.map(String.init) ?? identifier).prefix(10))
    }

    /// Marks an instant on a Live Activity's lane, which appears if it had none yet (a refused submission has only its mark).
    private mutating func markLiveActivity(_ identifier: String, _ kind: Lane.Mark.Kind, _ detail: String, at time: VirtualInstant) {
        let id = "live-" + identifier
        liveLanes.lane(id, title: Self.liveActivityTitle(identifier), group: .liveActivities)
        liveLanes.mark(id, Lane.Mark(time: time, kind: kind, detail: detail))
    }
}
