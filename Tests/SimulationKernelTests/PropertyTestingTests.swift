import SimulationKernel
import Testing

@testable import SimulationTesting

@Suite struct PropertyTestingTests {
    private struct Boom: Error, CustomStringConvertible {
        var value: Int
        var description: String { "boom at \(value)" }
    }

    // MARK: Shrinking finds the minimal counterexample

    @Test(arguments: [0, 1, 2, 3, 42, 99] as [UInt64])
    func integerShrinksToTheBoundary(seed: UInt64) throws {
        let failure = try #require(PropertyCheck.run(seed: seed, Generator.int(in: 0...1000)) { $0 < 100 })
        #expect(failure.original >= 100)
        #expect(failure.shrunk == 100)
        #expect(failure.shrinkSteps > 0 || failure.original == 100)
    }

    @Test func integerShrinksTowardZeroInASignedRange() throws {
        let below = try #require(PropertyCheck.run(seed: 5, Generator.int(in: -1000...1000)) { $0 > -100 })
        #expect(below.shrunk == -100)
        let above = try #require(PropertyCheck.run(seed: 5, Generator.int(in: -1000...1000)) { $0 < 37 })
        #expect(above.shrunk == 37)
    }

    @Test func integerShrinksTowardTheBoundNearerZero() throws {
        let positive = try #require(PropertyCheck.run(seed: 1, Generator.int(in: 10...20)) { _ in false })
        #expect(positive.shrunk == 10)
        let negative = try #require(PropertyCheck.run(seed: 1, Generator.int(in: -20 ... -10)) { _ in false })
        #expect(negative.shrunk == -10)
    }

    @Test func halvingStepsApproachTheValue() {
        #expect(halvingSteps(from: 734, toward: 0) == [0, 367, 551, 643, 689, 712, 723, 729, 732, 733])
        #expect(halvingSteps(from: -8, toward: 0) == [0, -4, -6, -7])
        #expect(halvingSteps(from: 5, toward: 5).isEmpty)
    }

    @Test(arguments: [0, 7, 12345] as [UInt64])
    func arrayShrinksToTheSingleOffendingElement(seed: UInt64) throws {
        let numbers = Generator.int(in: 0...20).array(length: 0...40)
        let failure = try #require(PropertyCheck.run(seed: seed, numbers) { !$0.contains(7) })
        #expect(failure.original.contains(7))
        #expect(failure.shrunk == [7])
    }

    @Test func arrayShrinkingKeepsTheMinimumLength() throws {
        let numbers = Generator.int(in: 0...1000).array(length: 3...30)
        let failure = try #require(PropertyCheck.run(seed: 3, numbers) { _ in false })
        #expect(failure.shrunk == [0, 0, 0])
    }

