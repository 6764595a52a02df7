import SimulationKernel
import SimulationModel

extension Task where Success == Never, Failure == Never {
    /// Suspends the task for `duration`: on the virtual clock in simulated app code, really elsewhere.
    ///
    /// A file that imports the look-alikes gets this method for
    /// `Task.sleep(nanoseconds:)`, so a sleeping handler wakes at a virtual
    /// instant (after the app is suspended, once it runs again), and a real
    /// timer never resumes simulated code from another thread.
    public static func sleep(nanoseconds duration: UInt64) async throws {
        try await sleep(for: .nanoseconds(Int64(clamping: duration)))
    }

    /// Suspends the task for `duration`: on the virtual clock in simulated app code, really elsewhere.
    public static func sleep(for duration: Duration) async throws {
        guard let process = AppProcess.current else {
            try await ContinuousClock().sleep(for: duration)
            return
        }
        guard SimulatedCall.process(process, "Task.sleep(for:)") != nil else { return }
        try await process.kernel.clock.sleep(for: duration)
    }

    /// Suspends the task for `duration`; the tolerance changes nothing on the virtual clock.
    public static func sleep(for duration: Duration, tolerance: Duration?) async throws {
        try await sleep(for: duration)
    }
}
