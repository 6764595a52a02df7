import Foundation
@testable import SimulationKernel
import SimulationTesting
import Testing

/// Choice points: the labelled seam for random decisions, its strategies, recording and replay.
@Suite struct ChoicePointTests {
    /// One call a model can make, either through the generator (as models do today) or through a choice point.
    enum Operation: CustomStringConvertible {
        case draw(ClosedRange<Int64>)
        case drawInt(ClosedRange<Int>)
        case chance(partsPerMillion: UInt64)
        case choose(count: Int)
        /// `count` may be 0: an empty collection, no draw.
        case chooseElement(count: Int)

        var description: String {
            switch self {
            case .draw(let range): "draw \(range)"
            case .drawInt(let range): "drawInt \(range)"
            case .chance(let partsPerMillion): "chance \(partsPerMillion)ppm"
            case .choose(let count): "choose of \(count)"
            case .chooseElement(let count): "chooseElement of \(count)"
            }
        }

        /// The label a test gives this operation: by kind, with the position as subject.
        func label(at position: Int) -> ChoiceLabel {
            let name =
                switch self {
                case .draw: "draw"
                case .drawInt: "drawInt"
                case .chance: "chance"
                case .choose, .chooseElement: "choose"
                }
            return ChoiceLabel(name, subject: Int64(position))
        }

        /// The value as models draw it today, from the generator itself; nil for an empty collection.
        func legacy(_ random: inout SeededGenerator) -> Int64? {
            switch self {
            case .draw(let range): random.nextInt(in: range)
            case .drawInt(let range): Int64(random.nextInt(in: range))
            case .chance(let partsPerMillion): random.chance(partsPerMillion: partsPerMillion) ? 1 : 0
            case .choose(let count): Int64(random.nextInt(below: UInt64(count)))
            case .chooseElement(let count): random.choose(from: 0..<count).map(Int64.init)
            }
        }

        /// The value through the kernel's choice point.
        func throughKernel(_ kernel: Kernel, label: ChoiceLabel) -> Int64? {
            switch self {
            case .draw(let range): kernel.draw(label, in: range)
            case .drawInt(let range): Int64(kernel.draw(label, in: range))
            case .chance(let partsPerMillion): kernel.chance(label, partsPerMillion: partsPerMillion) ? 1 : 0
            case .choose(let count): Int64(kernel.choose(label, count: count))
            case .chooseElement(let count): kernel.choose(label, from: 0..<count).map(Int64.init)
            }
        }
    }

    static var operations: Generator<Operation> {
        let bound = Generator<Int64>.oneOf(
            weighted: [
                (6, .int(in: -1_000...1_000)),
                (1, .element(of: [.min, .min + 1, -1, 0, 1, .max - 1, .max])),
                (1, .int(in: .min ... .max)),
            ])
        let range = Generator.zip(bound, bound).map { min($0, $1)...max($0, $1) }
        let intRange = Generator.zip(Generator<Int>.int(in: -50...50), Generator<Int>.int(in: 0...100)).map { $0...($0 + $1) }
        return Generator<Operation>.oneOf(
            range.map { Operation.draw($0) },
            intRange.map { Operation.drawInt($0) },
            Generator<UInt64>.oneOf(.int(in: 0...1_000_000), .element(of: [0, 1, 999_999, 1_000_000, 5_000_000]))
                .map { Operation.chance(partsPerMillion: $0) },
            Generator<Int>.oneOf(.int(in: 1...10), .element(of: [1, 2, 1 << 40, Int.max])).map { Operation.choose(count: $0) },
            Generator<Int>.int(in: 0...6).map { Operation.chooseElement(count: $0) })
    }

    /// Passes every decision through unchanged, and counts them.
    final class PassThrough: ChoiceStrategy {
        var seen: [ChoicePoint] = []
        func value(at point: ChoicePoint, seeded: Int64) -> Int64 {
            seen.append(point)
            return seeded
        }
    }

    /// Forces every decision whose label has `name` to `value` (clamped by the kernel), leaves the rest to the seed.
    final class Force: ChoiceStrategy {
        let name: String
        let value: Int64
        init(_ name: String, to value: Int64) {
            self.name = name
            self.value = value
        }
        func value(at point: ChoicePoint, seeded: Int64) -> Int64 {
            point.label.name == name ? value : seeded
        }
    }

