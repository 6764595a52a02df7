/// A rule of the platform that bgsim checks, with a stable identifier.
///
/// Identifiers (`BGS001`...) never change meaning once released, so that
/// expectations in scenario files and suppressions in CI stay valid.
public struct Rule: Sendable, Hashable, Identifiable {
    /// The stable identifier, for example `BGS001`.
    public var id: String
    /// A short name in lowerCamelCase, for example `backgroundTaskLeaked`.
    public var name: String
    /// How serious a breach is.
    public var severity: Severity
    /// One sentence: what the rule checks.
    public var summary: String
    /// What to change in the app.
    public var fix: String
    /// Where the platform documents it.
    public var source: String
}
