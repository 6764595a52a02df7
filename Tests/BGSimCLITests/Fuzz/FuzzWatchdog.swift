import Foundation
import Synchronization

/// Says which fuzz case is taking too long, while it runs: a hang found by the long run names its input.
///
/// A thread of its own looks every second; the case cannot be stopped from
/// outside (it runs in this process), but its input is written to a file and
/// named at once, so a person can stop the run and replay it.
final class FuzzWatchdog: Sendable {
    private struct Current {
        var index: Int
        var bytes: [UInt8]
        var started: ContinuousClock.Instant
        var reported = false
    }

    private let current = Mutex<Current?>(nil)
    private let stopped = Atomic<Bool>(false)
    private let patience: Duration
    private let name: @Sendable (Int) -> String

    /// Watches cases, reporting any that runs longer than `patience`; `name` gives a case's file name.
    init(patience: Duration, name: @escaping @Sendable (Int) -> String) {
        self.patience = patience
        self.name = name
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: 1)
                check()
            }
        }
        thread.start()
    }

    func start(_ index: Int, _ bytes: [UInt8]) {
        current.withLock { $0 = Current(index: index, bytes: bytes, started: .now) }
    }

    func finish() {
        current.withLock { $0 = nil }
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func check() {
        let late = current.withLock { current -> (Int, [UInt8])? in
            guard var running = current, !running.reported, ContinuousClock.now - running.started > patience else { return nil }
            running.reported = true
            current = running
            return (running.index, running.bytes)
        }
        guard let (index, bytes) = late else { return }
        let path = (try? InputFuzzTests.keep(bytes, name: name(index))) ?? "(could not be written)"
        print("fuzz: case \(index) has run for more than \(patience); input: \(path)")
    }
}
