import SimulationModel
/// Why a scenario file could not be used: what is wrong, and where.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as given by the user.
    public var file: String
    /// Where in the file: a path such as `timeline[2].action`, or a line and column for broken JSON.
    public var location: String
    /// What is wrong, and what to do.
    public var message: String

    /// The exit code of `bgsim` for an invalid scenario (`EX_DATAERR`).
    public static let exitCode: Int32 = 65

    /// Creates an error.
    public init(file: String, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file: location: message`, one line.
    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}
