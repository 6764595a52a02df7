import SimulationModel

/// Which diagnostics make `bgsim run` fail (`--fail-on`).
enum FailOn: String, CaseIterable, Equatable, Sendable {
    /// A warning or an error fails the run.
    case warning
    /// An error fails the run.
    case error
    /// No diagnostic fails the run; only expectations and how the run ended decide.
    case never

    /// The least severe diagnostic that fails the run, or nil for ``never``.
    var threshold: Severity? {
        switch self {
        case .warning: .warning
        case .error: .error
        case .never: nil
        }
    }
}
