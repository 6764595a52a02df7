import Foundation
@testable import SimulationKernel
import Testing

/// Holes found in review of the kernel, each pinned so it stays closed.
@Suite struct KernelRegressionTests {
    @Test func noEventRunsAfterShutDown() {
        let kernel = Kernel(seed: 1)
        kernel.shutDown()
        let ran = Recorder<Bool>()
        kernel.schedule(after: .seconds(1)) { ran.append(true) }
        #expect(kernel.run() == .idle)
        #expect(ran.entries.isEmpty)
    }

    @Test func aRealSleepWakingBetweenRunsIsQuarantinedNotRun() {
        let kernel = Kernel(seed: 1)
        let resumed = Recorder<VirtualInstant>()
        kernel.spawn("real sleeper") {
            try? await Task.sleep(for: .milliseconds(1))
            resumed.append(kernel.now)
        }
        _ = kernel.run()
        // Wait in real time until the wake-up has arrived from the timer's thread.
        let started = ContinuousClock.now
        while kernel.executor.foreignEnqueueCount == 0 && ContinuousClock.now - started < .seconds(20) {
            Thread.sleep(forTimeInterval: 0.002)
        }
        kernel.schedule(at: .seconds(50)) {}
        _ = kernel.run()
        #expect(kernel.executor.foreignEnqueueCount == 1)
        #expect(resumed.entries.isEmpty)
        // Shutting down lets the quarantined task unwind, so nothing outlives the run.
        kernel.shutDown()
        #expect(kernel.liveTaskCount == 0)
    }

    @Test func asyncLetChildrenEachReportWhatTheyWaitFor() throws {
        let kernel = Kernel(seed: 1)
        kernel.spawn("parent") {
            async let first: Void = { try? await kernel.wait(for: "reply A") { _ in } }()
            async let second: Void = {
                try? await kernel.wait(for: "reply B") { waiter in kernel.schedule(after: .seconds(1)) { waiter.resume() } }
            }()
            _ = await (first, second)
        }
        let report = try #require(kernel.run().stallReport)
        #expect(report.tasks.first?.waitingFor == "reply A")
    }

    /// A gate that holds every waiter until released.
    final class HoldingGate: ExecutionGate, @unchecked Sendable {
        var held: [Waiter] = []
        func admit(_ waiter: Waiter) { held.append(waiter) }
    }

    @Test func cancellationWaitsAtTheGate() {
        let kernel = Kernel(seed: 1)
        let gate = HoldingGate()
        let log = Recorder<String>()
        let task = kernel.spawn("gated", gate: gate) {
            do {
                try await kernel.clock.sleep(for: .seconds(10))
                log.append("woke")
            } catch {
                log.append("cancelled at \(kernel.now)")
            }
        }
        kernel.schedule(after: .seconds(1)) { task.cancel() }
        _ = kernel.run(until: .seconds(5))
        // The gate holds the cancelled task: its catch block has not run.
        #expect(log.entries.isEmpty)
        #expect(gate.held.count == 1)
        kernel.schedule(after: .seconds(1)) { gate.held.forEach { $0.resumeNow() } }
        _ = kernel.run(until: .seconds(20))
        #expect(log.entries == ["cancelled at 6.000s"])
    }

    @Test func sweepingTombstonesOfEventsThatRanNeverHidesALiveEvent() {
        let kernel = Kernel(seed: 1)
        var handles: [EventHandle] = []
        for index in 0..<5_000 { handles.append(kernel.schedule(after: .nanoseconds(Int64(index))) {}) }
        _ = kernel.run()
        for handle in handles { kernel.cancel(handle) }
        // Later events still run: a swept tombstone never hides a live event.
        let ran = Recorder<Bool>()
        kernel.schedule(after: .seconds(1)) { ran.append(true) }
        _ = kernel.run()
        #expect(ran.entries == [true])
    }
}
