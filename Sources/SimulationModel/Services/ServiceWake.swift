/// How a system service's delivery (a push, a background session's events) reached the app.
public enum ServiceWake: String, Sendable, Hashable, CaseIterable {
    /// The app was running (foreground or background).
    case running
    /// The app was suspended and woken into the background.
    case woken
    /// The app was not running and was launched into the background.
    case launched
}
