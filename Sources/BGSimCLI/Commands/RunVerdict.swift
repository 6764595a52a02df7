import ScenarioFormat
import SimulationExplorer
import SimulationModel

/// Whether one run of `bgsim run` passes, and every reason it does not.
///
/// The rule (README, `bgsim help run`):
/// - The run must end normally (no stall, no run limit) and every stated
///   expectation must hold; that is ``SimulationResult/passed``.
/// - Without `--fail-on`: a scenario with no `expect` (or an empty one) also
///   fails on any error-severity diagnostic, so that an app the watchdog kills
///   does not pass silently; a scenario with `expect` is judged by its
///   expectations alone (they say which diagnostics are wanted).
/// - With `--fail-on app-bug|warning|error`: any app bug (of that severity or
///   worse) fails the run, whatever the scenario expects; `--fail-on never`
///   turns the diagnostic check off, even for a scenario with no `expect`. A
///   system notice (always info) fails a run only through an expectation.
struct RunVerdict: Sendable, Equatable {
    /// What failed beyond the result's own expectations and ending: one line per rule that fails the run.
    var diagnosticFailures: [String]
    /// The failed expectations and a bad ending, in the summary's words.
    var resultFailures: [String]

    /// Whether the run passes.
    var passed: Bool { diagnosticFailures.isEmpty && resultFailures.isEmpty }

    /// Every reason the run failed, expectations first.
    var failures: [String] { resultFailures + diagnosticFailures }

    /// Judges `result` of `scenario` under `failOn` (nil: the scenario's default).
    init(result: SimulationResult, scenario: Scenario, failOn: FailOn?) {
        resultFailures = result.expectations.filter { !$0.passed }.map { "expected \($0.expectation) — got \($0.actual)" }
        switch result.ending {
        case .completed: break
        case .stalled(let report): resultFailures.append("the run stalled: \(report.description)")
        case .limitExceeded(let message): resultFailures.append("the run was stopped: \(message)")
        }
        let stated = scenario.expectations != Expectations()
        let effective = failOn ?? (stated ? .never : .error)
        diagnosticFailures = []
        let why = failOn == nil ? "the scenario has no expect, so error diagnostics fail it" : "--fail-on \(effective.rawValue)"
        for tally in result.diagnosticCounts where effective.fails(tally.rule) {
            let rule = tally.rule
            diagnosticFailures.append("\(rule.id) \(rule.category.words), \(rule.severity.rawValue) × \(tally.count): \(rule.name) (\(why))")
        }
    }
}
