import SimulationKernel
import SimulationModel

extension Timeline.Reader {
    /// Background time's records: each background task (`beginBackgroundTask`) gets a lane from its begin to its end.
    mutating func readBackgroundTime(_ record: BackgroundTimeRecord, at time: VirtualInstant) {
        switch record {
        case .taskBegin(let begin):
            readBegin(begin, at: time)
        case .taskEnd(let end):
            if let index = assertionIndex[AssertionKey(process: end.process, identifier: end.identifier)] {
                timeline.assertions[index].end = time
                timeline.assertions[index].closing = .ended
            }
            story(time, .task(identifier: end.identifier), "end after \(DurationText.instant(end.age))")
        case .taskInvalid(let invalid):
            story(time, .app(process: invalid.process), "beginBackgroundTask returned .invalid")
        case .taskExpirationHandler(let handler):
            let started = handler.phase == .started
            if started, let index = assertionIndex[AssertionKey(process: handler.process, identifier: handler.identifier)] {
                timeline.assertions[index].expirationHandlerAt = time
            }
            story(time, .task(identifier: handler.identifier), "expiration handler \(started ? "called" : "returned")")
        case .start, .expiring, .end:
            // Background time shows as the process's `background` state and its tasks' expiration marks.
            break
        }
    }

    /// `beginBackgroundTask` granted an assertion: it gets a lane of its own until it ends or its process dies.
    private mutating func readBegin(_ begin: BackgroundTimeRecord.TaskBegin, at time: VirtualInstant) {
        assertionIndex[AssertionKey(process: begin.process, identifier: begin.identifier)] = timeline.assertions.count
        timeline.assertions.append(Timeline.AssertionLane(
            process: begin.process, identifier: Int64(begin.identifier), name: begin.name, begin: time, end: time,
            closing: .open, expirationHandlerAt: nil))
        var left = ""
        if let remaining = begin.remaining, remaining >= .zero { left = " (\(DurationText.instant(remaining)) left)" }
        story(time, .task(identifier: begin.identifier), "begin \"\(begin.name)\"\(left)")
    }
}
