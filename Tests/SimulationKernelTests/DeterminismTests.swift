import SimulationKernel
import SimulationTesting
import Testing

/// The same program and seed give the same log, entry for entry, in one process.
@Suite struct DeterminismTests {
    struct Entry: Equatable, Sendable, CustomStringConvertible {
        var at: Int64
        var task: String
        var event: String
        var description: String { "\(at) \(task) \(event)" }
    }

    /// A busy program: tasks draw their sleeps from the kernel's generator, spawn children, schedule events,
    /// cancel each other and resume each other's waits, with many same-instant ties.
    static func run(
        seed: UInt64, workers: Int, configure: (Kernel) -> Void = { _ in }
    ) -> (log: [Entry], end: RunEnd, fingerprint: Fingerprint) {
        let kernel = Kernel(seed: seed, limits: RunLimits(maximumEvents: 100_000, maximumJobs: 1_000_000))
        configure(kernel)
        let log = Recorder<Entry>()
        let mailboxes = Recorder<Waiter>()
        var contexts: [TaskContext] = []
        for index in 0..<workers {
            let name = "worker \(index)"
            contexts.append(
                kernel.spawn(name) {
                    do {
                        for step in 0..<Int(kernel.random.nextInt(in: 1...6)) {
                            let nanoseconds = Int64(kernel.random.nextInt(below: 4)) * 1_000
                            try await kernel.clock.sleep(for: .nanoseconds(nanoseconds))
                            log.append(Entry(at: kernel.now.nanoseconds, task: name, event: "woke \(step)"))
                            switch kernel.random.nextInt(below: 4) {
                            case 0:
                                async let child: Int64 = {
                                    try? await kernel.clock.sleep(for: .nanoseconds(1_000))
                                    return kernel.now.nanoseconds
                                }()
                                log.append(Entry(at: await child, task: name, event: "child done"))
                            case 1:
                                kernel.schedule(after: .nanoseconds(Int64(kernel.random.nextInt(below: 3))) * 1_000) {
                                    log.append(Entry(at: kernel.now.nanoseconds, task: name, event: "event"))
                                    for waiter in mailboxes.entries where !waiter.isFinished { waiter.resume() }
                                }
                            case 2:
                                try await kernel.wait(for: "mail") { mailboxes.append($0) }
                                log.append(Entry(at: kernel.now.nanoseconds, task: name, event: "got mail"))
                            default:
                                break
                            }
                        }
                        log.append(Entry(at: kernel.now.nanoseconds, task: name, event: "finished"))
                    } catch {
                        log.append(Entry(at: kernel.now.nanoseconds, task: name, event: "cancelled"))
                    }
                })
        }
        let victims = contexts
        kernel.spawn("canceller") {
            try? await kernel.clock.sleep(for: .nanoseconds(Int64(kernel.random.nextInt(below: 10)) * 1_000 + 500))
            if let victim = kernel.random.choose(from: victims) {
                log.append(Entry(at: kernel.now.nanoseconds, task: "canceller", event: "cancels \(victim.name)"))
                victim.cancel()
            }
        }
        let end = kernel.run()
        kernel.shutDown()
        var fingerprint = Fingerprint()
        for entry in log.entries { fingerprint.combine(entry.description + "\n") }
        return (log.entries, end, fingerprint)
    }

    @Test(arguments: [0, 1, 42, 2024] as [UInt64])
    func sameSeedSameLog(seed: UInt64) {
        let first = Self.run(seed: seed, workers: 8)
        let second = Self.run(seed: seed, workers: 8)
        #expect(first.log == second.log)
        #expect(first.end == second.end)
        #expect(first.fingerprint == second.fingerprint)
        #expect(first.log.count > 8)
    }

    @Test func differentSeedsGiveDifferentLogs() {
        let fingerprints = Set((0..<8 as Range<UInt64>).map { Self.run(seed: $0, workers: 8).fingerprint })
        #expect(fingerprints.count == 8)
    }

    @Test func randomProgramsAreDeterministic() {
        checkProperty("a program run twice gives the same log", iterations: 50, KernelPropertyTests.programs) { program in
            let first = KernelPropertyTests.run(program)
            let second = KernelPropertyTests.run(program)
            return first.records == second.records && first.end == second.end
        }
    }
}
