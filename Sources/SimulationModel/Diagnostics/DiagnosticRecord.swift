/// `diagnostic`: a rule was broken.
///
/// Holds the rule's words as written, so a trace read back from a file
/// shows what the version that wrote it said, even for a rule this
/// version no longer has.
public struct DiagnosticRecord: Sendable, Hashable {
    /// The rule's stable identifier, for example `BGS001`.
    public var rule: String
    /// The rule's short name.
    public var name: String
    /// How serious the rule's breach is.
    public var severity: Severity
    /// What it concerns.
    public var subject: String
    /// What happened.
    public var message: String
    /// What to change in the app.
    public var fix: String
    /// The process concerned, if any.
    public var process: Int?

    /// The record of `diagnostic`.
    package init(_ diagnostic: Diagnostic) {
        rule = diagnostic.rule.id
        name = diagnostic.rule.name
        severity = diagnostic.severity
        subject = diagnostic.subject
        message = diagnostic.message
        fix = diagnostic.fix
        process = diagnostic.process
    }
}

extension DiagnosticRecord: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("fix", fix)
        fields.add("message", message)
        fields.add("name", name)
        fields.add("process", ifPresent: process)
        fields.add("rule", rule)
        fields.add("severity", severity)
        fields.add("subject", subject)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        rule = try fields.string("rule")
        name = try fields.string("name")
        severity = try fields.choice("severity")
        subject = try fields.string("subject")
        message = try fields.string("message")
        fix = try fields.string("fix")
        process = try fields.smallCountIfPresent("process")
    }
}
