import ScenarioFormat
import SimulationKernel
import SimulationModel
import SimulationReports
import SimulationSupport

/// `bgsim run SCENARIO --seeds 1-100`: one scenario over many seeds, printed as a distribution.
struct SeedsRun {
    var options: RunOptions
    var seeds: [UInt64]

    func execute(console: Console) -> Int32 {
        let input: ScenarioInput
        let scenario: Scenario
        do {
            input = try ScenarioInput.read(options.scenarioPath, console: console)
            scenario = try input.load()
        } catch {
            ErrorReport(error: error, input: ScenarioInput(path: options.scenarioPath, bytes: [])).print(format: options.format, console: console)
            return ExitCode.invalidScenario
        }
        var distribution = SeedDistribution()
        for seed in seeds {
            let simulation = Simulation(
                scenario: scenario, seed: seed, stopAt: options.until, options: Simulation.Options(retention: .keep))
            let result = simulation.run()
            let verdict = RunVerdict(result: result, scenario: scenario, failOn: options.failOn)
            distribution.add(seed: seed, result: result, passed: verdict.passed)
        }
        switch options.format {
        case .text: console.out(text(distribution, scenario: scenario, file: input.name))
        case .json: console.out(json(distribution, scenario: scenario, file: input.name).rendered() + "\n")
        }
        return distribution.failed == 0 ? ExitCode.success : ExitCode.expectationsFailed
    }

    /// The distribution as aligned text.
    func text(_ d: SeedDistribution, scenario: Scenario, file: String) -> String {
        var lines = ["bgsim \(BGSimVersion.current) · \(scenario.name) · \(d.runs) seeds (\(d.seedsText))", ""]
        lines.append("Tasks (launches per run and time to first launch: min / median / max)")
        if d.tasks.isEmpty { lines.append("  none submitted") }
        for task in d.tasks {
            let runs = SeedDistribution.Spread(task.launches).map { "\($0.minimum)/\($0.median)/\($0.maximum)" } ?? "-"
            let first = SeedDistribution.Spread(task.firstLaunch).map {
                "\(TimeText.format(nanoseconds: $0.minimum)) / \(TimeText.format(nanoseconds: $0.median)) / \(TimeText.format(nanoseconds: $0.maximum))"
            } ?? "never"
            lines.append("  \(task.identifier)")
            lines.append("    launches per run \(runs); first launch \(first)")
            lines.append("    launched in \(d.share(task.firstLaunch.count)); expired in \(d.share(task.expiredRuns))")
        }
        lines.append("")
        lines.append("App terminated")
        if d.terminations.isEmpty { lines.append("  never") }
        for termination in d.terminations { lines.append("  \(termination.reason): \(d.share(termination.runs))") }
        lines.append("")
        lines.append("Rules")
        if d.rules.isEmpty { lines.append("  none fired") }
        for rule in d.rules {
            let notice = rule.rule.category == .systemNotice ? ", \(rule.rule.category.words)" : ""
            lines.append("  \(rule.rule.id) \(rule.rule.severity.rawValue)\(notice) \(rule.rule.name): \(d.share(rule.runs))")
        }
        if d.abnormalEndings > 0 { lines.append("  (\(d.share(d.abnormalEndings)) stalled or hit a run limit)") }
        lines.append("")
        lines.append("\(d.runs) runs, \(d.passed) passed, \(d.failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The distribution as a JSON document.
    func json(_ d: SeedDistribution, scenario: Scenario, file: String) -> JSONValue {
        func spread(_ values: [Int64]) -> JSONValue {
            guard let spread = SeedDistribution.Spread(values) else { return .null }
            return .object([("min", .int(spread.minimum)), ("median", .int(spread.median)), ("max", .int(spread.maximum))])
        }
        let tasks = d.tasks.map { task in
            JSONValue.object([
                ("identifier", .string(task.identifier)), ("launchesPerRun", spread(task.launches)),
                ("firstLaunch", spread(task.firstLaunch)), ("launchedRuns", .int(Int64(task.firstLaunch.count))),
                ("expiredRuns", .int(Int64(task.expiredRuns))),
            ])
        }
        return .object([
            ("schemaVersion", .int(RunSummary.schemaVersion)), ("scenario", .string(scenario.name)), ("file", .string(file)),
            ("seeds", .string(d.seedsText)), ("runs", .int(Int64(d.runs))),
            ("passed", .int(Int64(d.passed))), ("failed", .int(Int64(d.failed))),
            ("abnormalEndings", .int(Int64(d.abnormalEndings))),
            ("tasks", .array(tasks)),
            ("terminations", .array(d.terminations.map { .object([("reason", .string($0.reason)), ("runs", .int(Int64($0.runs)))]) })),
            ("rules", .array(d.rules.map {
                .object([
                    ("rule", .string($0.rule.id)), ("severity", .string($0.rule.severity.rawValue)),
                    ("category", .string($0.rule.category.rawValue)), ("runs", .int(Int64($0.runs))),
                ])
            })),
            ("version", .string(BGSimVersion.current)),
        ])
    }
}
