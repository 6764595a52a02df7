/// The look-alike of UIKit's `UIViewController`: a placeholder, so that app delegates that reach their screens compile.
///
/// bgsim models background execution, not the interface: view controllers
/// hold what the app gives them and show nothing.
@preconcurrency @MainActor
open class UIViewController: UIResponder {}

/// The look-alike of UIKit's `UINavigationController`: a stack of view controllers.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// The stack, root first.
    open var viewControllers: [UIViewController] = []

    /// Creates a navigation controller with a root view controller.
    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
        super.init()
    }
}
