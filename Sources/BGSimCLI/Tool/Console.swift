/// Where the tool writes: standard output and standard error, or buffers in tests.
public struct Console: Sendable {
    /// Writes text to standard output (the text includes its newlines).
    public var out: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var error: @Sendable (String) -> Void

    /// Creates a console writing through the given functions.
    public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.error = error
    }
}
