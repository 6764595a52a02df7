import SimulationKernel
import SimulationModel

extension Timeline.Reader {
    static let heldLane = "push-held"
    static let handlerLane = "push-handler"

    /// Silent push's records: a story line when a push arrives, the held and handler lanes, and marks for pushes lost.
    mutating func readPush(_ record: PushRecord, at time: VirtualInstant) {
        switch record {
        case .received(let received): readPush(received, at: time)
        case .outcome(let outcome): readPush(outcome, at: time)
        case .completion(let completion): readPush(completion, at: time)
        }
    }

    /// A push reached the device.
    private mutating func readPush(_ received: PushRecord.Received, at time: VirtualInstant) {
        let payload = received.contentAvailable ? "content-available" : "no content-available"
        story(time, .system, "push \(received.push) arrives (\(received.pushType.rawValue), priority \(received.priority), \(payload))")
    }

    /// What the system did with a push: the held lane while it is held, a mark when it is dropped or thrown away.
    private mutating func readPush(_ outcome: PushRecord.Outcome, at time: VirtualInstant) {
        let push = outcome.push
        let why = outcome.why.map { ": \($0)" } ?? ""
        switch outcome.outcome {
        case .held:
            pushLanes.move(Self.heldLane, title: "pushes held", group: .pushes, to: .push(.held), detail: "push \(push) held\(why)", at: time)
            story(time, .system, "holds push \(push)\(why)")
        case .coalesced, .dropped, .discarded:
            if outcome.outcome != .dropped {
                pushLanes.move(Self.heldLane, title: "pushes held", group: .pushes, to: nil, at: time)
            } else {
                pushLanes.lane(Self.heldLane, title: "pushes held", group: .pushes)
            }
            pushLanes.mark(Self.heldLane, Lane.Mark(time: time, kind: .killed, detail: "push \(push) \(outcome.outcome.rawValue)\(why)"))
            story(time, .system, "push \(push) \(outcome.outcome.rawValue)\(why)")
        case .delivered:
            if pushLanes.state(of: Self.heldLane) != nil {
                pushLanes.move(Self.heldLane, title: "pushes held", group: .pushes, to: nil, at: time)
            }
            let process = outcome.process.map { " to app #\($0)" } ?? ""
            let wake = outcome.wake.map { " (\($0.rawValue))" } ?? ""
            pushLanes.move(
                Self.handlerLane, title: "push handler", group: .pushes, to: .push(.handling),
                detail: "push \(push): didReceiveRemoteNotification", at: time)
            story(time, .system, "delivers push \(push)\(process)\(wake)\(why)")
        }
    }

    /// The app's completion handler: the handler lane ends, with a mark for how.
    private mutating func readPush(_ completion: PushRecord.Completion, at time: VirtualInstant) {
        let push = completion.push
        let result = completion.result.map { " .\($0.rawValue)" } ?? ""
        switch completion.phase {
        case .called:
            pushLanes.move(Self.handlerLane, title: "push handler", group: .pushes, to: nil, at: time)
            pushLanes.mark(Self.handlerLane, Lane.Mark(time: time, kind: .ended, detail: "push \(push): fetchCompletionHandler(\(result.dropFirst()))"))
            story(time, .app(process: completion.process), "fetchCompletionHandler\(result) for push \(push)")
        case .calledAgain:
            // The diagnostic's marker shows it; no lane mark means "called again".
            story(time, .app(process: completion.process), "fetchCompletionHandler called again for push \(push)")
        case .timedOut:
            pushLanes.move(Self.handlerLane, title: "push handler", group: .pushes, to: nil, at: time)
            pushLanes.mark(Self.handlerLane, Lane.Mark(time: time, kind: .killed, detail: "push \(push): completion handler not called in time"))
            story(time, .system, "push \(push): the completion handler was not called in time")
        }
    }
}
