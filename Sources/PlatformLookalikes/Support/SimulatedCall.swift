import SimulationModel

/// The check every look-alike makes before it acts: which process, and whether the call may act on it.
enum SimulatedCall {
    /// The process `api` acts on: `bound` if the object belongs to one, else the process whose code is calling; nil
    /// when there is none, or the call must not act (made from a thread outside the simulation, or by code the
    /// watchdog stopped).
    static func process(_ bound: AppProcess?, _ api: @autoclosure () -> String) -> AppProcess? {
        guard let process = bound ?? AppProcess.current else { return nil }
        return process.acceptsAppCall(api()) ? process : nil
    }

    /// Like ``process(_:_:)``, for calls that wait: throws `ProcessTerminated` when the process is dead, as the
    /// work of a killed app fails rather than waiting for ever.
    static func liveProcess(_ bound: AppProcess?, _ api: @autoclosure () -> String) throws -> AppProcess? {
        guard let process = bound ?? AppProcess.current else { return nil }
        if process.acceptsAppCall(api()) { return process }
        if process.hasEnded { throw ProcessTerminated(process: process.number) }
        return nil
    }
}

/// A weak reference to the model's process a look-alike object belongs to: the object may outlive the simulation.
final class ProcessReference: @unchecked Sendable {
    weak var process: AppProcess?

    init(_ process: AppProcess?) {
        self.process = process
    }
}
