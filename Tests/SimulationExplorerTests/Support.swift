import SimulationKernel
import Foundation
import ScenarioFormat
import SimulationExplorer
import SimulationModel

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A sample scenario as a target run by its own steps.
func sample(_ name: String) throws -> ExplorationTarget {
    let path = "Scenarios/\(name).json"
    return ExplorationTarget(scenario: try Scenario.load(from: packageRoot.appendingPathComponent(path).path), path: path)
}

/// A scenario from JSON text, for small apps written in the test.
func scenario(_ text: String) throws -> Scenario {
    try Scenario.decode(Data(text.utf8), file: "test.json")
}

/// A second, for readable instants (`.zero + 31 * second`) and spans.
let second: VirtualDuration = .seconds(1)

/// The trace lines of a run, for byte-for-byte comparisons.
func traceLines(_ result: SimulationResult) -> [String] {
    result.events.map(\.jsonLine)
}
