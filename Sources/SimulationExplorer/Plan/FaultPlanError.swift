/// A fault plan that cannot be read, or does not fit the scenario it is applied to.
///
/// The message says what is wrong; ``path`` says where in the plan (for
/// example `faults[2].at`), and ``line`` and ``column`` where in its text when
/// the text itself is at fault.
public struct FaultPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one sentence without a trailing period.
    public var message: String
    /// Where in the plan, as a path of keys and indices; empty for the whole plan.
    public var path: String
    /// The line of the text, from 1, when the text is malformed.
    public var line: Int?
    /// The column of the text, from 1, when the text is malformed.
    public var column: Int?
    /// The file the plan was read from, if any.
    public var file: String?

    /// Creates an error about the plan at `path`.
    package init(_ message: String, at path: String = "", line: Int? = nil, column: Int? = nil, file: String? = nil) {
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.file = file
    }

    /// For example `plan.json:3:14: faults[0].at: "31q" has an unknown unit (use ns, us, ms, s, m, h, d or w)`.
    public var description: String {
        var place = file ?? "fault plan"
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return place + ": " + (path.isEmpty ? "" : path + ": ") + message
    }
}
