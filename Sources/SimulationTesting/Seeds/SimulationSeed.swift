import Foundation
import Testing

/// The seed of the simulations a test runs, and the command line that runs the test again with it.
///
/// Set by the ``SeededSimulationTrait`` trait (`@Test(.seeded)`), read by
/// ``SimulatedApp``'s `run` methods when no seed is given, and
/// printed by the expectations of this module when they fail:
///
/// ```swift
/// @Test(.seeded) func refreshReschedulesItself() {
///     let result = app.run(timeline, for: .hours(24))   // seeded from BGSIM_SEED, or 1
///     expectNoDiagnostics(result)                        // on failure: "replay: BGSIM_SEED=1 swift test --filter ..."
/// }
/// ```
public struct SimulationSeed: Sendable, Hashable {
    /// The environment variable that sets the seed of a test marked `.seeded`, as a decimal number.
    public static let variable = "BGSIM_SEED"

    /// The seed of the test running now, if it is marked `.seeded`.
    @TaskLocal public static var current: SimulationSeed?

    /// The seed.
    public var value: UInt64
    /// Whether the trait fixed it, so that the environment cannot change it.
    public var isFixed: Bool
    /// `swift test --filter` with the test's name, if known.
    public var filter: String?

    /// The command that runs the test again with this seed.
    public var replay: String {
        let filter = self.filter.map { " --filter \($0)" } ?? ""
        return isFixed ? "swift test\(filter)  (the seed \(value) is fixed in the test)" : "\(Self.variable)=\(value) swift test\(filter)"
    }

    /// The replay line of the test running now: its seed's, or, without one, how to rerun the test.
    static var replayLine: String {
        if let current { return "replay: \(current.replay)" }
        let filter = Test.current.map { " --filter \(PropertyCheck.filter(for: $0))" } ?? ""
        return "replay: swift test\(filter)"
    }
}

/// A test trait that seeds the simulations of a test and prints how to replay it when it fails.
///
/// The seed is the trait's own (`.seeded(42)`), else the decimal value of
/// `BGSIM_SEED`, else 1: never the time, so a CI failure reproduces on a
/// laptop. On a suite, it applies to every test in it.
public struct SeededSimulationTrait: TestTrait, SuiteTrait, TestScoping {
    /// The seed fixed by the test, if any.
    public var seed: UInt64?

    /// A seeded suite seeds each of its tests.
    public var isRecursive: Bool { true }

    /// Runs the test with its ``SimulationSeed`` bound; prints the replay line if the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let environment = ProcessInfo.processInfo.environment[SimulationSeed.variable]
        let value: UInt64
        if let seed {
            value = seed
        } else if let environment {
            guard let parsed = UInt64(environment.trimmingCharacters(in: .whitespaces)) else {
                Issue.record(Comment(rawValue: "\(SimulationSeed.variable)=\"\(environment)\" is not a seed; write a decimal number, for example \(SimulationSeed.variable)=42"))
                return
            }
            value = parsed
        } else {
            value = 1
        }
        let current = SimulationSeed(value: value, isFixed: seed != nil, filter: PropertyCheck.filter(for: test))
        try await SimulationSeed.$current.withValue(current) {
            do {
                try await function()
            } catch {
                print("\(test.name) threw with simulation seed \(value); replay: \(current.replay)")
                throw error
            }
        }
    }
}

extension Trait where Self == SeededSimulationTrait {
    /// Seeds the test's simulations from `BGSIM_SEED`, or 1, and says how to replay a failure.
    public static var seeded: Self { SeededSimulationTrait(seed: nil) }

    /// Seeds the test's simulations with `seed`.
    public static func seeded(_ seed: UInt64) -> Self { SeededSimulationTrait(seed: seed) }
}
