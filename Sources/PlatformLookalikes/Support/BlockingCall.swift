import SimulationKernel
import SimulationModel

/// Blocking calls of the app's code (`sleep`, `usleep`, `Thread.sleep`, the synchronous `simulateWork(for:)`):
/// CPU or idle time charged to the synchronous code running now.
enum BlockingCall {
    /// Charges `duration` to the synchronous app code running in `process`; in async code, reports that
    /// nothing could be charged.
    static func charge(_ duration: VirtualDuration, asWork: Bool, in process: AppProcess, call: String) {
        guard duration > .zero else { return }
        if asWork ? process.charge(work: duration) : process.charge(sleep: duration) { return }
        process.diagnose(
            Rules.blockingCallNotSimulated, subject: call,
            message: "\(call) was called in async code, where bgsim cannot block the simulation's thread: no virtual time passed. "
                + "Await instead (try await Task.sleep(for:), try await application.simulateWork(for:)).")
    }
}
