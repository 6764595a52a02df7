import Foundation
import ScenarioFormat
import SimulationExplorer
import SimulationModel
import SimulationReports

/// `bgsim fuzz`: runs a campaign per scenario (or one shard of it), or merges shard results; exit 1 when a failure was found.
struct FuzzCommand {
    var options: FuzzOptions

    private var output: CampaignOutput {
        CampaignOutput(
            command: "fuzz", format: options.format, outputPath: options.outputPath, junitPath: options.junitPath,
            artifactsFolder: options.artifactsFolder, jobs: options.jobs)
    }

    func execute(console: Console) -> Int32 {
        options.merge ? merge(console: console) : fuzz(console: console)
    }

    private func fuzz(console: Console) -> Int32 {
        var targets: [ExplorationTarget] = []
        for path in options.paths {
            do {
                targets.append(try ExplorationTarget.load(path: path, failOn: options.failOn))
            } catch {
                console.error("bgsim: error: \(error)\n")
                return ExitCode.invalidScenario
            }
        }
        guard let files = output.open(console: console) else { return ExitCode.cannotWrite }
        var results: [CampaignResult] = []
        var speeds: [String?] = []
        for target in targets {
            let progress = CampaignProgress(console: console, label: target.scenario.name)
            var shouldStop: (@Sendable () -> Bool)?
            if let budget = options.timeBudget {
                let deadline = ContinuousClock.now.advanced(by: budget)
                shouldStop = { ContinuousClock.now >= deadline }
            }
            let result = Campaign(target: target, settings: options.settings)
                .run(jobs: options.jobs, shard: options.shard, shouldStop: shouldStop) { progress.update($0) }
            progress.finish()
            results.append(result)
            speeds.append(progress.speed(runs: result.runs))
        }
        return output.finish(results, targets: targets, files: files, speed: speeds, console: console)
    }

    private func merge(console: Console) -> Int32 {
        // Each file holds the campaigns of one shard; campaigns of one scenario are merged together, in first-seen order.
        var groups: [(scenario: String, parts: [CampaignResult])] = []
        for path in options.paths {
            do {
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    throw FaultPlanError("cannot read the file", file: path)
                }
                for campaign in try Self.campaigns(in: text, file: path) {
                    if let index = groups.firstIndex(where: { $0.scenario == campaign.scenario }) {
                        groups[index].parts.append(campaign)
                    } else {
                        groups.append((campaign.scenario, [campaign]))
                    }
                }
            } catch {
                console.error("bgsim: error: \(error)\n")
                return ExitCode.invalidScenario
            }
        }
        var results: [CampaignResult] = []
        for group in groups {
            do {
                let merged = try CampaignResult.merged(group.parts)
                if let shard = merged.shard {
                    console.error("bgsim: warning: \(group.scenario): only \(group.parts.count) of \(shard.count) shards were given; the result is partial\n")
                }
                results.append(merged)
            } catch {
                console.error("bgsim: error: \(group.scenario): \(error.message)\n")
                return ExitCode.invalidScenario
            }
        }
        guard let files = output.open(console: console) else { return ExitCode.cannotWrite }
        // Reports need the scenario; when its file is where the shards found it, they are written too.
        let targets = results.map { try? ExplorationTarget.load(path: $0.scenario, failOn: $0.failOn) }
        return output.finish(results, targets: targets, files: files, speed: results.map { _ in nil }, console: console)
    }

    /// The campaign results in a document `--output` wrote.
    static func campaigns(in text: String, file: String) throws(FaultPlanError) -> [CampaignResult] {
        try CampaignResult.campaigns(inDocument: text, file: file)
    }
}
