/// The options of `bgsim validate`.
struct ValidateOptions: Equatable, Sendable {
    /// The scenario files to check, in the order given; never empty after parsing.
    var scenarioPaths: [String]
    /// How to print the outcome (`--format json`: one object per file with every error).
    var format: OutputFormat = .text

    /// Creates validate options for the given scenario files.
    init(scenarioPaths: [String]) {
        self.scenarioPaths = scenarioPaths
    }
}
