import Foundation
import SimulationExplorer
import SimulationKernel
import SimulationReports

/// `bgsim run --faults`: the plan to replay, read from a file or from the option's own text.
enum FaultsOption {
    /// The plan `text` names: JSON itself when it starts with `{`, else the path of a plan file.
    static func plan(_ text: String) throws(FaultPlanError) -> FaultPlan {
        if text.drop(while: \.isWhitespace).hasPrefix("{") { return try FaultPlan(json: text, file: "--faults") }
        return try FaultPlan(contentsOfFile: text)
    }

    /// `bgsim run <scenario> --faults <plan>`, with `--until` when the run was cut short: the plan sets the seed.
    static func replayLine(scenarioPath: String, faults: String, until: Duration?) -> String {
        var parts = ["bgsim", "run", ReplayCommand.shellQuoted(scenarioPath), "--faults", ReplayCommand.shellQuoted(faults)]
        if let until { parts += ["--until", TimeText.formatExact(VirtualDuration(until))] }
        return parts.joined(separator: " ")
    }
}
