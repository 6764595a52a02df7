import ScenarioFormat
import SimulationModel

/// Decides which failures a run of a campaign shows, from its result, what was observed of its trace, and the scenario's expectations.
///
/// A fault legitimately changes how a run ends (a memory-pressure kill is a
/// termination the scenario did not expect), so perturbed runs are judged
/// by what holds for any correct app under any fault:
///
/// - **rules**: an app bug (``SimulationModel/Rule/Category/appBug``) fires
///   that the scenario does not list in `expect.diagnostics` or
///   `expect.allowedDiagnostics`, and ``FailOn`` counts it (by default every
///   app bug, at any severity). A system notice never fails a run, whatever
///   `expect` lists: it says what the system did;
/// - **properties** (``Property``): broken only through app bugs, unless the
///   scenario expects the rule or the termination that breaks them, and
///   unless a rule failure of the same run already says it;
/// - **endings**: a stall (unless BGS008 already says it) or a run limit.
///
/// The unperturbed run (the empty plan) is also judged by every expectation
/// of the scenario, as `bgsim run` judges it: `diagnostics` (exactly these
/// rules fired, notices included), `maximumSeverity`, `terminations`,
/// `saved`, `finalState` and `outputs` describe that run, not perturbed ones.
struct Judge: Sendable {
    /// The rules the scenario expects or allows to fire: in perturbed runs, the app bugs that are known, not findings.
    let expectedRules: [String]
    /// Which app bugs fail a run.
    let failOn: FailOn
    let expectsWatchdog: Bool

    /// The judge of a scenario's runs: by default every app bug the scenario does not expect fails a run.
    init(expectations: Expectations, failOn: FailOn = .appBug) {
        expectedRules = (expectations.diagnostics ?? []) + (expectations.allowedDiagnostics ?? [])
        self.failOn = failOn
        expectsWatchdog = expectations.terminations?.contains(.watchdog) ?? false
    }

    private func expects(_ id: String) -> Bool { expectedRules.contains(id) }

    /// Whether a rule that fired is a failure: an app bug the scenario does not expect, that ``failOn`` counts.
    func isFailure(_ rule: Rule) -> Bool {
        !expects(rule.id) && failOn.fails(rule)
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
        // A property blames the app only through an app bug: a system notice among its rules breaks nothing.
        let appBugs = fired.filter { $0.category == .appBug }
        func holds(_ property: Property, broken: Bool) {
            guard broken else { return }
            // Acknowledged: the scenario expects the rule that breaks it; said already: a rule failure of this run explains it.
            if property.rules.contains(where: expects) || (property == .neverWatchdog && expectsWatchdog) { return }
            if failedRules.contains(where: { property.rules.contains($0.id) }) { return }
            failures.append(.property(property))
        }
        holds(.taskEndsOnce, broken: observed.endWithoutStart)
        holds(.completedOnce, broken: appBugs.contains { Property.completedOnce.rules.contains($0.id) })
        holds(.noSuccessAfterExpiry, broken: observed.successAfterExpiry)
        holds(.noWorkLost, broken: appBugs.contains { Property.noWorkLost.rules.contains($0.id) })
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
