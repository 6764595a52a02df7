import SimulationKernel
extension Timeline {
    /// One background task (`beginBackgroundTask`), from begin to end.
    struct AssertionLane: Sendable, Hashable {
        /// How an assertion's lane closes.
        enum Closing: String, Sendable, Hashable {
            /// The app ended it.
            case ended
            /// It was still open when the process was terminated.
            case killed
            /// It was still open when the run stopped.
            case open
        }

        /// The process that began it.
        var process: Int
        /// Its identifier within the process.
        var identifier: Int64
        /// The name given to `beginBackgroundTask`.
        var name: String
        /// When it was begun.
        var begin: VirtualInstant
        /// When it was ended, or the process died, or the run stopped.
        var end: VirtualInstant
        /// How it closed.
        var closing: Closing
        /// When its expiration handler was called, if it was.
        var expirationHandlerAt: VirtualInstant?
    }

    /// The lane of each background task, from its begin to its end, with marks for its expiration handler and its end.
    var assertionLanes: [Lane] {
        var lanes: [Lane] = []
        for assertion in assertions {
            var marks: [Lane.Mark] = []
            if let expiring = assertion.expirationHandlerAt {
                marks.append(Lane.Mark(time: expiring, kind: .expiring, detail: "expiration handler called"))
            }
            switch assertion.closing {
            case .ended: marks.append(Lane.Mark(time: assertion.end, kind: .ended, detail: "endBackgroundTask"))
            case .killed: marks.append(Lane.Mark(time: assertion.end, kind: .killed, detail: "still open when the app was terminated"))
            case .open: break
            }
            lanes.append(Lane(
                id: "task-\(assertion.process)-\(assertion.identifier)", title: "task \(assertion.identifier)",
                group: .backgroundTasks,
                segments: [Lane.Segment(
                    start: assertion.begin, end: assertion.end, state: .assertionOpen,
                    detail: "background task \(assertion.identifier) \"\(assertion.name)\" (process \(assertion.process))")],
                marks: marks))
        }
        return lanes
    }
}
