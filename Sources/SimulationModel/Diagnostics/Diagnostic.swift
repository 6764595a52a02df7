import SimulationKernel

/// One breach of a rule, pinned to the instant it happened.
public struct Diagnostic: Sendable, Hashable {
    /// The rule broken.
    public var rule: Rule
    /// When.
    public var time: VirtualInstant
    /// The app process concerned (1 for the first launch), if any.
    public var process: Int?
    /// What it concerns, for example `background task 2 ("Save draft")`.
    public var subject: String
    /// What happened, in the platform's own words where it has them.
    public var message: String
    /// What to change in the app for this case: the rule's fix, or advice that fits the case better
    /// (a processing task's expiry is not fixed the way a refresh's is).
    public var fix: String

    /// Creates a diagnostic; `fix` defaults to the rule's.
    package init(rule: Rule, time: VirtualInstant, process: Int?, subject: String, message: String, fix: String? = nil) {
        self.rule = rule
        self.time = time
        self.process = process
        self.subject = subject
        self.message = message
        self.fix = fix ?? rule.fix
    }

    /// The severity, from the rule.
    public var severity: Severity { rule.severity }
}
