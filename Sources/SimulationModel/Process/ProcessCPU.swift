import SimulationKernel

/// The CPU of one process as its code sees it: work that advances only while the process runs, and the waits
/// the process's gate holds while it does not.
///
/// A suspended process's code does not run: its CPU work pauses and
/// resumes where it stopped, and a wait that ends meanwhile is held until
/// the process runs again. A terminated process's work and waits fail.
final class ProcessCPU {
    /// CPU work not yet swept out; finished ones leave in batches (see `start`).
    private var computations: [Computation] = []
    /// How many of `computations` finished.
    private var finishedCount = 0
    /// Waits that ended while the process did not run: they resume when it runs again.
    private var deferredWaiters: [Waiter] = []

    /// Lets `waiter` go on now, holds it while the process does not run, or fails it when the process is gone.
    func admit(_ waiter: Waiter, in process: AppProcess) {
        switch process.state {
        case .terminated:
            waiter.fail(ProcessTerminated(process: process.number))
        case .suspended, .notRunning:
            deferredWaiters.append(waiter)
        default:
            waiter.resumeNow()
        }
    }

    /// Burns `duration` of CPU time on the calling task: it stops while the process is suspended.
    func compute(_ duration: VirtualDuration, label: String, in process: AppProcess) async throws {
        guard duration > .zero else { return }
        // A dead process's code gets no more CPU time: the work fails at once instead of waiting for ever.
        if process.state.isTerminated { throw ProcessTerminated(process: process.number) }
        try await process.kernel.wait(for: "CPU work (\(label))") { waiter in
            let computation = Computation(remaining: duration, waiter: waiter)
            computations.append(computation)
            if process.state.isRunning { start(computation, in: process) }
        }
    }

    private func start(_ computation: Computation, in process: AppProcess) {
        let kernel = process.kernel
        computation.startedAt = kernel.now
        let label = EventLabel("app.workDone", subject: Int64(process.number))
        computation.event = kernel.schedule(after: computation.remaining, label: label) { [self] in
            finish(computation)
        }
    }

    private func finish(_ computation: Computation) {
        // Finished work leaves the list in batches: removing each at once made many at a time quadratic.
        computation.finished = true
        finishedCount += 1
        if finishedCount * 2 > computations.count {
            computations.removeAll { $0.finished }
            finishedCount = 0
        }
        computation.waiter.resume()
    }

    /// The process is suspended: its work stops where it is.
    func pause(in process: AppProcess) {
        let now = process.kernel.now
        for computation in computations where !computation.finished {
            guard let event = computation.event else { continue }
            process.kernel.cancel(event)
            computation.event = nil
            computation.remaining = computation.remaining - (now - computation.startedAt)
        }
    }

    /// The process runs again: its work goes on, and the waits held meanwhile end.
    func resume(in process: AppProcess) {
        for computation in computations where computation.event == nil && !computation.finished {
            start(computation, in: process)
        }
        let waiting = deferredWaiters
        deferredWaiters.removeAll()
        for waiter in waiting { waiter.resumeNow() }
    }

    /// The process is terminated: its work stops for good. Returns the waits to fail (held ones first, then the work
    /// not finished), once the process's lanes are cleared.
    func stop(in process: AppProcess) -> [Waiter] {
        for computation in computations {
            if let event = computation.event { process.kernel.cancel(event) }
        }
        let failing = deferredWaiters + computations.filter { !$0.finished }.map(\.waiter)
        deferredWaiters.removeAll()
        computations.removeAll()
        finishedCount = 0
        return failing
    }

    // MARK: Invariants

    /// Stops the run if the CPU's bookkeeping is inconsistent with itself or with `state`: a bug in the model.
    ///
    /// - Complexity: O(*n*) in the number of computations not yet swept out.
    func checkInvariants(state: AppState) {
        var finished = 0
        for computation in computations {
            if computation.finished {
                finished += 1
                continue
            }
            modelInvariant(computation.remaining >= .zero, "CPU work has \(computation.remaining) left")
            modelInvariant(
                (computation.event != nil) == state.isRunning,
                "CPU work is \(computation.event == nil ? "paused" : "counting") while the process is \(state.name.rawValue)")
        }
        modelInvariant(finished == finishedCount, "\(finished) CPU work items finished, but \(finishedCount) are counted")
        modelInvariant(
            deferredWaiters.isEmpty || state == .suspended || state == .notRunning,
            "\(deferredWaiters.count) wait(s) are held while the process is \(state.name.rawValue)")
    }

    #if DEBUG
    /// Test-only: counts a finished computation that is not there, so a test sees the check stop the run.
    func breakInvariantForTesting() {
        finishedCount += 1
    }
    #endif
}

/// CPU work in progress: it advances only while the process runs.
final class Computation {
    var remaining: VirtualDuration
    var startedAt = VirtualInstant.zero
    var event: EventHandle?
    var finished = false
    let waiter: Waiter

    init(remaining: VirtualDuration, waiter: Waiter) {
        self.remaining = remaining
        self.waiter = waiter
    }
}
