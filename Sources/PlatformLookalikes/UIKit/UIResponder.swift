/// The look-alike of UIKit's `UIResponder`: the base class Apple's `AppDelegate` samples inherit from.
///
/// ```swift
/// class AppDelegate: UIResponder, UIApplicationDelegate {
///     var window: UIWindow?
/// }
/// ```
@preconcurrency @MainActor
open class UIResponder {
    /// Creates a responder.
    public init() {}
}
