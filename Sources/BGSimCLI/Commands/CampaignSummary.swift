import SimulationExplorer
import SimulationKernel
import SimulationModel
import SimulationReports
import SimulationSupport

/// How `bgsim fuzz` and `bgsim explore` print their results: text for people, one JSON document for tools.
enum CampaignSummary {
    /// The one line that replays a failure: `bgsim run <scenario> --faults '<plan>'`, the plan inline so nothing else is needed.
    ///
    /// A rule failure's line carries the campaign's `--fail-on`, so that `bgsim run` fails on the same app bug even
    /// where its own default (a scenario with no `expect` fails on errors only) would let a warning pass.
    static func replayLine(scenarioPath: String, plan: FaultPlan, signature: FailureSignature, failOn: FailOn) -> String {
        "bgsim run \(ReplayCommand.shellQuoted(scenarioPath)) --faults \(ReplayCommand.shellQuoted(plan.compactJSON))"
            + judging(signature, failOn)
    }

    /// ` --fail-on <value>` for a rule failure, or nothing: the judging a replay of `signature` needs.
    static func judging(_ signature: FailureSignature, _ failOn: FailOn) -> String {
        signature.kind == .rule ? " --fail-on \(failOn.rawValue)" : ""
    }

    /// The JSON document of several results: what `--format json` prints and `--output` writes.
    static func document(_ results: [CampaignResult], command: String) -> JSONValue {
        CampaignResult.document(results, tool: "bgsim \(command)")
    }

    /// The text summary of one result.
    ///
    /// - Parameters:
    ///   - reports: The HTML report written for each failure, by signature, if any.
    ///   - speed: A line on how long it took, or nil to leave it out.
    static func text(_ result: CampaignResult, jobs: Int, reports: [(FailureSignature, String)] = [], speed: String? = nil) -> String {
        var lines: [String] = []
        var header = "bgsim \(result.mode) \(BGSimVersion.current) · \(result.scenarioName)"
        if result.mode == "fuzz" { header += " · seed \(result.settings.seed)" }
        if let shard = result.shard { header += " · shard \(shard)" }
        header += " · \(jobs) job\(jobs == 1 ? "" : "s")"
        lines.append(header)
        lines.append("")
        var runs = "\(result.runs) \(result.mode == "explore" ? "schedules" : "runs"): \(result.passed) passed, \(result.failed) failed"
        if result.stoppedEarly { runs += " (stopped by the time budget)" }
        lines.append("Runs         " + runs)
        if let exhausted = result.exhausted {
            lines.append("Space        " + (exhausted
                ? "exhausted: every schedule within the bound was tried"
                : "not exhausted: the bound of \(result.settings.runs) schedules was reached first"))
        }
        lines.append(TextLayout.wrap("Fails on     ", failsOn(result.failOn), width: 100))
        if result.failures.isEmpty {
            lines.append("Failures     none")
        } else {
            lines.append("Failures     \(result.failures.count) distinct")
        }
        for group in result.failures {
            lines.append("")
            lines.append("  ✗ \(group.signature) — \(group.count) run\(group.count == 1 ? "" : "s") (first: run \(group.firstRun))")
            lines.append(TextLayout.wrap("      ", group.signature.summary, width: 100))
            let plan = group.replayPlan
            if let shrunk = group.shrunk {
                lines.append("      Shrunk in \(shrunk.steps.count) step\(shrunk.steps.count == 1 ? "" : "s") (\(shrunk.attempts) runs) to "
                    + "\(plan.faultCount) change\(plan.faultCount == 1 ? "" : "s")\(plan.seed == nil ? "" : " and a seed"):")
            } else {
                lines.append("      Plan (not shrunk):")
            }
            for line in plan.lines { lines.append("        " + line) }
            if plan.lines.isEmpty { lines.append("        the scenario as written") }
            if let steps = group.shrunk?.steps, !steps.isEmpty {
                let numbered = steps.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
                lines.append(TextLayout.wrap("      Steps   ", numbered, width: 100))
            }
            lines.append("      Replay  " + replayLine(scenarioPath: result.scenario, plan: plan, signature: group.signature, failOn: result.failOn))
            if let report = reports.first(where: { $0.0 == group.signature }) { lines.append("      Report  " + report.1) }
        }
        lines.append("")
        lines.append("Rules        " + (result.rules.isEmpty ? "none fired" : result.rules.map { "\($0.rule) \($0.runs)" }.joined(separator: ", ")))
        let reached = result.milestones.filter { $0.runs > 0 }
        lines.append(TextLayout.wrap("Reached      ", reached.isEmpty ? "nothing" : reached.map { "\($0.milestone.name) \($0.runs)" }.joined(separator: ", "), width: 100))
        if !result.unreached.isEmpty {
            lines.append(TextLayout.wrap("Never        ", result.unreached.map(\.name).joined(separator: ", "), width: 100))
        }
        let used = result.faults.filter { $0.injected > 0 }
        lines.append(TextLayout.wrap(
            "Faults       ",
            used.isEmpty ? "none injected" : used.map { "\($0.kind.rawValue) \($0.injected)/\($0.effective)" }.joined(separator: ", ")
                + " (runs injected/took effect)",
            width: 100))
        let never = result.faults.filter { $0.injected == 0 && result.settings.kinds.contains($0.kind) }
        if !never.isEmpty, result.mode == "fuzz" {
            lines.append(TextLayout.wrap("Not injected ", never.map(\.kind.rawValue).joined(separator: ", ") + " (nothing to act on in this scenario)", width: 100))
        }
        lines.append("Digest       \(CampaignSummary.hex(result.digest))")
        if let speed { lines.append("Time         " + speed) }
        lines.append("Result       " + (result.foundFailure ? "FAILURES FOUND" : "no failure found"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Which rules failed a run, in words: the summary's "Fails on" line (properties, endings and run 0's expectations always do).
    static func failsOn(_ failOn: FailOn) -> String {
        let rules = switch failOn {
        case .appBug: "every app bug the scenario does not expect"
        case .warning: "app bug warnings and errors the scenario does not expect"
        case .error: "app bug errors the scenario does not expect"
        case .never: "no rule"
        }
        return "\(rules) (--fail-on \(failOn.rawValue)); never a system notice"
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
