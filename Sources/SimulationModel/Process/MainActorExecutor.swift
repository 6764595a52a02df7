import SimulationKernel

/// The main actor of one app process, on the simulation's thread: main-actor code of the app runs here.
///
/// While a simulation runs, ``ConcurrencyRouting`` makes the Swift runtime
/// see this executor as the main actor's on the simulation's thread, so
/// `@MainActor` methods, `await MainActor.run {}` and
/// `Task { @MainActor in }` run their jobs here instead of on the process's
/// real main thread, where they would race with the simulation or never run.
///
/// Jobs queue first-in first-out; a short-lived kernel task (the pump) runs
/// them in order, each isolated to this executor, so the runtime counts the
/// code as being on the main actor. The pump is a kernel task like any
/// other, so main-actor code interleaves with the rest of the simulation
/// the same way in every run.
final class MainActorExecutor: SerialExecutor, @unchecked Sendable {
    /// Weak: a thread keeps its last binding, and so this executor, after the simulation is gone.
    private weak var kernel: Kernel?
    /// Touched on the simulation's thread only: jobs from elsewhere go to the kernel's quarantine.
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var pumping = false

    init(kernel: Kernel) {
        self.kernel = kernel
    }

    func enqueue(_ job: consuming ExecutorJob) {
        guard let kernel else {
            // The simulation is gone: its code never runs again (the job is dropped, as a killed app's code stops).
            _ = UnownedJob(job)
            return
        }
        guard kernel.executor.isOnLoopThread else {
            // Resumed from another thread (a real Dispatch queue, a real sleep): its timing is the machine's.
            // The kernel quarantines it and reports it (BGS009), as it does its own foreign jobs.
            kernel.executor.enqueue(job)
            return
        }
        jobs.append(UnownedJob(job))
        guard !pumping else { return }
        pumping = true
        kernel.spawn("main actor") { [self] in
            pump(taskExecutor: kernel.executor.asUnownedTaskExecutor())
        }
    }

    private func pump(taskExecutor: UnownedTaskExecutor) {
        let isolation = asUnownedSerialExecutor()
        while head < jobs.count {
            let job = jobs[head]
            head += 1
            job.runSynchronously(isolatedTo: isolation, taskExecutor: taskExecutor)
        }
        jobs.removeAll(keepingCapacity: true)
        head = 0
        pumping = false
    }

    /// On the simulation's thread, app code counts as being on the main actor (`MainActor.assumeIsolated` holds).
    func checkIsolated() {
        precondition(kernel?.executor.isOnLoopThread == true, "main-actor code of a simulated app ran outside the simulation's thread")
    }

    func isIsolatingCurrentContext() -> Bool? {
        kernel?.executor.isOnLoopThread ?? false
    }
}