    /// Overrides every decision with a value from its own generator, anywhere in (and beyond) the range.
    final class Scramble: ChoiceStrategy {
        var random: SeededGenerator
        init(seed: UInt64) { random = SeededGenerator(seed: seed) }
        func value(at point: ChoicePoint, seeded: Int64) -> Int64 {
            let span = point.range.upperBound &- point.range.lowerBound
            // Half of the time beyond the range by up to its own span: the kernel must clamp.
            let slack = span < Int64.max / 4 && span > 0 ? span : 0
            let low = point.range.lowerBound >= Int64.min / 2 ? point.range.lowerBound - slack : point.range.lowerBound
            let high = point.range.upperBound <= Int64.max / 2 ? point.range.upperBound + slack : point.range.upperBound
            return random.nextInt(in: low...high)
        }
    }

    @Test func defaultDrawsAreTheGeneratorsOwnSequence() {
        checkProperty(
            "choice points draw exactly what the generator's own functions draw",
            Generator.zip(Generator<UInt64>.int(in: 0 ... .max), Self.operations.array(length: 0...40))
        ) { seed, operations in
            var reference = SeededGenerator(seed: seed)
            let expected = operations.map { $0.legacy(&reference) }
            // Plain, recording, and with a strategy that changes nothing: all three must match.
            let plain = Kernel(seed: seed)
            let recording = Kernel(seed: seed)
            recording.recordsChoices = true
            let observed = Kernel(seed: seed)
            let passThrough = PassThrough()
            observed.choiceStrategy = passThrough
            for kernel in [plain, recording, observed] {
                let values = operations.enumerated().map { $1.throughKernel(kernel, label: $1.label(at: $0)) }
                guard values == expected, kernel.random == reference else { return false }
            }
            let decided = expected.compactMap { $0 }
            return recording.recordedChoices.map(\.value) == decided && passThrough.seen.count == decided.count
                && plain.choiceCount == decided.count
        }
    }

    @Test func pinnedValuesMatchTheGeneratorsPinnedValues() {
        // The same figures SeededGeneratorTests pins for seed 42: a model moving to choice points keeps its trace.
        let kernel = Kernel(seed: 42)
        #expect((0..<10).map { _ in kernel.draw("die", in: 0...5) } == [0, 2, 4, 5, 5, 4, 4, 5, 4, 3])
        let other = Kernel(seed: 42)
        #expect((0..<10).map { _ in other.draw("offset", in: -5...5) } == [-5, -1, 2, 5, 5, 3, 2, 4, 3, 1])
    }

    @Test func aStrategyOverridesOnlyItsLabelsAndShiftsNothingElse() {
        checkProperty(
            "forcing one label leaves every other decision as the seed made it",
            Generator.zip(
                Generator<UInt64>.int(in: 0 ... .max), Self.operations.array(length: 1...40), Generator<Int64>.int(in: .min ... .max))
        ) { seed, operations, forced in
            let plain = Kernel(seed: seed)
            let plainValues = operations.enumerated().map { $1.throughKernel(plain, label: $1.label(at: $0)) }
            let kernel = Kernel(seed: seed)
            kernel.choiceStrategy = Force("chance", to: forced)
            let values = operations.enumerated().map { $1.throughKernel(kernel, label: $1.label(at: $0)) }
            for (index, operation) in operations.enumerated() {
                if case .chance = operation {
                    // Clamped into 0...1: any positive answer is yes, any other no.
                    guard values[index] == (forced > 0 ? 1 : 0) else { return false }
                } else {
                    guard values[index] == plainValues[index] else { return false }
                }
            }
            // The generator moved exactly as far: overriding never skips a draw.
            return kernel.random == plain.random
        }
    }

    @Test func answersOutsideTheRangeAreClamped() {
        let kernel = Kernel(seed: 3)
        kernel.choiceStrategy = Force("low", to: -1_000)
        #expect(kernel.draw("low", in: 10...20) == 10)
        #expect(kernel.choose("low", count: 4) == 0)
        #expect(!kernel.chance("low", partsPerMillion: 1_000_000))
        kernel.choiceStrategy = Force("high", to: .max)
        #expect(kernel.draw("high", in: 10...20) == 20)
        #expect(kernel.draw("high", in: -3...(-1)) == -1)
        #expect(kernel.choose("high", count: 4) == 3)
        #expect(kernel.choose("high", from: ["a", "b", "c"]) == "c")
        #expect(kernel.chance("high", partsPerMillion: 0))
        kernel.choiceStrategy = Force("inside", to: 15)
        #expect(kernel.draw("inside", in: 10...20) == 15)
        #expect(kernel.draw("inside", in: 10...20 as ClosedRange<Int>) == 15)
    }

