/// The identifier of a background task begun with `beginBackgroundTask(withName:expirationHandler:)`.
///
/// Mirrors UIKit's type: `.invalid` means no task was begun.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The identifier's number: 1, 2, 3... within a process, 0 for ``invalid``.
    public var rawValue: Int

    /// Creates an identifier from its number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// No background task: returned when running in the background is not possible.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)

    /// The identifier's number, as the console prints it.
    public var description: String { String(rawValue) }
}
