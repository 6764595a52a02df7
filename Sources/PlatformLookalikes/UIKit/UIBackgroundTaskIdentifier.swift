/// The identifier of a background task begun with `beginBackgroundTask(withName:expirationHandler:)`.
///
/// Mirrors UIKit's type: `.invalid` means no task was begun.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// No background task: returned when running in the background is not possible.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)

    public var description: String { String(rawValue) }
}
