/// The look-alike of UIKit's `UIBackgroundRefreshStatus`: whether the person allows the app to refresh in the background.
public enum UIBackgroundRefreshStatus: Int, Sendable, Hashable {
    /// Unavailable on this system because of its configuration; the person cannot enable it.
    case restricted = 0
    /// The person turned background refresh off for this app.
    case denied = 1
    /// Background refresh is enabled for this app.
    case available = 2
}
