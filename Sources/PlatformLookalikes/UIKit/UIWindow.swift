/// The look-alike of UIKit's `UIWindow`: bgsim draws no interface, so a window only holds its root view controller.
@preconcurrency @MainActor
open class UIWindow: UIResponder {
    /// The window's root view controller, if the app set one.
    open var rootViewController: UIViewController?
}
