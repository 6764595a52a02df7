/// What the system knows of the app without running it: its identity, Info.plist and entitlements.
public struct AppInfo: Sendable, Hashable {
    /// The bundle identifier, for example `com.example.notes`.
    public var bundleIdentifier: String
    /// `UIBackgroundModes`.
    public var backgroundModes: [BackgroundMode]
    /// `BGTaskSchedulerPermittedIdentifiers`.
    public var permittedIdentifiers: [String]
    /// The app's entitlements.
    public var entitlements: [String]
    /// Whether Info.plist has `UIApplicationSceneManifest`: UIKit then calls the scene delegate's lifecycle
    /// methods instead of the app delegate's (TN3187).
    public var usesScenes: Bool
    /// The installed build's name: an app update installs another (`updateApp`).
    public var build: String

    /// Creates the description of an app.
    public init(
        bundleIdentifier: String, backgroundModes: [BackgroundMode] = [], permittedIdentifiers: [String] = [], entitlements: [String] = [],
        usesScenes: Bool = false, build: String = AppInfo.firstBuild
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.backgroundModes = backgroundModes
        self.permittedIdentifiers = permittedIdentifiers
        self.entitlements = entitlements
        self.usesScenes = usesScenes
        self.build = build
    }

    /// The name of the build a run starts with, unless a scenario names it.
    public static let firstBuild = "1"

    /// The entitlement a continued processing task needs to use the GPU in the background (Apple, `Resources.gpu`).
    public static let gpuEntitlement = "com.apple.developer.background-tasks.continued-processing.gpu"
}
