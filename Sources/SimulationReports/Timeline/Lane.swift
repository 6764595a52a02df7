import SimulationKernel
/// One row of a timeline drawing, in a form every report draws the same way.
///
/// Reports (terminal, HTML, Perfetto) draw lanes without knowing what they
/// stand for: a new kind of lane (task requests, downloads, pushes) is added
/// once, in `Timeline.lanes`, and every report shows it.
struct Lane: Sendable, Hashable {
    /// The section a lane belongs to, in drawing order.
    enum Group: String, Sendable, Hashable, CaseIterable {
        case app
        case backgroundTasks
        case scheduledTasks
        case liveActivities
        case pushes
        case transfers
        case device
    }

    /// A stretch of time the lane spends in one state.
    struct Segment: Sendable, Hashable {
        var start: VirtualInstant
        var end: VirtualInstant
        /// What the lane is doing: reports pick words, colours and glyphs by it.
        var state: LaneState
        /// Words for hover details, if any.
        var detail: String?
    }

    /// An instant on the lane: an expiration, an end, a kill.
    struct Mark: Sendable, Hashable {
        /// What happened at a mark.
        enum Kind: Sendable, Hashable, CaseIterable {
            /// The process died and took the task with it, or the system dropped a queued request or a push.
            case killed
            /// An expiration handler was called, or a task's time ran out.
            case expiring
            /// `submit` refused a request.
            case failed
            /// The app ended the background task, or the task ended.
            case ended
        }

        var time: VirtualInstant
        /// What happened.
        var kind: Kind
        /// Words for hover details.
        var detail: String
    }

    /// A stable identifier, for example `app-1` or `task-1-2`.
    var id: String
    /// The label drawn beside the lane.
    var title: String
    var group: Group
    var segments: [Segment]
    var marks: [Mark]
}
