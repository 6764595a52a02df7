/// Remote notifications: the silent push service delivers the timeline's pushes to the app delegate.
extension UIApplication {
    /// Registers for remote notifications: accepted; the timeline's pushes reach the app whether or not it registered.
    public func registerForRemoteNotifications() {}
}
