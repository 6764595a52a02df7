import PlatformLookalikes
import ScenarioFormat
import SimulationModel

/// `bgsim validate`: checks scenario files without running them.
struct ValidateCommand {
    var options: ValidateOptions

    func execute(console: Console) -> Int32 {
        var failed = false
        for path in options.scenarioPaths {
            do {
                let scenario = try Scenario.load(from: path)
                console.out("\(path): ok (\"\(scenario.name)\", \(scenario.timeline.count) timeline entries, \(scenario.app.actions.count) actions)\n")
            } catch {
                console.error("bgsim: error: \(error)\n")
                failed = true
            }
        }
        return failed ? ExitCode.invalidScenario : ExitCode.success
    }
}
