import SimulationKernel

/// A `BGTask` the system launched and has not yet seen end. Touched only on the simulation's loop thread.
final class RunningTask: @unchecked Sendable {
    let request: TaskRequest
    let launchedAt: Int64
    let deadline: Int64
    let onMainLane: Bool
    let completesWhenHandlerReturns: Bool
    var expirationHandler: ExpirationHandler?
    var expired = false
    var completed = false
    /// Set by the expiration handler (or the system, for async handlers): work that checks it stops.
    var workCancelled = false
    var handlerContext: TaskContext?
    var timers: [EventHandle] = []

    init(request: TaskRequest, launchedAt: Int64, deadline: Int64, onMainLane: Bool, completesWhenHandlerReturns: Bool) {
        self.request = request
        self.launchedAt = launchedAt
        self.deadline = deadline
        self.onMainLane = onMainLane
        self.completesWhenHandlerReturns = completesWhenHandlerReturns
    }

    var identifier: String { request.identifier }

    var subject: String { "\(request.kind == .appRefresh ? "app refresh" : "processing") task \(request.identifier)" }
}
