@testable import SimulationKernel
import SimulationTesting
import Testing

/// The same-instant ordering hook: who is offered, what a choice changes, and the policies that come with it.
@Suite struct SameInstantOrderingTests {
    /// Keeps every question and answers with `answer` (first-in first-out by default).
    final class Asking: SameInstantOrdering {
        var questions: [[ScheduledEvent]] = []
        let answer: ([ScheduledEvent]) -> Int
        init(answer: @escaping ([ScheduledEvent]) -> Int = { _ in 0 }) { self.answer = answer }
        func nextEvent(among candidates: [ScheduledEvent]) -> Int {
            questions.append(candidates)
            return answer(candidates)
        }
    }

    /// Three labelled events and a sleeping task's wake-up at one second, a cancelled event among them, one event alone later.
    static func tiedRun(_ policy: (any SameInstantOrdering)?) -> (order: [String], sleeper: UInt64) {
        let kernel = Kernel(seed: 1)
        kernel.sameInstantOrdering = policy
        var order: [String] = []
        kernel.schedule(at: .seconds(1), label: "a") { order.append("a") }
        kernel.schedule(at: .seconds(1), label: "b") { order.append("b") }
        kernel.cancel(kernel.schedule(at: .seconds(1), label: "cancelled") { order.append("cancelled") })
        kernel.schedule(at: .seconds(1), label: EventLabel("c", subject: 3)) { order.append("c") }
        kernel.schedule(at: .seconds(2), label: "alone") { order.append("alone") }
        let sleeper = kernel.spawn("sleeper") {
            try? await kernel.clock.sleep(until: .seconds(1))
        }
        kernel.eventObserver = { if $0.label.isWake { order.append("wake") } }
        #expect(kernel.run() == .idle)
        return (order, sleeper.identifier)
    }

