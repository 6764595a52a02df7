import SimulationKernel

/// A push on its way to the device, or a fault on that way: the `SilentPush` service performs these.
public enum PushAction: Sendable, Hashable {
    /// A remote notification reaches the device from APNs (the app's server sent it); the service decides whether
    /// and when the app hears it.
    case push(RemoteNotification)
    /// The system loses the next push to arrive on its way to the app: what fuzzing injects (Apple: the system
    /// "doesn't guarantee their delivery").
    case dropPush
    /// The next push to arrive reaches the device `by` late: what fuzzing injects (APNs may store
    /// low-priority pushes and deliver them "in bursts").
    case delayPush(by: VirtualDuration)

    /// An action without its details: what scenario files and traces name it.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case push, dropPush, delayPush
    }

    /// The action's name, as scenario files and traces write it.
    public var name: Name {
        switch self {
        case .push: .push
        case .dropPush: .dropPush
        case .delayPush: .delayPush
        }
    }
}

extension UserAction {
    /// A remote notification reaches the device from APNs (see ``PushAction/push(_:)``).
    public static func push(_ notification: RemoteNotification) -> UserAction { .push(.push(notification)) }
    /// The system loses the next push on its way (see ``PushAction/dropPush``).
    public static var dropPush: UserAction { .push(.dropPush) }
    /// The next push arrives `by` late (see ``PushAction/delayPush(by:)``).
    public static func delayPush(by: VirtualDuration) -> UserAction { .push(.delayPush(by: by)) }
}
