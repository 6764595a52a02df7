// Testable for `labelledEventCount`: a label slot that is never freed changes nothing a run shows, only its memory.
@testable import SimulationKernel
import SimulationTesting
import Testing

/// Event labels: what they are, how they travel with events, and how observers see them.
@Suite struct EventLabelTests {
    @Test func labelsCompareByTextAndSubject() {
        let expiring = EventLabel("backgroundTime.expiring", subject: 3)
        #expect(expiring == EventLabel("backgroundTime.expiring", subject: 3))
        #expect(expiring != EventLabel("backgroundTime.expiring", subject: 4))
        #expect(expiring != EventLabel("backgroundTime.expiring"))
        #expect(expiring != EventLabel("backgroundTime.expired", subject: 3))
        #expect(expiring.name == "backgroundTime.expiring")
        #expect(expiring.subject == 3)
        #expect(EventLabel("process.launched").subject == nil)
        #expect(EventLabel("process.launched", subject: 0).subject == 0)
        #expect(expiring.description == "backgroundTime.expiring(3)")
        #expect(("process.launched" as EventLabel).description == "process.launched")
        #expect(expiring.hasName("backgroundTime.expiring"))
        #expect(!expiring.hasName("backgroundTime.expiringSoon"))
        #expect(!expiring.hasName("backgroundTime"))
        #expect(Set([expiring, EventLabel("backgroundTime.expiring", subject: 3), .unlabelled]).count == 2)
        #expect(EventLabel.unlabelled.name == "unlabelled")
        #expect(EventLabel.unlabelled == EventLabel("unlabelled"))
    }

    @Test func labelsSortByNameThenSubject() {
        let labels: [EventLabel] = ["b", EventLabel("a", subject: 2), "ab", EventLabel("a", subject: -7), "a"]
        #expect(
            labels.sorted().map(\.description) == ["a", "a(-7)", "a(2)", "ab", "b"])
    }

    @Test func everyEventReachesTheObserverWithItsLabelInRunOrder() {
        let kernel = Kernel(seed: 1)
        var seen: [ScheduledEvent] = []
        let labelsWhileRunning = Recorder<EventLabel>()
        kernel.eventObserver = { seen.append($0) }
        kernel.schedule(at: .seconds(2), label: EventLabel("refresh.launch", subject: 9)) {
            labelsWhileRunning.append(kernel.currentEventLabel)
        }
        kernel.schedule(at: .seconds(1)) { labelsWhileRunning.append(kernel.currentEventLabel) }
        let doomed = kernel.schedule(at: .seconds(1), label: "cancelled") { Issue.record("a cancelled event ran") }
        kernel.cancel(doomed)
        kernel.schedule(after: .seconds(3), label: "after") {}
        let sleeper = kernel.spawn("sleeper") {
            try? await kernel.clock.sleep(for: .seconds(1))
            // Code resumed by an event runs under that event's label.
            labelsWhileRunning.append(kernel.currentEventLabel)
        }
        #expect(kernel.currentEventLabel == .unlabelled)
        #expect(kernel.run() == .idle)
        let wake = EventLabel("kernel.wake", subject: Int64(sleeper.identifier))
        #expect(
            seen == [
                ScheduledEvent(label: .unlabelled, sequence: 1, instant: .seconds(1)),
                ScheduledEvent(label: wake, sequence: 4, instant: .seconds(1)),
                ScheduledEvent(label: EventLabel("refresh.launch", subject: 9), sequence: 0, instant: .seconds(2)),
                ScheduledEvent(label: "after", sequence: 3, instant: .seconds(3)),
            ])
        #expect(labelsWhileRunning.entries == [.unlabelled, wake, EventLabel("refresh.launch", subject: 9)])
        #expect(seen[1].label.isWake && !seen[0].label.isWake)
        #expect(seen[2].description == "refresh.launch(9) #0 at 2.000s")
        #expect(kernel.currentEventLabel == "after")
    }

    @Test func anObserverChangesNothing() {
        checkProperty(
            "a run with an observer is the same run",
            iterations: 50, Generator<UInt64>.int(in: 0 ... .max)
        ) { seed in
            let plain = DeterminismTests.run(seed: seed, workers: 6)
            var count = 0
            let observed = DeterminismTests.run(seed: seed, workers: 6) { kernel in
                kernel.eventObserver = { _ in count += 1 }
            }
            return observed.log == plain.log && observed.end == plain.end && count > 0
        }
    }

    /// Events to schedule in one phase of a run: instant, label subject (nil: unlabelled), whether to cancel it first.
    struct Planned: CustomStringConvertible {
        var at: Int64
        var subject: Int64?
        var cancelled: Bool
        var description: String { "\(at)ns \(subject.map { "#\($0)" } ?? "unlabelled")\(cancelled ? " cancelled" : "")" }
    }

    @Test func labelsStayWithTheirEventsThroughCancellationsAndReuse() {
        let planned = Generator.zip(
            Generator<Int64>.int(in: 0...5),
            Generator<Int64?>.oneOf(Generator<Int64>.int(in: 0...1_000).map { Optional($0) }, .always(nil)),
            Generator<Bool>.oneOf(weighted: [(3, .always(false)), (1, .always(true))])
        ).map { Planned(at: $0, subject: $1, cancelled: $2) }
        checkProperty(
            "each event's observer sees its own label, over phases that reuse freed label slots",
            Generator.zip(planned.array(length: 0...30), planned.array(length: 0...30), planned.array(length: 0...30))
        ) { first, second, third in
            let kernel = Kernel(seed: 1)
            var seen: [EventLabel] = []
            var ranWith: [EventLabel] = []
            kernel.eventObserver = { seen.append($0.label) }
            var clock: Int64 = 0
            for phase in [first, second, third] {
                var handles: [EventHandle] = []
                for event in phase {
                    let label = event.subject.map { EventLabel("planned", subject: $0) } ?? .unlabelled
                    let at = VirtualInstant(nanoseconds: clock + event.at)
                    handles.append(
                        event.subject == nil
                            ? kernel.schedule(at: at) { ranWith.append(kernel.currentEventLabel) }
                            : kernel.schedule(at: at, label: label) { ranWith.append(kernel.currentEventLabel) })
                }
                for (handle, event) in zip(handles, phase) where event.cancelled { kernel.cancel(handle) }
                guard kernel.labelledEventCount == phase.filter({ $0.subject != nil }).count else { return false }
                seen = []
                ranWith = []
                guard kernel.run() == .idle else { return false }
                let expected = phase.enumerated().filter { !$0.element.cancelled }
                    .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
                    .map { $0.element.subject.map { EventLabel("planned", subject: $0) } ?? .unlabelled }
                guard seen == expected, ranWith == expected, kernel.labelledEventCount == 0 else { return false }
                clock = kernel.now.nanoseconds + 10
            }
            return true
        }
    }

    @Test func eventsScheduledAfterShutDownAreIgnoredWithTheirLabels() {
        let kernel = Kernel(seed: 1)
        kernel.schedule(at: .seconds(1), label: "before") { Issue.record("ran after shut-down") }
        kernel.shutDown()
        kernel.schedule(at: .seconds(2), label: "after") { Issue.record("ran after shut-down") }
        #expect(kernel.pendingEventCount == 0)
        #expect(kernel.run() == .idle)
    }
}
