/// One expectation of a scenario, checked against its run.
public struct ExpectationResult: Sendable, Hashable {
    /// What was expected, in words.
    public var expectation: String
    /// Whether it held.
    public var passed: Bool
    /// What the run showed.
    public var actual: String
}
