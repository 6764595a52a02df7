/// One expectation of a scenario, checked against its run.
public struct ExpectationResult: Sendable, Hashable {
    /// What was expected, in words.
    public var expectation: String
    /// Whether it held.
    public var passed: Bool
    /// What the run showed.
    public var actual: String

    /// Creates a result.
    package init(expectation: String, passed: Bool, actual: String) {
        self.expectation = expectation
        self.passed = passed
        self.actual = actual
    }
}
