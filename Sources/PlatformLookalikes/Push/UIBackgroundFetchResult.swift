/// The look-alike of UIKit's `UIBackgroundFetchResult`: what a background fetch or a silent push brought.
public enum UIBackgroundFetchResult: UInt, Sendable, Hashable {
    /// New data was downloaded.
    case newData = 0
    /// There was no new data.
    case noData = 1
    /// The attempt failed.
    case failed = 2
}
