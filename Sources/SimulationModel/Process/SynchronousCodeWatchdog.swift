import Foundation
import SimulationKernel
import Synchronization

/// A wall-clock watchdog for the app's synchronous code: code that neither returns nor waits is stopped, with a
/// message that says why, instead of hanging the test run.
///
/// Virtual time only passes when simulated code waits. A synchronous loop
/// that waits for another thread (Apple's WWDC25 sample loops until its
/// expiration handler clears a flag) would spin for ever on the thread that
/// runs the simulation. The watchdog measures real time, which nothing else
/// in bgsim does; it never changes a run that returns in time.
///
/// When a call passes ``limit``, the watchdog marks it (from then on its
/// requests to the system are ignored) and, if it is a task's launch
/// handler, calls the task's expiration handler from another thread, as iOS
/// would. If the code then returns, the process is terminated with
/// ``Rules/synchronousCodeNeverReturned``: the run goes on, deterministic
/// again. If it still has not returned after a second ``limit``, nothing in
/// the process can free the thread: the watchdog writes why to standard
/// error and exits with status 70 (`EX_SOFTWARE`).
///
/// ```swift
/// // A test that expects a hang to be caught does not wait five seconds:
/// SynchronousCodeWatchdog.$limit.withValue(.milliseconds(200)) {
///     result = simulation.run()
/// }
/// ```
public final class SynchronousCodeWatchdog: @unchecked Sendable {
    /// How long synchronous app code may run on the wall clock before the watchdog steps in; 5 seconds.
    ///
    /// Bound around `Simulation.run()`, it applies to every call of that run.
    @TaskLocal public static var limit: Duration = .seconds(5)

    /// The exit status when code never returns even after its expiration handler: EX_SOFTWARE.
    package static let exitStatus: Int32 = 70

    package static let shared = SynchronousCodeWatchdog()

    /// One synchronous call being watched.
    final class Watch: @unchecked Sendable {
        let name: String
        let limit: Duration
        let breaker: (@Sendable () -> Void)?
        let deadline: ContinuousClock.Instant
        private let state = Mutex<(fired: Bool, calledBreaker: Bool)>((false, false))

        init(name: String, limit: Duration, breaker: (@Sendable () -> Void)?, started: ContinuousClock.Instant) {
            self.name = name
            self.limit = limit
            self.breaker = breaker
            self.deadline = started + limit
        }

        /// Whether the call passed the limit.
        var hasFired: Bool { state.withLock { $0.fired } }
        /// Whether the watchdog called the call's expiration handler.
        var calledBreaker: Bool { state.withLock { $0.calledBreaker } }

        fileprivate func fire() -> Bool {
            state.withLock { state in
                state.fired = true
                state.calledBreaker = breaker != nil
                return breaker != nil
            }
        }
    }

    private let condition = NSCondition()
    private var watches: [Watch] = []
    private var started = false
    private static let breakerThreadKey = "bgsim.watchdog"

    private init() {}

    /// Starts watching a synchronous call made now.
    func watch(_ name: String, breaker: (@Sendable () -> Void)?) -> Watch {
        let watch = Watch(name: name, limit: Self.limit, breaker: breaker, started: ContinuousClock.now)
        condition.lock()
        watches.append(watch)
        if !started {
            started = true
            let thread = Thread { [self] in monitor() }
            thread.name = "bgsim watchdog"
            thread.start()
        }
        condition.signal()
        condition.unlock()
        return watch
    }

    /// Stops watching a call that returned.
    func finish(_ watch: Watch) {
        condition.lock()
        watches.removeAll { $0 === watch }
        condition.unlock()
    }

    /// Whether the calling thread is one the watchdog started to call an expiration handler.
    static var isWatchdogThread: Bool {
        Thread.current.threadDictionary[breakerThreadKey] != nil
    }

    private func monitor() {
        condition.lock()
        while true {
            if watches.isEmpty {
                condition.wait()
                continue
            }
            let now = ContinuousClock.now
            var wake = now + .seconds(3600)
            var breaking: [Watch] = []
            var hung: Watch?
            for watch in watches {
                if !watch.hasFired {
                    if now >= watch.deadline {
                        if watch.fire() { breaking.append(watch) }
                    } else {
                        wake = min(wake, watch.deadline)
                    }
                }
                if watch.hasFired {
                    let last = watch.deadline + watch.limit
                    if now >= last { hung = watch } else { wake = min(wake, last) }
                }
            }
            if let hung {
                condition.unlock()
                stopTheProcess(hung)
            }
            for watch in breaking {
                // On a thread of its own: an expiration handler that hangs too must not stop the watchdog.
                let thread = Thread { [watch] in
                    Thread.current.threadDictionary[Self.breakerThreadKey] = true
                    watch.breaker?()
                }
                thread.name = "bgsim watchdog: expiration handler"
                thread.start()
            }
            // Wall-clock time, not the simulation's: the watchdog is outside the model.
            let seconds = Double((wake - now).components.seconds) + Double((wake - now).components.attoseconds) / 1e18
            _ = condition.wait(until: Date(timeIntervalSinceNow: max(0.001, seconds)))
        }
    }

    private func stopTheProcess(_ watch: Watch) -> Never {
        let limit = TimeText.format(nanoseconds: watch.limit.wholeNanoseconds)
        let handler = watch.breaker == nil
            ? "It has no expiration handler bgsim could call to stop it."
            : "Calling its expiration handler did not stop it either."
        let message = """
            bgsim watchdog: \(watch.name) has run for more than twice \(limit) of wall-clock time without returning \
            or waiting on virtual time. \(handler) A loop that waits for another thread never ends in a simulation, \
            where time only passes when code waits, and bgsim cannot free the thread it shares with the simulation, \
            so it stops the process (exit status \(Self.exitStatus)). Give each turn of the loop its cost \
            (simulateWork(for:), sleep) or move the work to async code.

            """
        FileHandle.standardError.write(Data(message.utf8))
        exit(Self.exitStatus)
    }
}
