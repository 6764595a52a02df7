@testable import SimulationKernel
import SimulationTesting
import Testing

/// Random async programs on the kernel: they always end, idle or reported as stalled, and never hang.
@Suite struct KernelPropertyTests {
    struct Program: CustomStringConvertible {
        struct Worker {
            /// Sleep durations in nanoseconds, all even, so that wake-ups fall on even instants.
            var sleeps: [Int64]
            /// Whether the worker ends in a wait nobody resumes.
            var waitsForever: Bool
        }

        struct Cancellation {
            var target: Int
            /// Always odd, so that a cancellation never ties with a wake-up.
            var at: Int64
        }

        var workers: [Worker]
        var cancellations: [Cancellation]

        var description: String {
            let workers = self.workers.enumerated().map { index, worker in
                "worker \(index): sleeps \(worker.sleeps)\(worker.waitsForever ? " then waits forever" : "")"
            }
            let cancellations = self.cancellations.map { "cancel worker \($0.target) at \($0.at)ns" }
            return (workers + cancellations).joined(separator: "; ")
        }

        /// When worker `index` is first cancelled, if ever.
        func cancellationInstant(of index: Int) -> Int64? {
            cancellations.filter { $0.target == index }.map(\.at).min()
        }

        /// The workers that can never finish: waiting forever, and cancelled by nobody.
        var neverResumed: [Int] {
            workers.indices.filter { workers[$0].waitsForever && cancellationInstant(of: $0) == nil }
        }
    }

    static var programs: Generator<Program> {
        let worker = Generator.zip(
            Generator<Int64>.int(in: 0...5).map { $0 * 2 }.array(length: 0...6),
            Generator<Bool>.oneOf(weighted: [(3, .always(false)), (1, .always(true))])
        ).map { Program.Worker(sleeps: $0, waitsForever: $1) }
        // Targets are drawn independently of the workers (and wrap around), so that shrinking
        // the workers keeps the cancellations instead of drawing new ones.
        let cancellation = Generator.zip(Generator.int(in: 0...5), Generator<Int64>.int(in: 0...30).map { $0 * 2 + 1 })
        return Generator.zip(worker.array(length: 1...6), cancellation.array(length: 0...3)).map { workers, cancellations in
            Program(
                workers: workers,
                cancellations: cancellations.map { Program.Cancellation(target: $0 % workers.count, at: $1) })
        }
    }

    enum Happening: Equatable, Sendable {
        case woke(worker: Int, sleep: Int)
        case cancelled(worker: Int)
        case finished(worker: Int)
    }

    struct Record: Equatable, Sendable {
        var at: Int64
        var happening: Happening
    }

    /// Runs `program` and returns how the run ended and what happened, in order.
    static func run(_ program: Program) -> (end: RunEnd, records: [Record], endedAt: Int64, liveAfterShutDown: Int) {
        let kernel = Kernel(
            seed: 1, limits: RunLimits(maximumEvents: 10_000, maximumJobs: 100_000, maximumTime: .seconds(60)))
        let recorder = Recorder<Record>()
        let contexts = program.workers.enumerated().map { index, worker in
            kernel.spawn("worker \(index)") {
                do {
                    for (sleep, duration) in worker.sleeps.enumerated() {
                        try await kernel.clock.sleep(for: .nanoseconds(duration))
                        recorder.append(Record(at: kernel.now.nanoseconds, happening: .woke(worker: index, sleep: sleep)))
                    }
                    if worker.waitsForever {
                        try await kernel.wait(for: "nothing, worker \(index)") { _ in }
                    }
                    recorder.append(Record(at: kernel.now.nanoseconds, happening: .finished(worker: index)))
                } catch {
                    recorder.append(Record(at: kernel.now.nanoseconds, happening: .cancelled(worker: index)))
                }
            }
        }
        for (index, cancellation) in program.cancellations.enumerated() {
            kernel.spawn("canceller \(index)") {
                try? await kernel.clock.sleep(until: VirtualInstant(nanoseconds: cancellation.at))
                contexts[cancellation.target].cancel()
            }
        }
        let end = kernel.run()
        let records = recorder.entries
        let endedAt = kernel.now.nanoseconds
        kernel.shutDown()
        return (end, records, endedAt, kernel.liveTaskCount)
    }

