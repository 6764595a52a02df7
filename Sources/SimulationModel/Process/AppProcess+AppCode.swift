import SimulationKernel

/// Running the app's own code: synchronous calls under the wall-clock watchdog, the CPU time they charge, and
/// the check every simulated API makes before it acts.
extension AppProcess {
    /// Runs synchronous app code (a delegate method, a dispatched block, an operation, a handler), then spends the
    /// time it charged on virtual time, so that its lane stays busy that long.
    ///
    /// Synchronous code cannot wait on virtual time: `simulateWork(for:)`
    /// and `sleep` inside it add to a charge instead, paid when the code
    /// returns (work as CPU time, which pauses while the app is suspended; a
    /// sleep as time passing). Its effects happen at the instant it started;
    /// what is queued behind it waits until the charge is paid.
    ///
    /// A wall-clock watchdog guards the call: code that neither returns nor
    /// waits (a loop that waits for its expiration handler) is stopped with
    /// ``Rules/synchronousCodeNeverReturned``. When the call belongs to a
    /// task, `breaker` is its expiration handler, which the watchdog calls from
    /// its own thread, as iOS calls it from the main thread while the
    /// handler's queue is busy.
    ///
    /// `body` is synchronous code; it is `async` only so that a closure whose
    /// isolation is the main actor can be awaited into (one hop, no wait).
    ///
    /// - Returns: Whether the code returned normally (false when the watchdog stopped it, or the app died).
    @discardableResult
    package func runSynchronousAppCode(
        _ name: String, breaker: (@Sendable () -> Void)? = nil, _ body: () async -> Void
    ) async -> Bool {
        guard isAlive else { return false }
        let calls = execution.calls
        // A call inside a call (a block run by `sync` inside a method) belongs to the outer one.
        guard calls.current == nil else {
            await body()
            return true
        }
        let watch = SynchronousCodeWatchdog.shared.watch(name, breaker: breaker)
        let call = AppCodeState.SynchronousCall(name: name, watch: watch)
        calls.begin(call)
        await body()
        SynchronousCodeWatchdog.shared.finish(watch)
        calls.end()
        if watch.hasFired {
            stopAfterWatchdog(call)
            return false
        }
        for charge in call.charges where isAlive {
            do {
                switch charge {
                case .work(let duration): try await cpu.compute(duration, label: "\(name), charged by synchronous code", in: self)
                case .sleep(let duration): try await kernel.sleep(until: kernel.now + duration)
                }
            } catch {
                break
            }
        }
        return isAlive
    }

    private func stopAfterWatchdog(_ call: AppCodeState.SynchronousCall) {
        guard isAlive else { return }
        let limit = TimeText.format(nanoseconds: call.watch.limit.wholeNanoseconds)
        let broke = call.watch.calledBreaker ? "; bgsim called its expiration handler, and it returned after that" : ""
        let message = "\(call.name) ran for more than \(limit) of wall-clock time without returning or waiting on virtual time\(broke). "
            + "What it asked of the system after the watchdog fired was ignored."
        diagnose(Rules.synchronousCodeNeverReturned, subject: call.name, message: message)
        terminate(.watchdog, message: "\(call.name) never returned")
    }

    /// Adds CPU work to the synchronous app code running now; false when no synchronous app code runs (async code
    /// cannot be blocked, so nothing is charged).
    package func charge(work duration: VirtualDuration) -> Bool {
        guard let call = execution.calls.current else { return false }
        call.add(.work(max(.zero, duration)))
        return true
    }

    /// Adds a sleep to the synchronous app code running now; false when no synchronous app code runs.
    package func charge(sleep duration: VirtualDuration) -> Bool {
        guard let call = execution.calls.current else { return false }
        call.add(.sleep(max(.zero, duration)))
        return true
    }

    /// Whether synchronous app code is running now (inside `runSynchronousAppCode`).
    var isInSynchronousAppCode: Bool { execution.calls.current != nil }

    /// Whether a simulated API called now may act on this process; the check every look-alike makes first.
    ///
    /// False, without touching anything else, when the caller is on a thread
    /// outside the simulation (the call is noted and reported as
    /// ``Rules/calledFromOutsideSimulation``), when the process is gone, or
    /// when the code calling was stopped by the watchdog.
    package func acceptsAppCall(_ api: @autoclosure () -> String) -> Bool {
        guard kernel.executor.isOnLoopThread else {
            if !SynchronousCodeWatchdog.isWatchdogThread { execution.calls.recordOutsideCall(api()) }
            return false
        }
        return isAlive && !execution.calls.isPoisoned
    }

    /// Whether the process was terminated, asked on the simulation's thread (false from any other).
    package var hasEnded: Bool {
        kernel.executor.isOnLoopThread && state.isTerminated
    }

    /// Reports the calls that came from threads outside the simulation since the last report.
    func reportOutsideCalls() {
        let calls = execution.calls.takeOutsideCalls()
        guard !calls.isEmpty else { return }
        var names: [String] = []
        for call in calls where !names.contains(call) { names.append(call) }
        diagnose(
            Rules.calledFromOutsideSimulation, subject: names.joined(separator: ", "),
            message: "\(calls.count) call(s) came from a thread outside the simulation and were ignored: \(names.joined(separator: ", "))")
    }
}
