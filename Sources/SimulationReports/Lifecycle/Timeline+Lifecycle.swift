import SimulationModel
import SimulationKernel

extension Timeline.Reader {
    /// The app process's records: its lane follows its states; saves, locks, logs and finished outputs are told in the story.
    mutating func readApp(_ record: AppRecord, at time: VirtualInstant) {
        switch record {
        case .state(let change):
            readAppState(change, at: time)
        case .save(let save):
            story(time, .app(process: save.process), "saved \"\(save.checkpoint)\"")
        case .log(let log):
            story(time, .app(process: log.process), "log: \(log.message)")
        case .lock(let lock):
            story(time, .app(process: lock.process), "\(lock.held ? "takes" : "releases") lock \(lock.lock)")
        case .output(let output):
            readOutput(output, at: time)
        case .callback, .work, .wait, .updateUI, .stepIgnored, .userActionIgnored:
            // The app's code on its lanes: the terminal story would drown in it; the trace keeps it.
            break
        }
    }

    /// An app process changes state: its lane gets a segment, and a termination closes its open background tasks.
    private mutating func readAppState(_ change: AppRecord.StateChange, at time: VirtualInstant) {
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

    /// An output file changed. Units written one by one would flood the story: it tells when a file is done or removed.
    private mutating func readOutput(_ output: AppRecord.Output, at time: VirtualInstant) {
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