    /// What must happen to each worker, computed from the program alone.
    static func expectedRecords(of program: Program, worker index: Int) -> [Record] {
        let worker = program.workers[index]
        let cancelledAt = program.cancellationInstant(of: index) ?? .max
        var records: [Record] = []
        var deadline: Int64 = 0
        for (sleep, duration) in worker.sleeps.enumerated() {
            deadline += duration
            guard deadline < cancelledAt else { return records + [Record(at: cancelledAt, happening: .cancelled(worker: index))] }
            records.append(Record(at: deadline, happening: .woke(worker: index, sleep: sleep)))
        }
        if worker.waitsForever {
            if cancelledAt != .max { records.append(Record(at: cancelledAt, happening: .cancelled(worker: index))) }
        } else {
            records.append(Record(at: deadline, happening: .finished(worker: index)))
        }
        return records
    }

    @Test func randomSleepsAndCancellationsAlwaysEndIdleOrStalled() {
        checkProperty("every program ends idle or stalled on exactly its never-resumed waits", Self.programs) { program in
            let (end, records, endedAt, live) = Self.run(program)
            let stalled = program.neverResumed
            switch end {
            case .idle:
                guard stalled.isEmpty else { return false }
            case .stalled(let report):
                guard report.tasks.map(\.name) == stalled.map({ "worker \($0)" }),
                    report.tasks.map(\.waitingFor) == stalled.map({ "nothing, worker \($0)" })
                else { return false }
            case .deadlineReached, .limitExceeded:
                return false
            }
            // Time never runs backwards, and every worker did exactly what the program says, at the exact instants.
            guard zip(records, records.dropFirst()).allSatisfy({ $0.at <= $1.at }) else { return false }
            var lastInstant = program.cancellations.map(\.at).max() ?? 0
            for index in program.workers.indices {
                let mine = records.filter {
                    switch $0.happening {
                    case .woke(let worker, _), .cancelled(let worker), .finished(let worker): worker == index
                    }
                }
                let expected = Self.expectedRecords(of: program, worker: index)
                guard mine == expected else { return false }
                lastInstant = max(lastInstant, expected.last?.at ?? 0)
            }
            // The clock stops at the last thing that happened: a cancelled sleep's timer never moves it.
            return endedAt == lastInstant && live == 0
        }
    }

    @Test func expectedRecordsModelTheProgram() {
        // The model the property relies on, checked on one hand-made program.
        let program = Program(
            workers: [
                .init(sleeps: [2, 2, 4], waitsForever: false), .init(sleeps: [10], waitsForever: true),
                .init(sleeps: [], waitsForever: true),
            ],
            cancellations: [.init(target: 0, at: 5), .init(target: 1, at: 21), .init(target: 0, at: 3)])
        #expect(program.neverResumed == [2])
        let (end, records, endedAt, live) = Self.run(program)
        #expect(endedAt == 21)
        #expect(end.stallReport?.tasks.map(\.name) == ["worker 2"])
        #expect(
            records == [
                Record(at: 2, happening: .woke(worker: 0, sleep: 0)), Record(at: 3, happening: .cancelled(worker: 0)),
                Record(at: 10, happening: .woke(worker: 1, sleep: 0)), Record(at: 21, happening: .cancelled(worker: 1)),
            ])
        #expect(live == 0)
        #expect(
            Self.expectedRecords(of: program, worker: 0)
                == [Record(at: 2, happening: .woke(worker: 0, sleep: 0)), Record(at: 3, happening: .cancelled(worker: 0))])
    }
}
