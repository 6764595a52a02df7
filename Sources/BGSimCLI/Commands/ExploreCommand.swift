import SimulationExplorer

/// `bgsim explore`: systematic exploration of each scenario up to a bound; exit 1 when a failure was found.
struct ExploreCommand {
    var options: ExploreOptions

    func execute(console: Console) -> Int32 {
        var targets: [ExplorationTarget] = []
        for path in options.paths {
            do {
                targets.append(try ExplorationTarget.load(path: path, failOn: options.failOn))
            } catch {
                console.error("bgsim: error: \(error)\n")
                return ExitCode.invalidScenario
            }
        }
        let output = CampaignOutput(
            command: "explore", format: options.format, outputPath: options.outputPath, junitPath: options.junitPath,
            artifactsFolder: options.artifactsFolder, jobs: options.jobs)
        guard let files = output.open(console: console) else { return ExitCode.cannotWrite }
        var results: [CampaignResult] = []
        var speeds: [String?] = []
        for target in targets {
            let progress = CampaignProgress(console: console, label: target.scenario.name)
            let exploration = Exploration(target: target, maximumSchedules: options.maximumSchedules, shrinks: options.shrinks)
            let result = exploration.run(jobs: options.jobs) { progress.update($0) }
            progress.finish()
            results.append(result)
            speeds.append(progress.speed(runs: result.runs))
        }
        return output.finish(results, targets: targets, files: files, speed: speeds, console: console)
    }
}
