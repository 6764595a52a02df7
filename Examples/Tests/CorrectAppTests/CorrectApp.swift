import BackgroundSimulation
import SimulationExplorer
import SimulationTesting
import Testing

/// A correct app on a plain day of use, and the two checks every correct app passes: a day with no diagnostic above
/// info, whatever the seed; and a fuzz campaign over that day that finds nothing to blame on the app.
struct CorrectApp: Sendable {
    /// Where the test keeps it, for replay lines: `JournalAppTests.journal`.
    var name: String
    var app: SimulatedApp
    /// What the person does, from midnight: no fault placed by hand.
    var day: [TimelineEntry]
    var duration: Duration = .seconds(24 * 3_600)

    /// The day, run with `seed`.
    func run(seed: UInt64) -> SimulationResult {
        app.run(day, for: duration, seed: seed)
    }

    /// The day as a scenario, for a campaign.
    func scenario(seed: UInt64) -> Scenario {
        app.scenario(day, for: duration, seed: seed)
    }

    /// One run of a campaign again, from the plan a failure printed: to debug it, or to attach its timeline with
    /// `expectNoDiagnostics(try Self.journal.replay(#"{...}"#))`.
    func replay(_ planJSON: String, seed: UInt64 = 1) throws -> SimulationResult {
        try FaultPlan(json: planJSON).simulation(of: scenario(seed: seed), app: app.makeDelegate).run()
    }

    /// Fuzzes the day with the Swift API (`bgsim fuzz` on the app's own code): `runs` runs of the campaign seeded
    /// from the test's seed (`BGSIM_SEED`, else 1), judged as `bgsim fuzz` judges them (every app bug fails a run,
    /// no system notice does). Records one issue per distinct failure, with the shrunk plan, what fired, and how to
    /// replay it.
    @discardableResult
    func fuzz(runs: Int, sourceLocation: SourceLocation = #_sourceLocation) -> CampaignResult {
        let seed = SimulationSeed.current?.value ?? 1
        let target = ExplorationTarget(scenario: scenario(seed: seed), app: app.makeDelegate)
        let result = Campaign(target: target, settings: CampaignSettings(seed: seed, runs: runs)).run(jobs: 2)
        for group in result.failures {
            Issue.record(Comment(rawValue: report(group, of: result, target: target, seed: seed)), sourceLocation: sourceLocation)
        }
        return result
    }

    /// A failure in words: the signature, how often, the shrunk plan, the diagnostics of its replay, and the replay lines.
    func report(_ group: FailureGroup, of result: CampaignResult, target: ExplorationTarget, seed: UInt64) -> String {
        let plan = group.replayPlan
        var lines = [
            "Fuzzing \(result.scenarioName) failed \(group.count) of \(result.runs) runs on \(group.signature.summary)",
            "  first in run \(group.firstRun) (campaign seed \(seed))\(group.shrunk == nil ? "" : ", shrunk to:")",
        ]
        lines += plan.lines.map { "    \($0)" }
        if let replay = try? target.result(of: plan) {
            lines.append("  the replayed run's diagnostics:")
            lines += replay.diagnostics.map {
                "    \($0.rule.id) \($0.rule.name) (\($0.rule.category.words), \($0.rule.severity.rawValue)) at "
                    + "\($0.time), \($0.subject): \($0.message)"
            }
        }
        lines.append("  plan: \(plan.compactJSON)")
        let filter = Test.current.map { " --filter '\($0.name)'" } ?? ""
        lines.append("replay: \(SimulationSeed.current?.replay ?? "\(SimulationSeed.variable)=\(seed) swift test\(filter)")")
        lines.append("replay one run: try \(name).replay(#\"\(plan.compactJSON)\"#\(seed == 1 ? "" : ", seed: \(seed)"))")
        return lines.joined(separator: "\n")
    }
}

extension TimelineEntry {
    /// What the person or the device does at `hours`:`minutes`:`seconds` of the day.
    static func at(h hours: Int, m minutes: Int = 0, s seconds: Int = 0, _ action: UserAction) -> TimelineEntry {
        .at(.seconds(hours * 3_600 + minutes * 60 + seconds), action)
    }
}

extension UserAction {
    /// The phone goes on its charger.
    static var charging: UserAction {
        var change = ConditionChange()
        change.charging = true
        return .conditions(change)
    }
}

extension DeviceConditions {
    /// A phone locked on the night table at midnight, off its charger.
    static var lockedAtMidnight: DeviceConditions {
        var device = DeviceConditions()
        device.locked = true
        device.batteryLevel = 70
        return device
    }
}

extension SimulationResult {
    /// The names of the checkpoints the app saved, in order.
    var checkpoints: [String] { saved.checkpoints.map(\.name) }

    /// The diagnostics above info: none for a correct app.
    var aboveInfo: [Diagnostic] { diagnostics.filter { $0.severity > .info } }
}

/// The seeds every correct app's day runs with.
let seeds: [UInt64] = [1, 2, 3, 4, 5]