    @Test func thePolicySeesEveryLiveSameInstantEventInFirstInFirstOutOrder() {
        let asking = Asking()
        let (order, sleeper) = Self.tiedRun(asking)
        #expect(order == ["a", "b", "c", "wake", "alone"])
        let wake = EventLabel("kernel.wake", subject: Int64(sleeper))
        let second = VirtualInstant.seconds(1)
        #expect(
            asking.questions == [
                [
                    ScheduledEvent(label: "a", sequence: 0, instant: second),
                    ScheduledEvent(label: "b", sequence: 1, instant: second),
                    ScheduledEvent(label: EventLabel("c", subject: 3), sequence: 3, instant: second),
                    ScheduledEvent(label: wake, sequence: 5, instant: second),
                ],
                [
                    ScheduledEvent(label: "b", sequence: 1, instant: second),
                    ScheduledEvent(label: EventLabel("c", subject: 3), sequence: 3, instant: second),
                    ScheduledEvent(label: wake, sequence: 5, instant: second),
                ],
                [
                    ScheduledEvent(label: EventLabel("c", subject: 3), sequence: 3, instant: second),
                    ScheduledEvent(label: wake, sequence: 5, instant: second),
                ],
            ])
    }

    @Test func thePolicysChoiceChangesTheOrder() {
        #expect(Self.tiedRun(Asking { $0.count - 1 }).order == ["wake", "c", "b", "a", "alone"])
        #expect(Self.tiedRun(Asking { $0.count > 2 ? 1 : 0 }).order == ["b", "c", "a", "wake", "alone"])
    }

    @Test func theFirstInFirstOutPolicyIsTheKernelsOwnOrder() {
        #expect(Self.tiedRun(FIFOOrdering()).order == Self.tiedRun(nil).order)
        checkProperty(
            "a run under FIFOOrdering is the run with no policy",
            iterations: 100, Generator<UInt64>.int(in: 0 ... .max)
        ) { seed in
            let plain = DeterminismTests.run(seed: seed, workers: 8)
            let explicit = DeterminismTests.run(seed: seed, workers: 8) { $0.sameInstantOrdering = FIFOOrdering() }
            let emptyReplay = DeterminismTests.run(seed: seed, workers: 8) { $0.sameInstantOrdering = OrderingReplay([]) }
            return explicit.log == plain.log && explicit.end == plain.end && emptyReplay.log == plain.log
        }
    }

    @Test func eventsCancelledAtTheSameInstantAreNeverOffered() {
        let kernel = Kernel(seed: 1)
        let asking = Asking()
        kernel.sameInstantOrdering = asking
        var order: [String] = []
        var victim: EventHandle?
        kernel.schedule(at: .seconds(1), label: "canceller") {
            order.append("canceller")
            if let victim { kernel.cancel(victim) }
            // Joins the instant: offered in the next question, after those already there.
            kernel.schedule(after: .nanoseconds(0), label: "follow-up") { order.append("follow-up") }
        }
        victim = kernel.schedule(at: .seconds(1), label: "victim") { order.append("victim") }
        kernel.schedule(at: .seconds(1), label: "bystander") { order.append("bystander") }
        // A task cancelled while it sleeps: its wake-up is dead and never offered.
        let sleeper = kernel.spawn("sleeper") { try? await kernel.clock.sleep(until: .seconds(1)) }
        kernel.schedule(at: VirtualInstant(nanoseconds: 500_000_000), label: "cancel sleeper") { sleeper.cancel() }
        #expect(kernel.run() == .idle)
        #expect(order == ["canceller", "bystander", "follow-up"])
        #expect(asking.questions.map { $0.map(\.label.name) } == [["canceller", "victim", "bystander"], ["bystander", "follow-up"]])
    }

    /// Events planned at a few instants, some cancelled before the run; tasks sleeping until a few instants, some cancelled.
    struct Plan: CustomStringConvertible {
        var events: [(at: Int64, cancelled: Bool)]
        var sleepers: [(until: Int64, cancelled: Bool)]
        var description: String {
            "events \(events.map { "\($0.at)\($0.cancelled ? "x" : "")" }), sleepers \(sleepers.map { "\($0.until)\($0.cancelled ? "x" : "")" })"
        }
    }

    static var plans: Generator<Plan> {
        let cancelled = Generator<Bool>.oneOf(weighted: [(3, .always(false)), (1, .always(true))])
        return Generator.zip(
            Generator.zip(Generator<Int64>.int(in: 0...3), cancelled).array(length: 0...12),
            Generator.zip(Generator<Int64>.int(in: 1...3), cancelled).array(length: 0...5)
        ).map { Plan(events: $0.map { (at: $0, cancelled: $1) }, sleepers: $1.map { (until: $0, cancelled: $1) }) }
    }

    /// Runs `plan` under `policy`; returns the events that fired, in order.
    static func run(_ plan: Plan, policy: (any SameInstantOrdering)?, seed: UInt64 = 1) -> (fired: [ScheduledEvent], kernel: Kernel) {
        let kernel = Kernel(seed: seed)
        kernel.sameInstantOrdering = policy
        kernel.recordsOrderingDecisions = true
        var fired: [ScheduledEvent] = []
        kernel.eventObserver = { fired.append($0) }
        for (index, event) in plan.events.enumerated() {
            let handle = kernel.schedule(at: VirtualInstant(nanoseconds: event.at), label: EventLabel("planned", subject: Int64(index))) {}
            if event.cancelled { kernel.cancel(handle) }
        }
        for sleeper in plan.sleepers {
            let context = kernel.spawn("sleeper") { try? await kernel.clock.sleep(until: VirtualInstant(nanoseconds: sleeper.until)) }
            if sleeper.cancelled { context.cancel() }
        }
        #expect(kernel.run() == .idle)
        return (fired, kernel)
    }

    @Test func eachQuestionOffersExactlyTheLiveEventsLeftAtItsInstant() {
        checkProperty(
            "questions offer the events still to fire at their instant, in sequence order, and the choice fires next",
            Generator.zip(Self.plans, Generator<UInt64>.int(in: 0 ... .max))
        ) { plan, seed in
            let asking = Asking(answer: { candidates in
                // Any deterministic answer will do; this one depends on what is offered.
                Int(candidates.reduce(seed) { $0 &* 31 &+ $1.sequence } % UInt64(candidates.count))
            })
            let (fired, kernel) = Self.run(plan, policy: asking)
            // Nothing cancelled fires, everything else does, once.
            let live = plan.events.indices.filter { !plan.events[$0].cancelled }.map { EventLabel("planned", subject: Int64($0)) }
            guard fired.filter({ !$0.label.isWake }).map(\.label).sorted() == live.sorted(),
                fired.filter(\.label.isWake).count == plan.sleepers.filter({ !$0.cancelled }).count
            else { return false }
            var questions = asking.questions[...]
            var position = 0
            while position < fired.count {
                let instant = fired[position].instant
                var group = fired[position...].prefix { $0.instant == instant }
                position += group.count
                while group.count > 1 {
                    guard let question = questions.popFirst(),
                        question == group.sorted(by: { $0.sequence < $1.sequence }),
                        let chosen = question.firstIndex(of: group.first!)
                    else { return false }
                    group = group.dropFirst()
                    guard kernel.recordedOrderingDecisions[asking.questions.count - questions.count - 1]
                        == OrderingDecision(chosen: chosen, count: question.count, instant: instant)
                    else { return false }
                }
            }
            return questions.isEmpty && kernel.recordedOrderingDecisions.count == asking.questions.count
        }
    }

    @Test func seededOrderingIsAPermutationFixedByItsSeed() {
        checkProperty(
            "a seeded order runs every live event once, the same for the same seed, and leaves the run's generator alone",
            Generator.zip(Self.plans, Generator<UInt64>.int(in: 0 ... .max))
        ) { plan, seed in
            let plain = Self.run(plan, policy: nil)
            let first = Self.run(plan, policy: SeededOrdering(seed: seed))
            let again = Self.run(plan, policy: SeededOrdering(seed: seed))
            guard first.fired == again.fired,
                first.fired.sorted(by: { $0.sequence < $1.sequence }) == plain.fired.sorted(by: { $0.sequence < $1.sequence }),
                first.fired.map(\.instant) == plain.fired.map(\.instant),
                first.kernel.random == SeededGenerator(seed: 1)
            else { return false }
            // With two events or more at one instant, some seed among a few dozen picks another order.
            let hasTie = zip(plain.fired, plain.fired.dropFirst()).contains { $0.instant == $1.instant }
            let orders = Set((0..<32 as Range<UInt64>).map { Self.run(plan, policy: SeededOrdering(seed: $0)).fired.map(\.sequence) })
            return hasTie == (orders.count > 1)
        }
    }

    @Test func recordedDecisionsReplayTheSameRun() {
        checkProperty(
            "a run replayed from its ordering decisions happens in the same order",
            iterations: 100, Generator.zip(Generator<UInt64>.int(in: 0 ... .max), Generator<UInt64>.int(in: 0 ... .max))
        ) { seed, orderingSeed in
            var recordingKernel: Kernel?
            let recorded = DeterminismTests.run(seed: seed, workers: 8) { kernel in
                kernel.sameInstantOrdering = SeededOrdering(seed: orderingSeed)
                kernel.recordsOrderingDecisions = true
                recordingKernel = kernel
            }
            guard let decisions = recordingKernel?.recordedOrderingDecisions else { return false }
            let replay = OrderingReplay(decisions)
            let replayed = DeterminismTests.run(seed: seed, workers: 8) { $0.sameInstantOrdering = replay }
            // Half the list, then the seeded policy it came from: it was asked all along, so it carries on as before.
            let half = OrderingReplay(Array(decisions.prefix(decisions.count / 2)), fallback: SeededOrdering(seed: orderingSeed))
            let resumed = DeterminismTests.run(seed: seed, workers: 8) { $0.sameInstantOrdering = half }
            return replayed.log == recorded.log && replay.divergence == nil && replay.replayedCount == decisions.count
                && resumed.log == recorded.log && half.divergence == nil
        }
    }

    @Test func aReplayWhoseQuestionsDoNotMatchFallsBack() {
        // Recorded for four candidates; the run below offers four, then three: the second decision diverges.
        let replay = OrderingReplay(
            [
                OrderingDecision(chosen: 3, count: 4, instant: .seconds(1)),
                OrderingDecision(chosen: 1, count: 4, instant: .seconds(1)),
                OrderingDecision(chosen: 1, count: 2, instant: .seconds(1)),
            ], fallback: Asking { $0.count - 1 })
        #expect(Self.tiedRun(replay).order == ["wake", "c", "b", "a", "alone"])
        #expect(replay.divergence == 1)
        #expect(replay.replayedCount == 1)
        #expect(OrderingDecision(chosen: 2, count: 3, instant: .seconds(1)).description == "2 of 3 at 1.000s")
    }

    @Test func anAnswerOutOfRangeStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let kernel = Kernel(seed: 1)
            kernel.sameInstantOrdering = OutOfRange()
            kernel.schedule(at: .seconds(1)) {}
            kernel.schedule(at: .seconds(1)) {}
            _ = kernel.run()
        }
    }
}

/// A broken policy: the index it gives is past the candidates.
final class OutOfRange: SameInstantOrdering {
    func nextEvent(among candidates: [ScheduledEvent]) -> Int { candidates.count }
}
