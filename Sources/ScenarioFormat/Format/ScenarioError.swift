import SimulationKernel
import SimulationModel
import SimulationSupport
/// Why a scenario file could not be used: what is wrong, and where.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as given by the user.
    public var file: String
    /// Where in the file: a path such as `timeline[2].action`, or a line and column for broken JSON.
    public var location: String
    /// What is wrong, and what to do.
    public var message: String

    /// The exit code of `bgsim` for an invalid scenario (`EX_DATAERR`).
    static let exitCode: Int32 = 65

    /// Creates an error; the location and the message are made safe to print (see `QuotableText.printable(_:limit:)`).
    ///
    /// Messages quote what the file says, and a file can hold terminal escape
    /// sequences or a megabyte-long key: whatever built the message, what
    /// reaches the terminal is escaped and bounded.
    package init(file: String, location: String, message: String) {
        self.file = QuotableText.printable(file, limit: 300)
        self.location = QuotableText.printable(location, limit: 300)
        self.message = QuotableText.printable(message, limit: 1000)
    }

    /// `file: location: message`, one line.
    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}