    @Test func arrayShrinksElementsAfterRemovingThem() throws {
        // Fails when some two elements sum to 100 or more: the minimum is two elements summing to exactly 100.
        let numbers = Generator.int(in: 0...100).array(length: 0...20)
        let failure = try #require(
            PropertyCheck.run(seed: 11, numbers) { $0.count < 2 || $0.sorted().suffix(2).reduce(0, +) < 100 })
        #expect(failure.shrunk.count == 2)
        #expect(failure.shrunk.reduce(0, +) == 100)
    }

    @Test func zipShrinksBothSides() throws {
        let pairs = Generator.zip(Generator.int(in: 0...1000), Generator.int(in: 0...1000))
        let failure = try #require(PropertyCheck.run(seed: 2, pairs) { $0 < 10 || $1 < 10 })
        #expect(failure.shrunk == (10, 10))
        let triples = Generator.zip(Generator.int(in: 0...50), .bool, Generator.element(of: ["a", "b", "c"]))
        let tripleFailure = try #require(PropertyCheck.run(seed: 2, triples) { $0.0 < 5 })
        #expect(tripleFailure.shrunk == (5, false, "a"))
        let quadruples = Generator.zip(
            Generator.int(in: 0...9), Generator.int(in: 0...9), Generator.int(in: 0...9), Generator.int(in: 0...9))
        let quadrupleFailure = try #require(PropertyCheck.run(seed: 2, quadruples) { $0.3 < 4 })
        #expect(quadrupleFailure.shrunk == (0, 0, 0, 4))
    }

    @Test func flatMapShrinksTheOuterValueThenTheInner() throws {
        let sized = Generator.int(in: 0...10).flatMap { count in Generator.int(in: 0...100).array(length: count...count) }
        let failure = try #require(PropertyCheck.run(seed: 4, sized) { $0.count < 3 })
        #expect(failure.shrunk == [0, 0, 0])
    }

    @Test func mapShrinksThroughTheTransform() throws {
        let labels = Generator.int(in: 0...500).map { "item \($0)" }
        let failure = try #require(PropertyCheck.run(seed: 8, labels) { $0.count < 8 })
        #expect(failure.shrunk == "item 100")
    }

    @Test func choicesShrinkTowardTheFirst() throws {
        let element = try #require(PropertyCheck.run(seed: 1, Generator.element(of: ["x", "y", "z"])) { _ in false })
        #expect(element.shrunk == "x")
        let bool = try #require(PropertyCheck.run(seed: 1, Generator<Bool>.bool) { _ in false })
        #expect(bool.shrunk == false)
        let oneOf = Generator<Int>.oneOf(.int(in: 100...200), .int(in: 500...600), .int(in: 900...1000))
        let picked = try #require(PropertyCheck.run(seed: 6, oneOf) { $0 < 500 })
        #expect(picked.shrunk == 500)
    }

    @Test func weightedChoicesFollowTheirWeightsAndSkipZero() throws {
        let weighted = Generator<String>.oneOf(weighted: [(1, .always("rare")), (0, .always("never")), (3, .always("often"))])
        var random = SeededGenerator(seed: 9)
        var counts: [String: Int] = [:]
        for _ in 0..<40_000 { counts[weighted.generate(using: &random), default: 0] += 1 }
        #expect(counts["never"] == nil)
        let rare = try #require(counts["rare"])
        #expect((9_000...11_000).contains(rare))
        #expect(counts["often"] == 40_000 - rare)
        // Shrinking moves toward the first alternative but never onto a zero-weight one.
        let shrunk = try #require(PropertyCheck.run(seed: 3, weighted) { _ in false })
        #expect(shrunk.shrunk == "rare")
        let skipping = Generator<String>.oneOf(weighted: [(0, .always("never")), (1, .always("b")), (1, .always("c"))])
        let skipped = try #require(PropertyCheck.run(seed: 3, skipping) { $0 == "never" })
        #expect(skipped.shrunk == "b")
    }

    @Test func customShrinkFunctionIsFollowed() throws {
        let evens = Generator<Int>({ random in Int(random.nextInt(in: 0...500)) * 2 }, shrink: { $0 > 0 ? [$0 - 2] : [] })
        let failure = try #require(PropertyCheck.run(seed: 1, evens) { $0 < 50 })
        #expect(failure.shrunk == 50)
        let plain = Generator<Int> { random in Int(random.nextInt(in: 100...200)) }
        let unshrunk = try #require(PropertyCheck.run(seed: 1, plain) { _ in false })
        #expect(unshrunk.shrunk == unshrunk.original)
        #expect(unshrunk.shrinkAttempts == 0)
    }

    @Test func integersCoverTheirWholeRangeForEveryWidth() {
        var random = SeededGenerator(seed: 77)
        var sawNegative = false
        var sawPositive = false
        for _ in 0..<1000 {
            let wide = Generator<Int64>.int(in: .min ... .max).generate(using: &random)
            if wide < 0 { sawNegative = true } else { sawPositive = true }
            let unsigned = Generator<UInt64>.int(in: (.max - 3) ... .max).generate(using: &random)
            #expect(unsigned >= .max - 3)
            let small = Generator<Int8>.int(in: -128...127).generate(using: &random)
            #expect((-128...127).contains(small))
        }
        #expect(sawNegative && sawPositive)
    }

    // MARK: Determinism

    @Test func shrinkingIsDeterministic() throws {
        let numbers = Generator.int(in: 0...1000).array(length: 0...50)
        let property: ([Int]) -> Bool = { $0.reduce(0, +) < 800 }
        let first = try #require(PropertyCheck.run(seed: 31, numbers, property))
        let second = try #require(PropertyCheck.run(seed: 31, numbers, property))
        #expect(first.caseSeed == second.caseSeed)
        #expect(first.original == second.original)
        #expect(first.shrunk == second.shrunk)
        #expect(first.shrinkSteps == second.shrinkSteps)
        #expect(first.shrinkAttempts == second.shrinkAttempts)
        #expect(first.shrunk.reduce(0, +) >= 800)
    }

    @Test func generationIsDeterministicForASeed() {
        let generator = Generator.zip(
            Generator.int(in: -5...5).array(length: 0...10), .bool, Generator.element(of: ["a", "b"])
        ).map { "\($0) \($1) \($2)" }
        func sample(_ seed: UInt64) -> [String] {
            var random = SeededGenerator(seed: seed)
            return (0..<20).map { _ in generator.generate(using: &random) }
        }
        #expect(sample(123) == sample(123))
        #expect(sample(123) != sample(124))
    }

    @Test func caseSeedsComeFromTheRunSeed() {
        let seeds = PropertyCheck.caseSeeds(runSeed: 42, count: 4)
        var random = SeededGenerator(seed: 42)
        #expect(seeds == (0..<4).map { _ in random.next() })
        #expect(Set(PropertyCheck.caseSeeds(runSeed: 1, count: 200)).count == 200)
    }

    @Test func aCaseSeedReplaysTheSameCase() throws {
        let numbers = Generator.int(in: 0...1000).array(length: 0...20)
        let failure = try #require(PropertyCheck.run(seed: 5, numbers) { $0.allSatisfy { $0 < 900 } })
        let replay = try #require(PropertyCheck.run(seed: 0, onlyCase: failure.caseSeed, numbers) { $0.allSatisfy { $0 < 900 } })
        #expect(replay.original == failure.original)
        #expect(replay.shrunk == failure.shrunk)
        #expect(replay.caseSeed == failure.caseSeed)
        #expect(replay.passedCases == 0)
        #expect(failure.passedCases == PropertyCheck.caseSeeds(runSeed: 5, count: 200).firstIndex(of: failure.caseSeed))
    }

    // MARK: Runner behaviour

    @Test func passingPropertyRunsEveryIteration() {
        var calls = 0
        let failure = PropertyCheck.run(seed: 1, iterations: 37, Generator.int(in: 0...10)) { _ in
            calls += 1
            return true
        }
        #expect(failure == nil)
        #expect(calls == 37)
    }

    @Test func shrinkAttemptsAreBounded() throws {
        var calls = 0
        let numbers = Generator.int(in: 0...1_000_000).array(length: 50...100)
        let failure = try #require(
            PropertyCheck.run(seed: 1, iterations: 1, maximumShrinkAttempts: 25, numbers) { _ in
                calls += 1
                return false
            })
        #expect(failure.shrinkAttempts == 25)
        #expect(calls == 26)
        let none = try #require(PropertyCheck.run(seed: 1, maximumShrinkAttempts: 0, numbers) { _ in false })
        #expect(none.shrunk == none.original)
        #expect(none.shrinkSteps == 0)
    }

    @Test func throwingCountsAsFailingAndKeepsTheShrunkError() throws {
        let failure = try #require(
            PropertyCheck.run(seed: 1, Generator.int(in: 0...1000)) { value in
                if value >= 300 { throw Boom(value: value) }
                return true
            })
        #expect(failure.shrunk == 300)
        #expect((failure.error as? Boom)?.value == 300)
    }

    // MARK: Seeds from the call and the environment

    @Test func seedsComeFromTheCallThenTheEnvironmentThenTheDefault() throws {
        let environment = ["BGSIM_PROPERTY_SEED": "1234", "BGSIM_PROPERTY_CASE": "99"]
        #expect(
            try PropertyCheck.seeds(explicit: 7, environment: environment)
                == .init(run: 7, runSeedIsExplicit: true, onlyCase: 99))
        #expect(
            try PropertyCheck.seeds(explicit: nil, environment: environment)
                == .init(run: 1234, runSeedIsExplicit: false, onlyCase: 99))
        #expect(
            try PropertyCheck.seeds(explicit: nil, environment: [:])
                == .init(run: PropertyCheck.defaultSeed, runSeedIsExplicit: false, onlyCase: nil))
        #expect(try PropertyCheck.seeds(explicit: nil, environment: ["BGSIM_PROPERTY_SEED": "18446744073709551615"]).run == .max)
    }

    @Test func malformedEnvironmentSeedsAreErrors() {
        #expect(throws: PropertyCheck.EnvironmentError(variable: "BGSIM_PROPERTY_SEED", text: "0x10")) {
            try PropertyCheck.seeds(explicit: nil, environment: ["BGSIM_PROPERTY_SEED": "0x10"])
        }
        #expect(throws: PropertyCheck.EnvironmentError(variable: "BGSIM_PROPERTY_CASE", text: "-1")) {
            try PropertyCheck.seeds(explicit: 3, environment: ["BGSIM_PROPERTY_CASE": "-1"])
        }
        let error = PropertyCheck.EnvironmentError(variable: "BGSIM_PROPERTY_SEED", text: "abc")
        #expect(error.description.contains("BGSIM_PROPERTY_SEED=\"abc\" is not a seed"))
    }

    // MARK: The failure report

    @Test func failureMessageNamesEverythingNeededToReplay() throws {
        let failure = try #require(PropertyCheck.run(seed: 77, Generator.int(in: 0...1000)) { $0 < 100 })
        let message = PropertyCheck.message(
            for: failure, propertyName: "stays under 100",
            seeds: .init(run: 77, runSeedIsExplicit: false, onlyCase: nil), iterations: 200,
            testFilter: "'PropertyTestingTests/example'")
        #expect(message.hasPrefix("Property \"stays under 100\" failed on case \(failure.passedCases + 1) of 200 (case seed"))
        #expect(message.contains("case seed \(failure.caseSeed)"))
        #expect(message.contains("original: \(failure.original)"))
        #expect(message.contains("shrunk:   100"))
        #expect(message.contains("replay: BGSIM_PROPERTY_SEED=77 swift test --filter 'PropertyTestingTests/example'"))
        #expect(message.contains("this case alone: BGSIM_PROPERTY_CASE=\(failure.caseSeed) swift test --filter"))

        let fixed = PropertyCheck.message(
            for: failure, propertyName: nil, seeds: .init(run: 77, runSeedIsExplicit: true, onlyCase: nil),
            iterations: 200, testFilter: nil)
        #expect(fixed.hasPrefix("Property failed"))
        #expect(fixed.contains("replay: swift test  (the run seed 77 is fixed in the test)"))
    }

    @Test func failureMessageIncludesWhatThePropertyThrew() throws {
        let failure = try #require(PropertyCheck.run(seed: 1, Generator.int(in: 0...10)) { throw Boom(value: $0) })
        let message = PropertyCheck.message(
            for: failure, propertyName: nil, seeds: .init(run: 1, runSeedIsExplicit: true, onlyCase: nil),
            iterations: 200, testFilter: nil)
        #expect(message.contains("threw:    boom at 0"))
    }

    @Test func filterSelectsTheCurrentTest() throws {
        let test = try #require(Test.current)
        #expect(PropertyCheck.filter(for: test) == "'PropertyTestingTests/filterSelectsTheCurrentTest'")
    }

    @Test func checkPropertyRecordsOneIssueWithTheReplayLine() {
        withKnownIssue {
            checkProperty("under 100", seed: 5, .int(in: 0...1000)) { $0 < 100 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Property \"under 100\" failed") && text.contains("shrunk:   100 ")
                && text.contains("--filter 'PropertyTestingTests/checkPropertyRecordsOneIssueWithTheReplayLine'")
        }
    }

    @Test func unnamedCheckPropertyRecordsTheIssueToo() {
        withKnownIssue {
            checkProperty(seed: 1, Generator.int(in: 0...10).array(length: 0...5)) { !$0.contains(3) }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("Property failed on case") && text.contains("shrunk:   [3] ")
        }
    }

    @Test func singleCaseMessageSaysSo() throws {
        let failure = try #require(PropertyCheck.run(seed: 0, onlyCase: 12, Generator.int(in: 0...10)) { _ in false })
        let message = PropertyCheck.message(
            for: failure, propertyName: "p", seeds: .init(run: 0, runSeedIsExplicit: false, onlyCase: 12),
            iterations: 200, testFilter: nil)
        #expect(message.hasPrefix("Property \"p\" failed on the single case asked for (case seed 12)."))
        #expect(message.contains("replay: BGSIM_PROPERTY_SEED=0 swift test\n"))
    }

    @Test func checkPropertyPassesQuietly() {
        checkProperty("sorting keeps the count", Generator.int(in: -50...50).array(length: 0...20)) { numbers in
            numbers.sorted().count == numbers.count
        }
    }
}
