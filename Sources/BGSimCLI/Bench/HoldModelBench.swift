import SimulationKernel

/// The classic "hold" model of event-set benchmarks: a queue of N pending
/// events in which each step pops the earliest and pushes one at a random later time.
///
/// Two variants: the bare `EventQueue` (the heap alone) and the `Kernel`
/// (scheduling closures, cancellation checks, limits, the clock). Increments
/// are uniform in 1...2 ms, drawn from the seeded generator, so the queue's
/// shape is the same on every machine.
enum HoldModelBench {
    /// What one variant measured at one size.
    struct Figure: Sendable {
        /// `EventQueue` or `Kernel`.
        var variant: String
        /// Events pending throughout.
        var pending: Int
        /// Events popped and pushed in the fastest trial.
        var events: Int
        /// Wall time of the fastest trial.
        var nanoseconds: Int64
        var eventsPerSecond: Int64 { Stopwatch.rate(events, nanoseconds: nanoseconds) }
    }

    static let meanIncrement: Int64 = 1_000_000

    static func run(_ configuration: BenchConfiguration) -> [Figure] {
        var figures: [Figure] = []
        for pending in configuration.holdSizes {
            let steps = configuration.holdSteps(pending: pending)
            let measured = Stopwatch.best(of: configuration.trials) { eventQueue(pending: pending, steps: steps) }
            figures.append(Figure(variant: "EventQueue", pending: pending, events: steps, nanoseconds: measured.nanoseconds))
        }
        for pending in configuration.holdSizes {
            let steps = configuration.holdSteps(pending: pending)
            let measured = Stopwatch.best(of: configuration.trials) { kernel(pending: pending, steps: steps) }
            figures.append(Figure(variant: "Kernel", pending: pending, events: steps, nanoseconds: measured.nanoseconds))
        }
        return figures
    }

    /// The heap alone; returns the time of the last event, so the work cannot be optimised away.
    static func eventQueue(pending: Int, steps: Int) -> Int64 {
        var random = SeededGenerator(seed: 1)
        var queue = EventQueue<Int>()
        for index in 0..<pending {
            queue.push(index, at: increment(&random))
        }
        var last: Int64 = 0
        for _ in 0..<steps {
            let entry = queue.popFirst()!
            last = entry.time
            queue.push(entry.payload, at: last + increment(&random))
        }
        return last
    }

    /// The kernel: each event schedules the next; the event limit ends the run after `steps` events.
    static func kernel(pending: Int, steps: Int) -> Int64 {
        let model = KernelHold(steps: steps)
        return model.run(pending: pending)
    }

    @inline(__always)
    static func increment(_ random: inout SeededGenerator) -> Int64 {
        1 + Int64(bitPattern: random.nextInt(below: UInt64(2 * meanIncrement)))
    }
}

/// The hold model on a `Kernel`: one closure, created once, rescheduled by every event.
private final class KernelHold {
    let kernel: Kernel
    private var action: () -> Void = {}

    init(steps: Int) {
        kernel = Kernel(seed: 1, limits: RunLimits(maximumEvents: steps, maximumJobs: .max))
        action = { [self] in
            kernel.schedule(after: .nanoseconds(HoldModelBench.increment(&kernel.random)), action)
        }
    }

    func run(pending: Int) -> Int64 {
        for _ in 0..<pending {
            kernel.schedule(after: .nanoseconds(HoldModelBench.increment(&kernel.random)), action)
        }
        _ = kernel.run()
        let last = kernel.now.nanoseconds
        kernel.shutDown()
        action = {}
        return last
    }
}
