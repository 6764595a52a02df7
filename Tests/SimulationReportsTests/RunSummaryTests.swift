import SimulationModel
import SimulationReports
import Testing

/// The terminal's verdict: each diagnostic shows the fix written for its case, not only the rule's general advice.
@Suite struct RunSummaryTests {
    @Test func theFixShownIsTheDiagnosticsOwn() throws {
        // submit of an identifier this process never registered: the diagnostic's fix is about the submit.
        let (result, _) = try Runs.result("mistake-register-on-feature-flag")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.fix != diagnostic.rule.fix)
        let text = RunSummary.text(result, replay: "bgsim run x", width: 10_000)
        #expect(text.contains("fix: \(diagnostic.fix)"))
        #expect(!text.contains(diagnostic.rule.fix))
    }
}
