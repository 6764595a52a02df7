import ScenarioFormat
import SimulationModel

/// Decides which failures a run of a campaign shows, from its result, what was observed of its trace, and the scenario's expectations.
///
/// A fault legitimately changes how a run ends (a memory-pressure kill is a
/// termination the scenario did not expect), so perturbed runs are judged
/// by what holds for any correct app under any fault:
///
/// - **rules**: a rule fires that the scenario does not list in
///   `expect.diagnostics`, and it is an error, or the scenario lists its
///   diagnostics (then every other rule is unexpected), or it is more severe
///   than `expect.maximumSeverity`;
/// - **properties** (``Property``): unless the scenario expects the rule or
///   the termination that breaks them, and unless a rule failure of the
///   same run already says it;
/// - **endings**: a stall (unless BGS008 already says it) or a run limit.
///
/// The unperturbed run (the empty plan) is also judged by every expectation
/// of the scenario, as `bgsim run` judges it: `terminations`, `saved`,
/// `finalState` and `outputs` describe that run, not perturbed ones.
struct Judge: Sendable {
    /// The rules the scenario expects to fire; nil when it does not list them.
    let expectedRules: [String]?
    let maximumSeverity: Severity?
    let expectsWatchdog: Bool

    /// The judge of a scenario's runs.
    init(expectations: Expectations) {
        expectedRules = expectations.diagnostics
        maximumSeverity = expectations.maximumSeverity
        expectsWatchdog = expectations.terminations?.contains(.watchdog) ?? false
    }

    private func expects(_ id: String) -> Bool { expectedRules?.contains(id) ?? false }

    /// Whether a rule that fired is a failure.
    func isFailure(_ rule: Rule) -> Bool {
        if expects(rule.id) { return false }
        if rule.severity == .error || expectedRules != nil { return true }
        if let maximumSeverity, rule.severity > maximumSeverity { return true }
        return false
    }

    /// The failures of a run, sorted, each once.
    func failures(of result: SimulationResult, observed: RunObserver, unperturbed: Bool) -> [FailureSignature] {
        var failures: [FailureSignature] = []
        var fired: [Rule] = []
        for diagnostic in result.diagnostics where !fired.contains(where: { $0.id == diagnostic.rule.id }) {
            fired.append(diagnostic.rule)
        }
        let failedRules = fired.filter(isFailure)
        failures += failedRules.map(FailureSignature.rule)
        func holds(_ property: Property, broken: Bool) {
            guard broken else { return }
            // Acknowledged: the scenario expects the rule that breaks it; said already: a rule failure of this run explains it.
            if property.rules.contains(where: expects) || (property == .neverWatchdog && expectsWatchdog) { return }
            if failedRules.contains(where: { property.rules.contains($0.id) }) { return }
            failures.append(.property(property))
        }
        holds(.taskEndsOnce, broken: observed.endWithoutStart)
        holds(.completedOnce, broken: fired.contains { $0.id == Rules.taskCompletedTwice.id })
        holds(.noSuccessAfterExpiry, broken: observed.successAfterExpiry)
        holds(.noWorkLost, broken: fired.contains { Property.noWorkLost.rules.contains($0.id) })
        holds(.neverWatchdog, broken: observed.watchdogKill)
        switch result.ending {
        case .completed: break
        case .stalled:
            if !failedRules.contains(where: { $0.id == Rules.handlerStalled.id }) { failures.append(FailureSignature(.ending, "stalled")) }
        case .limitExceeded: failures.append(FailureSignature(.ending, "limitExceeded"))
        }
        if unperturbed {
            for expectation in result.expectations where !expectation.passed {
                failures.append(FailureSignature(.expectation, expectation.expectation))
            }
        }
        return failures.sorted()
    }
}
