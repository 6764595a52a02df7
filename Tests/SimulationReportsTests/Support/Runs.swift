import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationReports

/// Runs of the sample scenarios, for the report tests.
enum Runs {
    static let root = ReportsFolder.root

    /// The run of a sample scenario, by name.
    static func result(_ name: String) throws -> (SimulationResult, Scenario) {
        let scenario = try Scenario.load(from: root.appendingPathComponent("Scenarios/\(name).json").path)
        return (Simulation(scenario: scenario).run(), scenario)
    }

    /// The report of a sample scenario, as `bgsim run` makes it.
    static func report(_ name: String) throws -> RunReport {
        let (result, scenario) = try result(name)
        return RunReport(
            result: result, summary: scenario.summary,
            replay: ReplayCommand.line(scenarioPath: "Scenarios/\(name).json", seed: String(result.seed), until: nil))
    }

    /// The names of the three scenarios every renderer is checked against.
    static let names = ["save-on-background", "leaked-assertion-watchdog", "expiration-ends-async"]

    /// Every sample scenario's name.
    static var allNames: [String] {
        ReportsFolder.scenarioPaths().map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    }
}
