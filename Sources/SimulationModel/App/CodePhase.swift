/// Whether a piece of app code started or returned: a delegate callback, an expiration handler.
public enum CodePhase: String, Sendable, Hashable, CaseIterable {
    case started = "start"
    case returned = "return"
}
