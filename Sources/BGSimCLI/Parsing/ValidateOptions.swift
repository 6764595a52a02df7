/// The options of `bgsim validate`.
public struct ValidateOptions: Equatable, Sendable {
    /// The scenario files to check, in the order given; never empty after parsing.
    public var scenarioPaths: [String]

    /// Creates validate options for the given scenario files.
    public init(scenarioPaths: [String]) {
        self.scenarioPaths = scenarioPaths
    }
}
