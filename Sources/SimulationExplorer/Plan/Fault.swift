import SimulationKernel
import SimulationModel

/// One fault injected as a timeline entry: what happens, and when.
///
/// The entry runs before any other event due at the same instant that the
/// run schedules itself (timeline entries are queued when the run starts),
/// so a fault at the instant a step finishes lands just before the step's
/// code resumes, and one a nanosecond later lands just after. In the trace
/// its `user.action` carries the note `fault: <kind>`, so a report shows
/// what was injected.
public struct Fault: Sendable, Hashable {
    /// When it happens.
    public var at: VirtualInstant
    /// What happens; a kind that ``FaultKind/isTimelineEntry``.
    public var kind: FaultKind
    /// The task an `expireTask` or `cancelLiveActivity` names; nil for the oldest Live Activity, and for other kinds.
    public var identifier: String?

    /// Creates a fault; `kind` must be a timeline entry, and `expireTask` needs an identifier.
    public init(at: VirtualInstant, kind: FaultKind, identifier: String? = nil) {
        precondition(kind.isTimelineEntry, "\(kind.rawValue) is not a timeline fault")
        precondition(kind != .expireTask || identifier != nil, "expireTask needs the identifier of the task to expire")
        self.at = at
        self.kind = kind
        self.identifier = kind.takesIdentifier ? identifier : nil
    }

    /// The note its timeline entry carries in the trace.
    package var note: String {
        "fault: \(kind.rawValue)" + (identifier.map { " \($0)" } ?? "")
    }

    /// The person's or the system's action the fault stands for, as its kind's feature declares it.
    package var action: UserAction {
        kind.faults.action(of: self)
    }

    /// For example `memoryPressure at 31s` or `expireTask com.example.refresh at 1m5.000000001s`.
    public var description: String {
        "\(kind.rawValue)\(identifier.map { " \($0)" } ?? "") at \(DurationText.exact(at))"
    }
}
