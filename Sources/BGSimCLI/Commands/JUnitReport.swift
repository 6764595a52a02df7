import SimulationExplorer

/// The JUnit XML of campaign results, the format CI services show as test results.
///
/// One `testsuite` per scenario; one failing `testcase` per failure
/// signature, whose body is the shrunk plan and its replay command; a
/// scenario with no failure has one passing test case. No timing attributes,
/// so the file is the same for any `--jobs`.
enum JUnitReport {
    static func render(_ results: [CampaignResult], command: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let tests = results.reduce(0) { $0 + max(1, $1.failures.count) }
        let failures = results.reduce(0) { $0 + $1.failures.count }
        xml += "<testsuites name=\"bgsim \(command)\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
        for result in results {
            let suite = escape(result.scenarioName)
            xml += "  <testsuite name=\"\(suite)\" tests=\"\(max(1, result.failures.count))\" failures=\"\(result.failures.count)\">\n"
            xml += "    <properties>\n"
            xml += "      <property name=\"scenario\" value=\"\(escape(result.scenario))\"/>\n"
            xml += "      <property name=\"runs\" value=\"\(result.runs)\"/>\n"
            if result.mode == "fuzz" { xml += "      <property name=\"seed\" value=\"\(result.settings.seed)\"/>\n" }
            if let exhausted = result.exhausted { xml += "      <property name=\"exhausted\" value=\"\(exhausted)\"/>\n" }
            xml += "    </properties>\n"
            if result.failures.isEmpty {
                xml += "    <testcase classname=\"bgsim.\(command).\(suite)\" name=\"\(result.runs) runs without failure\"/>\n"
            }
            for group in result.failures {
                let plan = group.replayPlan
                var body = "\(group.signature.summary)\n\(group.count) of \(result.runs) runs; first: run \(group.firstRun)\n"
                body += plan.lines.map { "  \($0)\n" }.joined()
                body += "replay: \(CampaignSummary.replayLine(scenarioPath: result.scenario, plan: plan))\n"
                xml += "    <testcase classname=\"bgsim.\(command).\(suite)\" name=\"\(escape(group.signature.description))\">\n"
                xml += "      <failure message=\"\(escape(group.signature.summary))\" type=\"\(group.signature.kind.rawValue)\">"
                xml += escape(body) + "</failure>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// `text` with the five XML special characters escaped, and control characters XML 1.0 forbids dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
