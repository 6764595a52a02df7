import SimulationExplorer

/// The JUnit XML of campaign results (``JUnitXML``).
///
/// One `testsuite` per scenario; one failing `testcase` per failure
/// signature, whose body is the shrunk plan and its replay command; a
/// scenario with no failure has one passing test case. No timing attributes,
/// so the file is the same for any `--jobs`.
enum JUnitReport {
    static func render(_ results: [CampaignResult], command: String) -> String {
        let suites = results.map { result in
            let suite = result.scenarioName
            var properties = [(name: "scenario", value: result.scenario), (name: "runs", value: "\(result.runs)")]
            if result.mode == "fuzz" { properties.append(("seed", "\(result.settings.seed)")) }
            properties.append(("failOn", result.failOn.rawValue))
            if let exhausted = result.exhausted { properties.append(("exhausted", "\(exhausted)")) }
            var cases: [JUnitXML.TestCase] = []
            if result.failures.isEmpty {
                cases.append(JUnitXML.TestCase(classname: "bgsim.\(command).\(suite)", name: "\(result.runs) runs without failure"))
            }
            for group in result.failures {
                let plan = group.replayPlan
                var body = "\(group.signature.summary)\n\(group.count) of \(result.runs) runs; first: run \(group.firstRun)\n"
                body += plan.lines.map { "  \($0)\n" }.joined()
                body += "replay: "
                    + CampaignSummary.replayLine(scenarioPath: result.scenario, plan: plan, signature: group.signature, failOn: result.failOn) + "\n"
                cases.append(JUnitXML.TestCase(
                    classname: "bgsim.\(command).\(suite)", name: group.signature.description,
                    failure: (group.signature.summary, group.signature.kind.rawValue, body)))
            }
            return JUnitXML.Suite(name: suite, properties: properties, cases: cases)
        }
        return JUnitXML(name: "bgsim \(command)", suites: suites).rendered()
    }
}
