import SimulationKernel
import SimulationTesting
import Testing
@testable import SimulationExplorer

/// Shrinking never returns a plan that does not fail the same way, and a replayed plan reproduces its failure byte for byte.
@Suite struct ShrinkingPropertyTests {
    static let scenarios = [
        "refresh-expires-while-saving", "continued-progress-at-the-limit", "save-on-background", "expiration-ends-async",
        "database-cleanup-processing",
    ]

    /// A campaign over one of the scenarios, from a seed.
    static var campaigns: Generator<(scenario: String, seed: UInt64)> {
        Generator<Int>.int(in: 0...(scenarios.count - 1)).flatMap { scenario in
            Generator<UInt64>.int(in: 1...1_000_000).map { seed in (scenario: scenarios[scenario], seed: seed) }
        }
    }

    @Test func everyShrunkPlanFailsTheSameWayAndIsNoBigger() throws {
        var shrunkFailures = 0
        checkProperty("a shrunk plan shows its group's signature", iterations: 8, Self.campaigns) { pick in
            let target = try sample(pick.scenario)
            let result = Campaign(target: target, settings: CampaignSettings(seed: pick.seed, runs: 60, shrinkAttempts: 200)).run(jobs: 2)
            for group in result.failures {
                guard let shrunk = group.shrunk else { return false }
                shrunkFailures += 1
                let outcome = try target.outcome(of: shrunk.plan)
                guard outcome.shows(group.signature), outcome.fingerprint.description == shrunk.fingerprint else { return false }
                guard shrunk.plan.faultCount <= group.plan.faultCount else { return false }
            }
            return true
        }
        #expect(shrunkFailures > 0, "no campaign found a failure: the property was never exercised")
    }

    @Test func aReplayedPlanReproducesItsRunByteForByte() throws {
        let target = try sample("refresh-expires-while-saving")
        let result = Campaign(target: target, settings: CampaignSettings(seed: 1, runs: 100)).run(jobs: 2)
        #expect(result.failures.count >= 1)
        for group in result.failures {
            let shrunk = try #require(group.shrunk)
            // Through the plan's text, as a file or a replay command carries it.
            let plan = try FaultPlan(json: shrunk.plan.compactJSON)
            let first = try target.result(of: plan)
            let second = try target.result(of: plan)
            #expect(traceLines(first) == traceLines(second))
            #expect(first.fingerprint.description == shrunk.fingerprint)
            #expect(first.diagnostics.map(\.rule.id).contains(group.signature.id) || group.signature.kind != .rule)
            // The first failing run, as the campaign planned it, replays too.
            #expect(try target.outcome(of: group.plan).fingerprint.description == group.fingerprint)
        }
    }

    @Test func shrinkingIsDeterministic() throws {
        let target = try sample("continued-progress-at-the-limit")
        let plan = try Campaign(target: target, settings: CampaignSettings(seed: 2, runs: 10)).plan(ofRun: 1)
        let outcome = try target.outcome(of: plan)
        guard let signature = outcome.failures.first else { return }
        var first = Shrinker(target: target, signature: signature, maximumAttempts: 300)
        var second = Shrinker(target: target, signature: signature, maximumAttempts: 300)
        #expect(first.shrink(plan) == second.shrink(plan))
    }

    @Test func aPlanThatDoesNotFailDoesNotShrink() throws {
        let target = try sample("save-on-background")
        var shrinker = Shrinker(target: target, signature: FailureSignature(.rule, "BGS001"), maximumAttempts: 50)
        #expect(shrinker.shrink(FaultPlan()) == nil)
        #expect(shrinker.attempts == 1)
    }
}
