@testable import SimulationKernel
import SimulationTesting
import Testing

@Suite struct KernelEventTests {
    @Test func eventsRunInTimeThenSequenceOrder() {
        checkProperty(
            "events run sorted by (time, sequence)",
            Generator<Int64>.int(in: 0...8).array(length: 0...60)
        ) { times in
            let kernel = Kernel(seed: 1)
            var ran: [(time: Int64, index: Int)] = []
            for (index, time) in times.enumerated() {
                kernel.schedule(at: VirtualInstant(nanoseconds: time)) {
                    ran.append((kernel.now.nanoseconds, index))
                }
            }
            let end = kernel.run()
            let expected = times.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
            return end == .idle && ran.map(\.index) == expected.map(\.offset)
                && ran.allSatisfy { $0.time == times[$0.index] } && kernel.eventCount == times.count
        }
    }

    @Test func eventsScheduledAtTheCurrentInstantRunAfterTheOnesAlreadyThere() {
        let kernel = Kernel(seed: 1)
        var order: [String] = []
        kernel.schedule(at: .seconds(1)) {
            order.append("a")
            kernel.schedule(after: .nanoseconds(0)) { order.append("a's follow-up") }
        }
        kernel.schedule(at: .seconds(1)) { order.append("b") }
        kernel.schedule(at: .seconds(2)) {
            // The past clamps to now.
            kernel.schedule(at: .zero) { order.append("late at \(kernel.now)") }
        }
        #expect(kernel.run() == .idle)
        #expect(order == ["a", "b", "a's follow-up", "late at 2.000s"])
    }

    @Test func scheduleOffersThreeSpellings() {
        let kernel = Kernel(seed: 1)
        var instants: [Int64] = []
        kernel.schedule(after: .milliseconds(3)) { instants.append(kernel.now.nanoseconds) }
        kernel.schedule(after: .nanoseconds(2_000_000)) { instants.append(kernel.now.nanoseconds) }
        kernel.schedule(after: .nanoseconds(-5)) { instants.append(kernel.now.nanoseconds) }
        kernel.schedule(at: VirtualInstant(nanoseconds: 1_000_000)) { instants.append(kernel.now.nanoseconds) }
        #expect(kernel.run() == .idle)
        #expect(instants == [0, 1_000_000, 2_000_000, 3_000_000])
    }

    @Test func cancelledEventNeverRunsAndDoesNotMoveTheClock() {
        let kernel = Kernel(seed: 1)
        var ran: [String] = []
        kernel.schedule(at: .seconds(5)) { ran.append("kept") }
        let doomed = kernel.schedule(at: .seconds(10)) { ran.append("cancelled") }
        kernel.cancel(doomed)
        #expect(kernel.pendingEventCount == 2)  // discarded lazily
        #expect(kernel.run() == .idle)
        #expect(ran == ["kept"])
        #expect(kernel.now == .seconds(5))
        #expect(kernel.eventCount == 1)
        #expect(kernel.pendingEventCount == 0)

        let alone = Kernel(seed: 1)
        alone.cancel(alone.schedule(at: .seconds(3)) { Issue.record("a cancelled event ran") })
        #expect(alone.run() == .idle)
        #expect(alone.now == .zero)
    }

    @Test func eventCanCancelALaterEventAtTheSameInstant() {
        let kernel = Kernel(seed: 1)
        var ran: [String] = []
        var later: EventHandle?
        kernel.schedule(at: .seconds(1)) {
            ran.append("first")
            if let later { kernel.cancel(later) }
        }
        later = kernel.schedule(at: .seconds(1)) { ran.append("second") }
        kernel.schedule(at: .seconds(1)) { ran.append("third") }
        #expect(kernel.run() == .idle)
        #expect(ran == ["first", "third"])
    }

    @Test func cancellingAnEventThatRanDoesNothing() {
        let kernel = Kernel(seed: 1)
        var count = 0
        let handle = kernel.schedule(at: .seconds(1)) { count += 1 }
        #expect(kernel.run() == .idle)
        kernel.cancel(handle)
        kernel.schedule(at: .seconds(2)) { count += 10 }
        #expect(kernel.run() == .idle)
        #expect(count == 11)
        #expect(kernel.now == .seconds(2))
    }

    @Test func runUntilStopsAtTheDeadlineAndASecondRunContinues() {
        let kernel = Kernel(seed: 1)
        var ran: [Int64] = []
        for second in [1, 5, 10, 15] as [Int64] {
            kernel.schedule(at: .seconds(second)) { ran.append(kernel.now.nanoseconds / 1_000_000_000) }
        }
        #expect(kernel.run(until: .seconds(10)) == .deadlineReached)
        #expect(ran == [1, 5, 10])  // an event due at the deadline runs
        #expect(kernel.now == .seconds(10))
        #expect(kernel.run(until: .seconds(12)) == .deadlineReached)
        #expect(kernel.now == .seconds(12))
        #expect(kernel.run() == .idle)
        #expect(ran == [1, 5, 10, 15])
        #expect(kernel.now == .seconds(15))
        // With nothing left, a deadline still moves the clock.
        #expect(kernel.run(until: .seconds(20)) == .deadlineReached)
        #expect(kernel.now == .seconds(20))
        // An earlier deadline never moves it back.
        kernel.schedule(at: .seconds(30)) {}
        #expect(kernel.run(until: .seconds(1)) == .deadlineReached)
        #expect(kernel.now == .seconds(20))
    }

    @Test func selfReschedulingEventStopsAtTheEventLimit() throws {
        let kernel = Kernel(seed: 1, limits: RunLimits(maximumEvents: 100))
        var runs = 0
        func tick() {
            runs += 1
            kernel.schedule(after: .nanoseconds(1), tick)
        }
        kernel.schedule(at: .zero, tick)
        let end = kernel.run()
        #expect(end.exceededLimit == .events)
        #expect(runs == 100)
        #expect(kernel.eventCount == 100)
        let message = try #require(end.limitMessage)
        #expect(message.contains("after 100 events"))
        #expect(message.contains("reschedules itself"))
        // The limit holds across runs.
        #expect(kernel.run().exceededLimit == .events)
        #expect(runs == 100)
    }

    @Test func eventBeyondTheTimeLimitStopsTheRun() throws {
        let kernel = Kernel(seed: 1, limits: RunLimits(maximumTime: .seconds(3_600)))
        var ran: [String] = []
        kernel.schedule(at: .seconds(3_600)) { ran.append("at the limit") }
        kernel.schedule(at: .seconds(7_200)) { ran.append("beyond") }
        let end = kernel.run()
        #expect(end.exceededLimit == .time)
        #expect(ran == ["at the limit"])
        #expect(kernel.now == .seconds(3_600))
        let message = try #require(end.limitMessage)
        #expect(message.contains("time limit of 1h00m00s"))
        #expect(message.contains("due at 2h00m00s"))
    }

    @Test func sleepingUntilTheDistantFutureHitsTheTimeLimit() {
        let kernel = Kernel(seed: 1)
        kernel.spawn("forever") { try? await kernel.clock.sleep(until: .distantFuture) }
        #expect(kernel.run().exceededLimit == .time)
        kernel.shutDown()
        #expect(kernel.liveTaskCount == 0)
    }

    @Test func shutDownDropsPendingEvents() {
        let kernel = Kernel(seed: 1)
        var ran = false
        kernel.schedule(at: .seconds(1)) { ran = true }
        kernel.shutDown()
        #expect(kernel.isShutDown)
        #expect(kernel.pendingEventCount == 0)
        #expect(kernel.run() == .idle)
        #expect(!ran)
    }
}
