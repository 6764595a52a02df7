import SimulationKernel
import Synchronization

/// How one process's app code is running: the synchronous calls in progress and the time they charged, and
/// the calls that arrived from threads outside the simulation.
///
/// Everything but the record of outside calls is touched on the
/// simulation's thread only.
final class AppCodeState: @unchecked Sendable {
    /// The synchronous app code running now, by the simulated task that runs it (a delegate method, a block, an
    /// operation, a handler).
    private var calls: [UInt64: SynchronousCall] = [:]
    /// Calls into simulated APIs that came from other threads; recorded there, reported on the simulation's thread.
    private let outsideCalls = Mutex<[String]>([])

    /// One synchronous call into the app's code.
    final class SynchronousCall {
        /// Time the code charged while it ran, in order: CPU work (`simulateWork(for:)`) pauses while the app
        /// is suspended, a sleep does not (only the code waits for the app to run again).
        enum Charge {
            case work(VirtualDuration)
            case sleep(VirtualDuration)
        }

        let name: String
        var charges: [Charge] = []
        /// Set by the wall-clock watchdog; from then on the call's requests to the system are ignored.
        let watch: SynchronousCodeWatchdog.Watch

        init(name: String, watch: SynchronousCodeWatchdog.Watch) {
            self.name = name
            self.watch = watch
        }

        func add(_ charge: Charge) {
            switch (charges.last, charge) {
            case (.work(let a)?, .work(let b)): charges[charges.count - 1] = .work(a + b)
            case (.sleep(let a)?, .sleep(let b)): charges[charges.count - 1] = .sleep(a + b)
            default: charges.append(charge)
            }
        }
    }

    private var currentKey: UInt64 { TaskContext.current?.identifier ?? 0 }

    /// The synchronous call the calling code is part of, if any.
    var current: SynchronousCall? {
        calls.isEmpty ? nil : calls[currentKey]
    }

    func begin(_ call: SynchronousCall) {
        calls[currentKey] = call
    }

    func end() {
        calls[currentKey] = nil
    }

    /// Whether the code calling was stopped by the watchdog: what it asks of the system now depends on the wall clock.
    var isPoisoned: Bool { current?.watch.hasFired == true }

    /// Notes a call made from a thread outside the simulation. Safe on any thread.
    func recordOutsideCall(_ api: String) {
        outsideCalls.withLock { $0.append(api) }
    }

    /// The calls made from outside so far, in the order they arrived, forgetting them.
    func takeOutsideCalls() -> [String] {
        outsideCalls.withLock { calls in
            defer { calls.removeAll() }
            return calls
        }
    }
}
