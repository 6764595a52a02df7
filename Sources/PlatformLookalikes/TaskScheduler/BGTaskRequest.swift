import SimulationKernel
import Foundation
import SimulationModel

/// The look-alike of `BGTaskRequest`: what to run, and not before when.
public class BGTaskRequest: @unchecked Sendable {
    /// The identifier, listed in Info.plist's `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// The task may begin no earlier than this (a lower bound, never a promise).
    ///
    /// Dates map onto virtual time from ``BGTaskScheduler/epoch``; in
    /// simulated app code `Date()` and `Date(timeIntervalSinceNow:)` read the
    /// virtual clock, so `Date(timeIntervalSinceNow: 15 * 60)` is 15 minutes
    /// after the instant the code runs.
    public var earliestBeginDate: Date? {
        didSet { exactEarliestBegin = nil }
    }

    /// Creates a request for a registered identifier.
    public init(identifier: String) {
        self.identifier = identifier
    }

    /// The earliest begin on the virtual clock, exactly, when the scenario interpreter gives one.
    ///
    /// A `Date` cannot hold every nanosecond (a `Double` of seconds), and a
    /// scenario's `"earliestBegin": "15m"` must stay exactly 15 minutes.
    var exactEarliestBegin: VirtualInstant?

    var kind: TaskKind { .appRefresh }

    func model(now: VirtualInstant) -> TaskRequest {
        let begin = exactEarliestBegin ?? earliestBeginDate.map { VirtualClock.instant(of: $0, now: now) }
        return TaskRequest(identifier: identifier, kind: kind, earliestBegin: begin)
    }

    /// The look-alike of a request the system holds, of the kind's class; each class reads its own properties.
    required package init(holding request: TaskRequest) {
        self.identifier = request.identifier
        self.earliestBeginDate = request.earliestBegin.map(VirtualClock.date(at:))
        self.exactEarliestBegin = request.earliestBegin
    }

    /// The look-alike object of a request the system holds: what `getPendingTaskRequests` hands back, and what
    /// the scenario interpreter submits.
    package static func lookalike(of request: TaskRequest) -> BGTaskRequest {
        request.kind.lookalikes.request.init(holding: request)
    }
}
