import SimulationModel

extension Timeline {
    /// One app process, from launch to termination.
    struct ProcessLane: Sendable, Hashable {
        /// The process number (1 for the first launch).
        var number: Int
        /// Its states over time.
        var segments: [Segment]
        /// How it ended, if it did: the reason (its exception code follows from it) and the system's words.
        var termination: AppRecord.StateChange.Termination?
    }

    /// The lane of each app process, with a mark where it was terminated.
    var processLanes: [Lane] {
        var lanes: [Lane] = []
        for process in processes {
            var marks: [Lane.Mark] = []
            if let termination = process.termination, let last = process.segments.last {
                marks.append(Lane.Mark(
                    time: last.end, kind: .killed,
                    detail: "terminated: \(termination.reason.rawValue)" + (termination.reason.exceptionCode.map { " (\($0))" } ?? "")))
            }
            lanes.append(Lane(
                id: "app-\(process.number)", title: "app #\(process.number)", group: .app,
                segments: process.segments.map { Lane.Segment(start: $0.start, end: $0.end, state: .app($0.state), detail: nil) },
                marks: marks))
        }
        return lanes
    }
}
