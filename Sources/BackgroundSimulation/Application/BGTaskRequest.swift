import Foundation

/// The look-alike of `BGTaskRequest`: what to run, and not before when.
public class BGTaskRequest: @unchecked Sendable {
    /// The identifier, listed in Info.plist's `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// The task may begin no earlier than this (a lower bound, never a promise).
    ///
    /// Dates map onto virtual time from ``BGTaskScheduler/epoch``: use
    /// `BGTaskScheduler.shared.now` (not `Date()`, which reads the real clock) to compute it.
    public var earliestBeginDate: Date?

    /// Creates a request for a registered identifier.
    public init(identifier: String) {
        self.identifier = identifier
    }

    var kind: TaskKind { .appRefresh }

    func model(now: Date) -> TaskRequest {
        let begin = earliestBeginDate.map { date in
            Int64((date.timeIntervalSince(BGTaskScheduler.epoch) * 1_000_000_000).rounded())
        }
        return TaskRequest(identifier: identifier, kind: kind, earliestBegin: begin)
    }
}

/// The look-alike of `BGAppRefreshTaskRequest`.
public final class BGAppRefreshTaskRequest: BGTaskRequest, @unchecked Sendable {}

/// The look-alike of `BGProcessingTaskRequest`.
public final class BGProcessingTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// Whether the task needs a network connection. Default false.
    public var requiresNetworkConnectivity = false
    /// Whether the task needs the device to be charging. Default false.
    public var requiresExternalPower = false

    override var kind: TaskKind { .processing }

    override func model(now: Date) -> TaskRequest {
        var request = super.model(now: now)
        request.requiresNetworkConnectivity = requiresNetworkConnectivity
        request.requiresExternalPower = requiresExternalPower
        return request
    }
}
