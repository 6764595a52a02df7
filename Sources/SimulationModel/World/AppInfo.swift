/// What the system knows of the app without running it: its identity, Info.plist and entitlements.
public struct AppInfo: Sendable, Hashable {
    /// The bundle identifier, for example `com.example.notes`.
    public var bundleIdentifier: String
    /// `UIBackgroundModes`.
    public var backgroundModes: [String]
    /// `BGTaskSchedulerPermittedIdentifiers`.
    public var permittedIdentifiers: [String]
    /// The app's entitlements.
    public var entitlements: [String]

    /// Creates the description of an app.
    public init(
        bundleIdentifier: String, backgroundModes: [String] = [], permittedIdentifiers: [String] = [], entitlements: [String] = []
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.backgroundModes = backgroundModes
        self.permittedIdentifiers = permittedIdentifiers
        self.entitlements = entitlements
    }

    /// The entitlement a continued processing task needs to use the GPU in the background (Apple, `Resources.gpu`).
    public static let gpuEntitlement = "com.apple.developer.background-tasks.continued-processing.gpu"
}
