import Foundation
import Testing

@testable import SimulationKernel

@Suite struct KernelTaskTests {
    struct Timeout: Error {}

    struct Wake: Equatable, Sendable {
        var task: String
        var at: VirtualInstant
    }

    @Test func sleepingTasksWakeAtExactInstants() {
        let kernel = Kernel(seed: 1)
        let wakes = Recorder<Wake>()
        for (name, steps) in [("a", [3, 4]), ("b", [7]), ("c", [1, 1, 1, 4])] as [(String, [Int64])] {
            kernel.spawn(name) {
                for step in steps {
                    try? await kernel.clock.sleep(for: .seconds(step))
                    wakes.append(Wake(task: name, at: kernel.now))
                }
            }
        }
        #expect(kernel.liveTaskCount == 3)
        #expect(kernel.run() == .idle)
        #expect(kernel.now == .seconds(7))
        #expect(kernel.liveTaskCount == 0)
        // At 7s, a's and b's timers were pushed when they went to sleep (b first, at 0s) and c's last, at 3s.
        #expect(
            wakes.entries == [
                Wake(task: "c", at: .seconds(1)), Wake(task: "c", at: .seconds(2)), Wake(task: "a", at: .seconds(3)),
                Wake(task: "c", at: .seconds(3)), Wake(task: "b", at: .seconds(7)), Wake(task: "a", at: .seconds(7)),
                Wake(task: "c", at: .seconds(7)),
            ])
    }

    @Test func clockReadsTheKernelsTime() async throws {
        let kernel = Kernel(seed: 1)
        let clock = kernel.clock
        #expect(clock.now == .zero)
        #expect(clock.minimumResolution == .nanoseconds(1))
        kernel.schedule(at: .seconds(4)) {}
        _ = kernel.run()
        #expect(clock.now == .seconds(4))
        // A deadline in the past does not suspend.
        try await clock.sleep(until: .seconds(1))
    }

    @Test func sleepsAndEventsInterleaveByInstant() {
        let kernel = Kernel(seed: 1)
        let log = Recorder<String>()
        kernel.spawn("sleeper") {
            try? await kernel.clock.sleep(for: .seconds(2))
            log.append("task woke at \(kernel.now)")
            kernel.schedule(after: .nanoseconds(0)) { log.append("event from task at \(kernel.now)") }
            try? await kernel.clock.sleep(for: .seconds(2))
            log.append("task woke at \(kernel.now)")
        }
        kernel.schedule(at: .seconds(1)) { log.append("event at \(kernel.now)") }
        kernel.schedule(at: .seconds(3)) { log.append("event at \(kernel.now)") }
        #expect(kernel.run() == .idle)
        #expect(
            log.entries == [
                "event at 1.000s", "task woke at 2.000s", "event from task at 2.000s", "event at 3.000s",
                "task woke at 4.000s",
            ])
    }

    @Test func asyncLetChildrenInheritTheExecutor() {
        let kernel = Kernel(seed: 1)
        let results = Recorder<String>()
        let loopThread = Recorder<Bool>()
        kernel.spawn("parent") {
            async let first: VirtualInstant = {
                try? await kernel.clock.sleep(for: .seconds(2))
                loopThread.append(kernel.executor.isOnLoopThread)
                return kernel.now
            }()
            async let second: VirtualInstant = {
                try? await kernel.clock.sleep(for: .seconds(5))
                loopThread.append(kernel.executor.isOnLoopThread)
                return kernel.now
            }()
            let (a, b) = await (first, second)
            results.append("children woke at \(a) and \(b); parent resumed at \(kernel.now)")
            results.append("context \(TaskContext.current?.name ?? "none")")
        }
        #expect(kernel.run() == .idle)
        #expect(results.entries == ["children woke at 2.000s and 5.000s; parent resumed at 5.000s", "context parent"])
        #expect(loopThread.entries == [true, true])
        #expect(kernel.executor.foreignEnqueueCount == 0)
    }

    @Test func taskGroupChildrenRunOnVirtualTime() {
        let kernel = Kernel(seed: 1)
        let wakes = Recorder<Int64>()
        kernel.spawn("group") {
            await withTaskGroup(of: Void.self) { group in
                for seconds in [3, 1, 2] as [Int64] {
                    group.addTask {
                        try? await kernel.clock.sleep(for: .seconds(seconds))
                        wakes.append(kernel.now.nanoseconds)
                    }
                }
            }
        }
        #expect(kernel.run() == .idle)
        #expect(wakes.entries == [1_000_000_000, 2_000_000_000, 3_000_000_000])
    }

    @Test func cancellingASleepingTaskThrowsAndDoesNotJumpTheClock() {
        let kernel = Kernel(seed: 1)
        let log = Recorder<String>()
        let sleeper = kernel.spawn("sleeper") {
            do {
                try await kernel.clock.sleep(for: .seconds(100))
                log.append("slept through")
            } catch is CancellationError {
                log.append("cancelled at \(kernel.now)")
            } catch {
                log.append("unexpected \(error)")
            }
        }
        kernel.schedule(at: .seconds(3)) { sleeper.cancel() }
        #expect(kernel.run() == .idle)
        #expect(log.entries == ["cancelled at 3.000s"])
        #expect(kernel.now == .seconds(3))
        #expect(kernel.liveTaskCount == 0)
        #expect(kernel.pendingEventCount == 0)
    }

    @Test func taskCancelledByAnotherTaskStopsWaiting() {
        let kernel = Kernel(seed: 1)
        let log = Recorder<String>()
        let waiter = kernel.spawn("waiter") {
            do {
                try await kernel.wait(for: "a reply") { _ in }
            } catch {
                log.append("\(type(of: error)) at \(kernel.now)")
            }
            // Once cancelled, later sleeps throw at once.
            do {
                try await kernel.clock.sleep(for: .seconds(1))
            } catch {
                log.append("sleep after cancel: \(type(of: error)) at \(kernel.now)")
            }
        }
        kernel.spawn("canceller") {
            try? await kernel.clock.sleep(for: .seconds(2))
            waiter.cancel()
        }
        #expect(kernel.run() == .idle)
        #expect(log.entries == ["CancellationError at 2.000s", "sleep after cancel: CancellationError at 2.000s"])
    }

    @Test func waitResumedByTheModelContinues() {
        let kernel = Kernel(seed: 1)
        let log = Recorder<String>()
        kernel.spawn("download") {
            do {
                try await kernel.wait(for: "the download") { waiter in
                    kernel.schedule(after: .seconds(8)) { waiter.resume() }
                }
                log.append("done at \(kernel.now)")
                try await kernel.wait(for: "a failure") { waiter in
                    kernel.schedule(after: .seconds(1)) { waiter.fail(Timeout()) }
                }
            } catch {
                log.append("failed at \(kernel.now): \(error is Timeout)")
            }
            // Resumed before the task even suspended: continues at once.
            try? await kernel.wait(for: "nothing") { $0.resumeNow() }
            log.append("immediate at \(kernel.now)")
        }
        #expect(kernel.run() == .idle)
        #expect(log.entries == ["done at 8.000s", "failed at 9.000s: true", "immediate at 9.000s"])
    }

    @Test func gateDecidesWhenAWaiterContinues() {
        final class HoldingGate: ExecutionGate, @unchecked Sendable {
            var held: [Waiter] = []
            func admit(_ waiter: Waiter) { held.append(waiter) }
        }
        let kernel = Kernel(seed: 1)
        let gate = HoldingGate()
        let log = Recorder<String>()
        kernel.spawn("gated", gate: gate) {
            try? await kernel.clock.sleep(for: .seconds(1))
            log.append("ran at \(kernel.now)")
        }
        kernel.schedule(at: .seconds(5)) {
            for waiter in gate.held { waiter.resumeNow() }
        }
        #expect(kernel.run() == .idle)
        #expect(log.entries == ["ran at 5.000s"])
        #expect(gate.held.count == 1)
        #expect(gate.held.first?.taskName == "gated")
    }

    @Test func waitNobodyResumesIsReportedAsAStall() throws {
        let kernel = Kernel(seed: 1)
        kernel.spawn("finisher") { try? await kernel.clock.sleep(for: .seconds(1)) }
        kernel.schedule(at: .seconds(2)) {
            kernel.spawn("push handler") {
                try? await kernel.wait(for: "a silent push that never comes") { _ in }
            }
        }
        let end = kernel.run()
        let report = try #require(end.stallReport)
        #expect(report.at == .seconds(2))
        #expect(
            report.tasks == [
                StallReport.StalledTask(
                    name: "push handler", spawnedAt: .seconds(2), waitingFor: "a silent push that never comes")
            ])
        #expect(
            report.description
                == "idle at 2.000s with work unfinished: task \"push handler\" (started at 2.000s) is waiting for a silent push that never comes"
        )
        #expect(kernel.stallReport() == report)
        kernel.shutDown()
        #expect(kernel.liveTaskCount == 0)
        #expect(kernel.stallReport() == nil)
    }

    @Test func stallReportNamesASleepItsTaskIsIn() throws {
        let kernel = Kernel(seed: 1)
        kernel.spawn("napper") { try? await kernel.clock.sleep(for: .seconds(30)) }
        #expect(kernel.run(until: .seconds(10)) == .deadlineReached)
        let report = try #require(kernel.stallReport())
        #expect(report.tasks.map(\.waitingFor) == ["a sleep until 30.000s"])
        kernel.shutDown()
    }

    @Test func stallBeforeADeadlineIsReportedAndTheClockMovesToTheDeadline() throws {
        let kernel = Kernel(seed: 1)
        kernel.spawn("waiter") { try? await kernel.wait(for: "a reply") { _ in } }
        kernel.schedule(at: .seconds(2)) {}
        let end = kernel.run(until: .seconds(10))
        let report = try #require(end.stallReport)
        #expect(report.tasks.map(\.name) == ["waiter"])
        #expect(report.at == .seconds(2))
        #expect(kernel.now == .seconds(10))
        kernel.shutDown()
    }

    @Test func realSleepInsideASimulatedTaskIsReportedNotRun() throws {
        let kernel = Kernel(seed: 1)
        let after = Recorder<String>()
        kernel.spawn("real sleeper") {
            try? await Task.sleep(for: .milliseconds(1))
            after.append("resumed")
        }
        // Keep the run busy in real time until the real sleep's wake-up arrives from another thread.
        let started = ContinuousClock.now
        func poll() {
            guard kernel.executor.foreignEnqueueCount == 0, ContinuousClock.now - started < .seconds(20) else { return }
            Thread.sleep(forTimeInterval: 0.002)
            kernel.schedule(after: .milliseconds(1), poll)
        }
        kernel.schedule(at: .zero, poll)
        let end = kernel.run()
        #expect(kernel.executor.foreignEnqueueCount == 1)
        let report = try #require(end.stallReport)
        #expect(report.tasks.map(\.name) == ["real sleeper"])
        #expect(report.tasks.first?.waitingFor == nil)
        #expect(report.description.contains("something outside the simulation"))
        #expect(after.entries.isEmpty)
    }

    @Test func realSleepStallsTheRunThatStartedIt() throws {
        let kernel = Kernel(seed: 1)
        kernel.spawn("real sleeper") { try? await Task.sleep(for: .seconds(3_600)) }
        let report = try #require(kernel.run().stallReport)
        #expect(report.tasks == [StallReport.StalledTask(name: "real sleeper", spawnedAt: .zero, waitingFor: nil)])
        #expect(kernel.now == .zero)
    }

    @Test func yieldingForeverStopsAtTheJobLimit() throws {
        let kernel = Kernel(seed: 1, limits: RunLimits(maximumJobs: 500))
        let spins = Recorder<Int>()
        kernel.spawn("spinner") {
            var count = 0
            while !Task.isCancelled {
                count += 1
                await Task.yield()
            }
            spins.append(count)
        }
        let end = kernel.run()
        #expect(end.exceededLimit == .jobs)
        #expect(kernel.jobCount == 500)
        #expect(kernel.now == .zero)
        #expect(try #require(end.limitMessage).contains("after 500 async resumptions"))
        kernel.shutDown()
        #expect(kernel.liveTaskCount == 0)
        #expect(spins.entries.count == 1)
    }

    @Test func shutDownUnwindsLiveSleepingTasks() {
        let kernel = Kernel(seed: 1)
        let unwound = Recorder<String>()
        for name in ["one", "two", "three"] {
            kernel.spawn(name) {
                do {
                    try await kernel.clock.sleep(for: .seconds(3_600))
                    unwound.append("\(name) overslept")
                } catch {
                    unwound.append("\(name) \(type(of: error))")
                }
            }
        }
        kernel.spawn("stuck") {
            do { try await kernel.wait(for: "nothing") { _ in } } catch { unwound.append("stuck \(type(of: error))") }
        }
        #expect(kernel.run(until: .seconds(60)) == .deadlineReached)
        #expect(kernel.liveTaskCount == 4)
        kernel.shutDown()
        #expect(kernel.isShutDown)
        #expect(kernel.liveTaskCount == 0)
        #expect(
            unwound.entries == [
                "one CancellationError", "two CancellationError", "three CancellationError", "stuck CancellationError",
            ])
        #expect(kernel.now == .seconds(60))
        kernel.shutDown()  // a second call is harmless
        #expect(unwound.entries.count == 4)
    }

    @Test func taskContextIsBoundForTheTaskAndItsChildren() {
        let kernel = Kernel(seed: 1)
        let seen = Recorder<String>()
        let context = kernel.spawn("named") {
            let current = TaskContext.current
            seen.append("\(current?.name ?? "none") #\(current?.identifier ?? 0) at \(current?.spawnedAt ?? .distantFuture)")
            async let child = TaskContext.current?.name
            seen.append("child sees \(await child ?? "none")")
        }
        #expect(context.name == "named")
        #expect(context.identifier == 1)
        #expect(kernel.spawn("second") {}.identifier == 2)
        #expect(TaskContext.current == nil)
        #expect(kernel.run() == .idle)
        #expect(seen.entries == ["named #1 at 0.000s", "child sees named"])
    }
}
