/// The options of `bgsim validate`.
public struct ValidateOptions: Equatable, Sendable {
    /// The scenario files to check, in the order given; never empty after parsing.
    public var scenarioPaths: [String]
    /// How to print the outcome (`--format json`: one object per file with every error).
    public var format: OutputFormat = .text

    /// Creates validate options for the given scenario files.
    public init(scenarioPaths: [String]) {
        self.scenarioPaths = scenarioPaths
    }
}
