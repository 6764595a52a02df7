import Foundation
import SimulationExplorer
import SimulationModel
import SimulationReports

/// What `bgsim fuzz` and `bgsim explore` share once results exist: printing, the JSON and JUnit files, and each
/// failure's plan and HTML report.
struct CampaignOutput {
    var command: String
    var format: OutputFormat
    var outputPath: String?
    var junitPath: String?
    var artifactsFolder: String?
    var jobs: Int

    /// Opens the output files before any run, so that a wrong folder fails at once; nil and a message if one cannot be.
    func open(console: Console) -> (output: AtomicFile?, junit: AtomicFile?)? {
        var output: AtomicFile?
        var junit: AtomicFile?
        do {
            if let outputPath { output = try AtomicFile(path: outputPath) }
            if let junitPath { junit = try AtomicFile(path: junitPath) }
        } catch {
            output?.discard()
            console.error("bgsim: error: \(error)\n")
            return nil
        }
        if let artifactsFolder {
            do {
                try FileManager.default.createDirectory(atPath: artifactsFolder, withIntermediateDirectories: true)
            } catch {
                output?.discard()
                junit?.discard()
                console.error("bgsim: error: cannot create the folder \(artifactsFolder): \(error.localizedDescription)\n")
                return nil
            }
        }
        return (output, junit)
    }

    /// Writes each failure's replay plan and HTML report into the artifacts folder; returns the report paths by signature.
    func writeArtifacts(
        of result: CampaignResult, target: ExplorationTarget
    ) throws(AtomicFile.WriteError) -> [(FailureSignature, String)] {
        guard let artifactsFolder else { return [] }
        var reports: [(FailureSignature, String)] = []
        for group in result.failures {
            let slug = "\(group.signature.kind.rawValue)-\(group.signature.id)".map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
            let base = (artifactsFolder.hasSuffix("/") ? artifactsFolder : artifactsFolder + "/") + "\(result.scenarioName).\(String(slug))"
            let plan = group.replayPlan
            let planPath = base + ".plan.json"
            try AtomicFile.write(plan.json.rendered() + "\n", to: planPath)
            guard let run = try? target.result(of: plan) else { continue }
            let summary = "bgsim \(command) found \(group.signature): \(group.signature.summary) "
                + "(\(group.count) of \(result.runs) runs). The plan of this run: "
                + (plan.lines.isEmpty ? "the scenario as written." : plan.lines.joined(separator: "; ") + ".")
            let replay = "bgsim run \(ReplayCommand.shellQuoted(result.scenario)) --faults \(ReplayCommand.shellQuoted(planPath))"
                + CampaignSummary.judging(group.signature, result.failOn)
            let htmlPath = base + ".html"
            try AtomicFile.write(HTMLReport().render(RunReport(result: run, summary: summary, replay: replay)), to: htmlPath)
            reports.append((group.signature, htmlPath))
        }
        return reports
    }

    /// Prints and writes the results; the exit status: 1 when a failure was found.
    func finish(
        _ results: [CampaignResult], targets: [ExplorationTarget?], files: (output: AtomicFile?, junit: AtomicFile?),
        speed: [String?], console: Console
    ) -> Int32 {
        var text = ""
        for (index, result) in results.enumerated() {
            var reports: [(FailureSignature, String)] = []
            if let target = targets[index] {
                do {
                    reports = try writeArtifacts(of: result, target: target)
                } catch {
                    files.output?.discard()
                    files.junit?.discard()
                    console.error("bgsim: error: \(error)\n")
                    return ExitCode.cannotWrite
                }
            }
            if format == .text { text += (index > 0 ? "\n" : "") + CampaignSummary.text(result, jobs: jobs, reports: reports, speed: speed[index]) }
        }
        let document = CampaignSummary.document(results, command: command)
        do {
            if let output = files.output {
                output.write(document.rendered() + "\n")
                try output.commit()
            }
            if let junit = files.junit {
                junit.write(JUnitReport.render(results, command: command))
                try junit.commit()
            }
        } catch {
            files.junit?.discard()
            console.error("bgsim: error: \(error)\n")
            return ExitCode.cannotWrite
        }
        console.out(format == .json ? document.rendered() + "\n" : text)
        return results.contains(where: \.foundFailure) ? ExitCode.expectationsFailed : ExitCode.success
    }
}
