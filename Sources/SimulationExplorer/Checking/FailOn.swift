import SimulationModel

/// Which rules that fire fail a run: every app bug, app bugs of a severity or worse, or none (`--fail-on`).
///
/// A system notice (``SimulationModel/Rule/Category/systemNotice``) never fails a run, whatever the setting:
/// it says what the system did, not what the app did wrong. `bgsim fuzz` and `bgsim explore` judge with
/// ``appBug`` unless told otherwise; `bgsim run` takes the same values, with a default of its own (a scenario
/// with no `expect` fails on error diagnostics).
public enum FailOn: String, CaseIterable, Sendable, Hashable {
    /// Every app bug fails the run, whatever its severity.
    case appBug = "app-bug"
    /// An app bug of severity warning or error fails the run.
    case warning
    /// An app bug of severity error fails the run.
    case error
    /// No rule fails the run; only properties, endings and expectations decide.
    case never

    /// Whether a diagnostic of `rule` fails a run under this setting, before what the scenario expects is considered.
    public func fails(_ rule: Rule) -> Bool {
        guard rule.category == .appBug else { return false }
        switch self {
        case .appBug: return true
        case .warning: return rule.severity >= .warning
        case .error: return rule.severity >= .error
        case .never: return false
        }
    }
}
