import SimulationKernel
import SimulationModel

extension Timeline.Reader {
    /// The run's own records: its header, how it ended, and a limit that stopped it.
    mutating func readRun(_ record: RunRecord, at time: VirtualInstant) {
        switch record {
        case .start(let start):
            timeline.scenario = start.scenario
            timeline.seed = String(start.seed)
            timeline.profile = start.profile.name.rawValue
            timeline.version = start.version
            timeline.end = start.stopAt
        case .end(let end):
            timeline.end = time
            timeline.ending = end.ending
        case .limitExceeded(let limit):
            story(time, .bgsim, "stopped: \(limit.message)")
        }
    }

    /// The person's timeline entries, and those that did not apply.
    mutating func readPerson(_ record: PersonRecord, at time: VirtualInstant) {
        switch record {
        case .action(let action):
            var text = action.action.rawValue
            if let run = action.run { text += " \(run)" }
            if let note = action.note { text += " — \(note)" }
            story(time, .user, text)
        case .actionIgnored(let ignored):
            story(time, .user, "(ignored: \(ignored.why))")
        }
    }

    /// A rule was broken: a marker at its instant, and a line of the story.
    mutating func readDiagnostic(_ diagnostic: DiagnosticRecord, at time: VirtualInstant) {
        let marker = Timeline.Marker(
            time: time, rule: diagnostic.rule, severity: diagnostic.severity, subject: diagnostic.subject,
            message: diagnostic.message, fix: diagnostic.fix)
        timeline.markers.append(marker)
        story(time, .diagnostic(rule: marker.rule), "\(Rules.severityWords(marker.rule, marker.severity)): \(marker.subject)")
    }
}
