/// A rule of the platform that bgsim checks, with a stable identifier.
///
/// Identifiers (`BGS001`...) never change meaning once released, so that
/// expectations in scenario files and suppressions in CI stay valid.
public struct Rule: Sendable, Hashable, Identifiable {
    /// Whose doing a rule reports: a mistake of the app, or something the system did.
    ///
    /// Severity says how serious a diagnostic is; the category says who could have done otherwise. `bgsim fuzz` and
    /// `bgsim explore` fail a run on an app bug the scenario does not expect, at any severity, and never on a system
    /// notice. Every system notice has severity ``Severity/info``.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// The app's own code, its Info.plist, its server or its test harness could have done otherwise.
        case appBug
        /// The system, the person or the simulator did something: the diagnostic explains a run, it never fails one.
        case systemNotice

        /// The category in words: `app bug` or `system notice`.
        public var words: String {
            switch self {
            case .appBug: "app bug"
            case .systemNotice: "system notice"
            }
        }
    }

    /// The stable identifier, for example `BGS001`.
    public var id: String
    /// A short name in lowerCamelCase, for example `backgroundTaskLeaked`.
    public var name: String
    /// How serious a breach is.
    public var severity: Severity
    /// Whose doing it is: an app bug or a system notice.
    public var category: Category
    /// Why the rule has its category, in one line.
    public var categoryReason: String
    /// One sentence: what the rule checks.
    public var summary: String
    /// What to change in the app.
    public var fix: String
    /// Where the platform documents it.
    public var source: String
}