    @Test func aStrategySeesEachChoicePointAsItIsMade() {
        let kernel = Kernel(seed: 4)
        let strategy = PassThrough()
        kernel.choiceStrategy = strategy
        kernel.schedule(at: .seconds(2)) {
            _ = kernel.draw(ChoiceLabel("delay", subject: 7), in: -5...5)
            _ = kernel.chance("drop", partsPerMillion: 250_000)
        }
        kernel.schedule(at: .seconds(3)) {
            _ = kernel.choose("victim", count: 3)
            #expect(kernel.choose("nobody", from: [Int]()) == nil)  // no alternative, no choice point
        }
        #expect(kernel.run() == .idle)
        #expect(
            strategy.seen == [
                ChoicePoint(label: ChoiceLabel("delay", subject: 7), range: -5...5, kind: .draw, instant: .seconds(2), index: 0),
                ChoicePoint(label: "drop", range: 0...1, kind: .chance(partsPerMillion: 250_000), instant: .seconds(2), index: 1),
                ChoicePoint(label: "victim", range: 0...2, kind: .choice, instant: .seconds(3), index: 2),
            ])
        #expect(kernel.choiceCount == 3)
    }

    @Test func recordingKeepsLabelRangeValueAndInstant() {
        let kernel = Kernel(seed: 5)
        kernel.recordsChoices = true
        kernel.choiceStrategy = Force("forced", to: 99)
        var values: [Int64] = []
        kernel.schedule(at: .seconds(1)) { values.append(kernel.draw(ChoiceLabel("free", subject: 1), in: 0...1_000)) }
        kernel.schedule(at: .seconds(4)) { values.append(kernel.draw("forced", in: 0...50)) }
        #expect(kernel.run() == .idle)
        #expect(
            kernel.recordedChoices == [
                RecordedChoice(label: ChoiceLabel("free", subject: 1), range: 0...1_000, value: values[0], instant: .seconds(1)),
                RecordedChoice(label: "forced", range: 0...50, value: 50, instant: .seconds(4)),
            ])
        #expect(kernel.recordedChoices[1].description == "forced = 50 in 0...50 at 4.000s")
        // Off by default: nothing is kept.
        let quiet = Kernel(seed: 5)
        _ = quiet.draw("free", in: 0...1_000)
        #expect(quiet.recordedChoices.isEmpty)
    }

    // MARK: Replay

    struct Entry: Equatable, Sendable, CustomStringConvertible {
        var at: Int64
        var what: String
        var description: String { "\(at) \(what)" }
    }

    /// A busy program whose every random decision is a choice point: the decisions fix the run entirely.
    static func run(seed: UInt64, configure: (Kernel) -> Void) -> (log: [Entry], kernel: Kernel) {
        let kernel = Kernel(seed: seed, limits: RunLimits(maximumEvents: 10_000, maximumJobs: 100_000))
        configure(kernel)
        let log = Recorder<Entry>()
        var contexts: [TaskContext] = []
        for worker in 0..<4 {
            let subject = Int64(worker)
            contexts.append(
                kernel.spawn("worker \(worker)") {
                    do {
                        for step in 0..<kernel.draw(ChoiceLabel("worker.steps", subject: subject), in: 1...4) {
                            let pause = kernel.draw(ChoiceLabel("worker.pause", subject: subject), in: 0...3) * 1_000
                            try await kernel.clock.sleep(for: .nanoseconds(pause))
                            log.append(Entry(at: kernel.now.nanoseconds, what: "worker \(worker) step \(step)"))
                            if kernel.chance(ChoiceLabel("worker.event", subject: subject), partsPerMillion: 400_000) {
                                let delay: Int64 = kernel.draw("event.delay", in: 0...2) * 1_000
                                kernel.schedule(after: .nanoseconds(delay), label: EventLabel("worker.event", subject: subject)) {
                                    log.append(Entry(at: kernel.now.nanoseconds, what: "event of worker \(worker)"))
                                }
                            }
                        }
                        log.append(Entry(at: kernel.now.nanoseconds, what: "worker \(worker) done"))
                    } catch {
                        log.append(Entry(at: kernel.now.nanoseconds, what: "worker \(worker) cancelled"))
                    }
                })
        }
        let victims = contexts
        kernel.spawn("canceller") {
            try? await kernel.clock.sleep(for: .nanoseconds(kernel.draw("canceller.delay", in: 0...10) * 1_000 + 500))
            if let victim = kernel.choose("canceller.victim", from: victims) {
                log.append(Entry(at: kernel.now.nanoseconds, what: "cancel \(victim.name)"))
                victim.cancel()
            }
        }
        #expect(kernel.run() == .idle)
        kernel.shutDown()
        return (log.entries, kernel)
    }

    @Test func replayingRecordedChoicesReproducesTheRunExactly() {
        checkProperty(
            "a run replayed from its recorded choices, under any seed, happens in the same order",
            iterations: 100,
            Generator.zip(Generator<UInt64>.int(in: 0 ... .max), Generator<UInt64>.int(in: 0 ... .max), Generator<UInt64>.int(in: 0 ... .max))
        ) { seed, scrambleSeed, replaySeed in
            // The recorded run is perturbed by a strategy, so that the list is not just what the seed gives.
            let recorded = Self.run(seed: seed) { kernel in
                kernel.recordsChoices = true
                kernel.choiceStrategy = Scramble(seed: scrambleSeed)
            }
            let choices = recorded.kernel.recordedChoices
            let replay = ChoiceReplay(choices)
            let replayed = Self.run(seed: replaySeed) { $0.choiceStrategy = replay }
            return replayed.log == recorded.log && replay.divergence == nil && replay.replayedCount == choices.count
                && !recorded.log.isEmpty
        }
    }

    @Test func replayingAPrefixFallsBackToTheSeed() {
        let original = Self.run(seed: 11) { $0.recordsChoices = true }
        let choices = original.kernel.recordedChoices
        #expect(choices.count > 10)
        // The same seed: past the end of the list the seed gives what it gave the first time.
        let replay = ChoiceReplay(Array(choices.prefix(choices.count / 2)))
        let replayed = Self.run(seed: 11) {
            $0.choiceStrategy = replay
            $0.recordsChoices = true
        }
        #expect(replayed.log == original.log)
        #expect(replayed.kernel.recordedChoices == choices)
        #expect(replay.replayedCount == choices.count / 2)
        #expect(replay.divergence == nil)
    }

    @Test func aDifferentLabelStopsTheReplayForGood() {
        var choices = [
            RecordedChoice(label: "a", range: 0...100, value: 7, instant: .zero),
            RecordedChoice(label: ChoiceLabel("b", subject: 1), range: 0...100, value: 8, instant: .zero),
            RecordedChoice(label: "c", range: 0...100, value: 9, instant: .zero),
        ]
        let kernel = Kernel(seed: 12)
        let replay = ChoiceReplay(choices)
        kernel.choiceStrategy = replay
        var seeded = SeededGenerator(seed: 12)
        #expect(kernel.draw("a", in: 0...100) == 7)
        _ = seeded.nextInt(in: 0...100)
        // Same name, other subject: a different decision. From here on, the seed.
        #expect(kernel.draw(ChoiceLabel("b", subject: 2), in: 0...100) == seeded.nextInt(in: 0...100))
        #expect(kernel.draw("c", in: 0...100) == seeded.nextInt(in: 0...100))
        #expect(replay.divergence == 1)
        #expect(replay.replayedCount == 1)

        // A recorded value outside a changed range is clamped; a list that ran out is not a divergence.
        choices = [RecordedChoice(label: "a", range: 0...100, value: 70, instant: .zero)]
        let clamped = Kernel(seed: 12)
        let shortReplay = ChoiceReplay(choices)
        clamped.choiceStrategy = shortReplay
        #expect(clamped.draw("a", in: 0...10) == 10)
        _ = clamped.draw("a", in: 0...10)
        #expect(shortReplay.divergence == nil)
        #expect(shortReplay.replayedCount == 1)
    }

    @Test func recordedChoicesSurviveAFileAndReplayInAnotherKernel() throws {
        let original = Self.run(seed: 13) {
            $0.recordsChoices = true
            $0.choiceStrategy = Scramble(seed: 14)
        }
        let data = try JSONEncoder().encode(original.kernel.recordedChoices)
        let decoded = try JSONDecoder().decode([RecordedChoice].self, from: data)
        #expect(decoded == original.kernel.recordedChoices)
        let replayed = Self.run(seed: 15) { $0.choiceStrategy = ChoiceReplay(decoded) }
        #expect(replayed.log == original.log)
    }

    @Test func choiceLabelsCompareByNameThenSubject() {
        let labels: [ChoiceLabel] = ["b", ChoiceLabel("a", subject: 2), "a", ChoiceLabel("a", subject: -1)]
        #expect(labels.sorted() == ["a", ChoiceLabel("a", subject: -1), ChoiceLabel("a", subject: 2), "b"])
        #expect(ChoiceLabel("launch.jitter", subject: 2).description == "launch.jitter(2)")
        #expect(ChoiceLabel("launch.jitter").description == "launch.jitter")
        #expect(ChoiceLabel("x", subject: 1) != ChoiceLabel("x"))
    }
}
