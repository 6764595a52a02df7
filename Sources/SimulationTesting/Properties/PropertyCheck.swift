import Foundation
import SimulationKernel

/// The engine behind `checkProperty`: runs a property over generated cases and shrinks the first failure.
///
/// Use it directly to look at a failure without failing the test, for
/// example to test a generator's shrinking:
///
/// ```swift
/// let failure = PropertyCheck.run(seed: 1, Generator.int(in: 0...1000)) { $0 < 100 }
/// #expect(failure?.shrunk == 100)
/// ```
public enum PropertyCheck {
    /// The run seed used when neither the call nor `BGSIM_PROPERTY_SEED` gives one.
    public static let defaultSeed: UInt64 = 0xB651_5EED

    /// How many candidates shrinking tries at most, so that a slow property cannot shrink forever.
    public static let defaultMaximumShrinkAttempts = 1000

    /// The environment variable that sets the run seed, as a decimal `UInt64`.
    public static let seedVariable = "BGSIM_PROPERTY_SEED"

    /// The environment variable that runs one case alone, by its decimal case seed.
    public static let caseVariable = "BGSIM_PROPERTY_CASE"

    /// Runs `property` on `iterations` generated cases and returns the first failure, shrunk; nil if every case passed.
    ///
    /// Case `i` is generated from the `i`-th number of a `SeededGenerator`
    /// seeded with `seed`, so a run is reproducible from its seed alone.
    /// With `onlyCase`, runs the one case generated from that case seed.
    /// A property fails by returning `false` or by throwing.
    public static func run<Value>(
        seed: UInt64,
        iterations: Int = 200,
        onlyCase: UInt64? = nil,
        maximumShrinkAttempts: Int = defaultMaximumShrinkAttempts,
        _ generator: Generator<Value>,
        _ property: (Value) throws -> Bool
    ) -> PropertyFailure<Value>? {
        precondition(iterations > 0, "a property needs at least one iteration")
        precondition(maximumShrinkAttempts >= 0, "the shrink attempt limit cannot be negative")
        let caseSeeds = onlyCase.map { [$0] } ?? self.caseSeeds(runSeed: seed, count: iterations)
        for (index, caseSeed) in caseSeeds.enumerated() {
            var random = SeededGenerator(seed: caseSeed)
            let tree = generator.makeTree(&random)
            let outcome = evaluate(property, tree.value)
            guard outcome.failed else { continue }
            let shrunk = shrink(tree, firstError: outcome.error, maximumAttempts: maximumShrinkAttempts) {
                evaluate(property, $0)
            }
            return PropertyFailure(
                runSeed: seed, caseSeed: caseSeed, passedCases: index, original: tree.value,
                shrunk: shrunk.value, shrinkSteps: shrunk.steps, shrinkAttempts: shrunk.attempts,
                error: shrunk.error)
        }
        return nil
    }

    /// The seeds of the first `count` cases of a run.
    static func caseSeeds(runSeed: UInt64, count: Int) -> [UInt64] {
        var random = SeededGenerator(seed: runSeed)
        return (0..<count).map { _ in random.next() }
    }

    private static func evaluate<Value>(
        _ property: (Value) throws -> Bool, _ value: Value
    ) -> (failed: Bool, error: (any Error)?) {
        do {
            return (try !property(value), nil)
        } catch {
            return (true, error)
        }
    }

    /// Walks the tree greedily: moves to the first candidate that still fails, until none does or attempts run out.
    static func shrink<Value>(
        _ root: Shrinkable<Value>,
        firstError: (any Error)?,
        maximumAttempts: Int,
        _ evaluate: (Value) -> (failed: Bool, error: (any Error)?)
    ) -> (value: Value, steps: Int, attempts: Int, error: (any Error)?) {
        var current = root
        var error = firstError
        var steps = 0
        var attempts = 0
        search: while attempts < maximumAttempts {
            for candidate in current.shrinks() {
                guard attempts < maximumAttempts else { break search }
                attempts += 1
                let outcome = evaluate(candidate.value)
                if outcome.failed {
                    current = candidate
                    error = outcome.error
                    steps += 1
                    continue search
                }
            }
            break
        }
        return (current.value, steps, attempts, error)
    }
}

extension PropertyCheck {
    /// Where a run's seeds came from, once the call and the environment are read.
    struct Seeds: Equatable {
        var run: UInt64
        /// Whether the call fixed the run seed, so that `BGSIM_PROPERTY_SEED` does not change it.
        var runSeedIsExplicit: Bool
        var onlyCase: UInt64?
    }

    /// A seed in the environment that is not a decimal `UInt64`.
    struct EnvironmentError: Error, Equatable, CustomStringConvertible {
        var variable: String
        var text: String

        var description: String {
            "\(variable)=\"\(text)\" is not a seed; write a decimal number from 0 to \(UInt64.max), "
                + "for example \(variable)=42, or unset it"
        }
    }

    /// The run seed: the call's, else `BGSIM_PROPERTY_SEED`, else the default; and the single case to run, if any.
    static func seeds(explicit: UInt64?, environment: [String: String]) throws(EnvironmentError) -> Seeds {
        func read(_ variable: String) throws(EnvironmentError) -> UInt64? {
            guard let text = environment[variable] else { return nil }
            guard let value = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
                throw EnvironmentError(variable: variable, text: text)
            }
            return value
        }
        let onlyCase = try read(caseVariable)
        if let explicit {
            return Seeds(run: explicit, runSeedIsExplicit: true, onlyCase: onlyCase)
        }
        return Seeds(run: try read(seedVariable) ?? defaultSeed, runSeedIsExplicit: false, onlyCase: onlyCase)
    }
}
