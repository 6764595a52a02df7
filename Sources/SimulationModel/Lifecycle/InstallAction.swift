/// What the system does to the app's installation: the world performs these itself.
///
/// Not the person's: the App Store installs builds. Its own case of
/// ``UserAction`` also keeps `updateApp` where scenario files and the schema
/// have always listed it, after the continued processing actions.
public enum InstallAction: Sendable, Hashable {
    /// The app is updated to another build: a running process is terminated, pending requests stay, and the next
    /// launch runs the new build's code with its Info.plist.
    case updateApp(build: String)

    /// An action without its details: what scenario files and traces name it.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case updateApp
    }

    /// The action's name, as scenario files and traces write it.
    public var name: Name {
        switch self {
        case .updateApp: .updateApp
        }
    }
}

extension UserAction {
    /// The app is updated to another build (see ``InstallAction/updateApp(build:)``).
    public static func updateApp(build: String) -> UserAction { .install(.updateApp(build: build)) }
}
