/// One row of a timeline drawing, in a form every report draws the same way.
///
/// Reports (terminal, HTML, Perfetto) draw lanes without knowing what they
/// stand for: a new kind of lane (task requests, downloads, pushes) is added
/// once, in ``Timeline/lanes``, and every report shows it.
public struct Lane: Sendable, Hashable {
    /// The section a lane belongs to, in drawing order.
    public enum Group: String, Sendable, Hashable, CaseIterable {
        case app
        case backgroundTasks
        case scheduledTasks
        case liveActivities
        case pushes
        case transfers
        case device
    }

    /// A stretch of time the lane spends in one state.
    public struct Segment: Sendable, Hashable {
        public var start: Int64
        public var end: Int64
        /// What the lane is doing: reports pick words, colours and glyphs by it.
        public var state: LaneState
        /// Words for hover details, if any.
        public var detail: String?
    }

    /// An instant on the lane: an expiration, an end, a kill.
    public struct Mark: Sendable, Hashable {
        /// What happened at a mark.
        public enum Kind: Sendable, Hashable, CaseIterable {
            /// The process died and took the task with it, or the system dropped a queued request or a push.
            case killed
            /// An expiration handler was called, or a task's time ran out.
            case expiring
            /// `submit` refused a request.
            case failed
            /// The app ended the background task, or the task ended.
            case ended
        }

        public var time: Int64
        /// What happened.
        public var kind: Kind
        /// Words for hover details.
        public var detail: String
    }

    /// A stable identifier, for example `app-1` or `task-1-2`.
    public var id: String
    /// The label drawn beside the lane.
    public var title: String
    public var group: Group
    public var segments: [Segment]
    public var marks: [Mark]
}

extension Timeline {
    /// Every lane of the run, grouped and in drawing order.
    public var lanes: [Lane] {
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
        lanes.append(contentsOf: taskRequests)
        lanes.append(contentsOf: liveActivities)
        lanes.append(contentsOf: pushes)
        lanes.append(contentsOf: transfers)
        lanes.append(contentsOf: device)
        return lanes
    }
}
