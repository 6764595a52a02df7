/// The look-alike of UIKit's `UIBackgroundRefreshStatus`: whether the person allows the app to refresh in the background.
public enum UIBackgroundRefreshStatus: Int, Sendable, Hashable {
    /// Unavailable on this system because of its configuration; the person cannot enable it.
    case restricted = 0
    /// The person turned background refresh off for this app.
    case denied = 1
    /// Background refresh is enabled for this app.
    case available = 2
}

/// The look-alike of UIKit's `UIBackgroundFetchResult`: what a background fetch or a silent push brought.
public enum UIBackgroundFetchResult: UInt, Sendable, Hashable {
    /// New data was downloaded.
    case newData = 0
    /// There was no new data.
    case noData = 1
    /// The attempt failed.
    case failed = 2
}
