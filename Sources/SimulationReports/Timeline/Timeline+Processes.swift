import SimulationModel
import SimulationKernel

extension Timeline.Reader {
    /// An app process changes state: its lane gets a segment, and a termination closes its open background tasks.
    mutating func readAppState(_ change: AppRecord.StateChange, at time: Int64) {
        let process = change.process
        if processIndex[process] == nil {
            processIndex[process] = timeline.processes.count
            timeline.processes.append(Timeline.ProcessLane(number: process, segments: [], termination: nil))
        }
        let index = processIndex[process]!
        if let open = openProcessSegments[process], open.start < time {
            timeline.processes[index].segments.append(Timeline.Segment(start: open.start, end: time, state: open.state))
        }
        var text = "\(change.from.rawValue) → \(change.to.rawValue)"
        if change.to == .terminated {
            // A record built in memory may say `terminated` without a termination (the model never writes one).
            let reason = change.termination?.reason.rawValue ?? ""
            let code = change.termination?.reason.exceptionCode
            timeline.processes[index].termination = change.termination
            openProcessSegments[process] = nil
            text = "terminated: \(reason)" + (code.map { " (\($0))" } ?? "")
            if let message = change.termination?.message { text += " — \(message)" }
            for (position, lane) in timeline.assertions.enumerated() where lane.process == process && lane.closing == .open {
                timeline.assertions[position].closing = .killed
                timeline.assertions[position].end = time
            }
        } else {
            openProcessSegments[process] = (time, change.to)
        }
        story(time, .app(process: process), text)
    }

    /// `beginBackgroundTask` granted an assertion: it gets a lane of its own until it ends or its process dies.
    mutating func readBegin(_ begin: BackgroundTimeRecord.TaskBegin, at time: Int64) {
        assertionIndex[AssertionKey(process: begin.process, identifier: begin.identifier)] = timeline.assertions.count
        timeline.assertions.append(Timeline.AssertionLane(
            process: begin.process, identifier: Int64(begin.identifier), name: begin.name, begin: time, end: time,
            closing: .open, expirationHandlerAt: nil))
        var left = ""
        if let remaining = begin.remaining, remaining >= 0 { left = " (\(DurationText.instant(remaining)) left)" }
        story(time, .task(identifier: begin.identifier), "begin \"\(begin.name)\"\(left)")
    }

    /// An output file changed. Units written one by one would flood the story: it tells when a file is done or removed.
    mutating func readOutput(_ output: AppRecord.Output, at time: Int64) {
        let state = output.state?.rawValue ?? "none"
        let units = "\(output.units)/\(output.total) units"
        switch output.change {
        case .remove:
            let text = output.state == .removed
                ? "removes partial \(output.output) (\(units))" : "nothing partial to remove: \(output.output) is \(state)"
            story(time, .app(process: output.process), text)
        case .write:
            if output.state == .complete { story(time, .app(process: output.process), "output \(output.output) complete (\(units))") }
        }
    }
}
