import SimulationKernel
import SimulationModel

/// The app under simulation, as data: its identity, Info.plist, and code as named actions.
public struct AppDefinition: Sendable, Hashable, Decodable {
    /// The delegate callbacks a scenario can attach an action to.
    public enum Callback: String, Sendable, Hashable, CaseIterable, Codable {
        case didFinishLaunching
        case didBecomeActive
        case willResignActive
        case didEnterBackground
        case willEnterForeground
        case didReceiveMemoryWarning
    }

    /// The bundle identifier, for example `com.example.notes`.
    public var bundleIdentifier: String
    /// `UIBackgroundModes` from Info.plist.
    public var backgroundModes: [String]
    /// `BGTaskSchedulerPermittedIdentifiers` from Info.plist.
    public var permittedIdentifiers: [String]
    /// The app's entitlements, for example `com.apple.developer.background-tasks.continued-processing.gpu`.
    public var entitlements: [String]
    /// Which action runs for each callback, in callback order.
    public var handlers: [(callback: Callback, action: String)]
    /// The app's code: named lists of steps.
    public var actions: [String: [Step]]

    /// The background modes Info.plist may list.
    public static let knownBackgroundModes = [
        "audio", "location", "voip", "external-accessory", "bluetooth-central", "bluetooth-peripheral",
        "fetch", "remote-notification", "processing", "nearby-interaction", "push-to-talk",
    ]

    /// The entitlements bgsim knows: the ones the model weighs.
    public static let knownEntitlements = [gpuEntitlement]

    /// The entitlement a continued processing task needs to use the GPU in the background (Apple, `Resources.gpu`).
    public static let gpuEntitlement = AppInfo.gpuEntitlement

    /// Creates an app definition.
    public init(
        bundleIdentifier: String, backgroundModes: [String] = [], permittedIdentifiers: [String] = [],
        entitlements: [String] = [], handlers: [(callback: Callback, action: String)] = [], actions: [String: [Step]] = [:]
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.backgroundModes = backgroundModes
        self.permittedIdentifiers = permittedIdentifiers
        self.entitlements = entitlements
        self.handlers = handlers
        self.actions = actions
    }

    /// What the system knows of the app without running it.
    public var info: AppInfo {
        AppInfo(
            bundleIdentifier: bundleIdentifier, backgroundModes: backgroundModes, permittedIdentifiers: permittedIdentifiers,
            entitlements: entitlements)
    }

    /// The action attached to `callback`, if any.
    public func action(for callback: Callback) -> String? {
        handlers.first { $0.callback == callback }?.action
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: ["bundleIdentifier", "infoPlist", "entitlements", "handlers", "actions", "note"])
        bundleIdentifier = try c.required(String.self, "bundleIdentifier")
        if bundleIdentifier.isEmpty || bundleIdentifier.contains(" ") {
            throw invalid(c.path("bundleIdentifier"), "\"\(bundleIdentifier)\" is not a bundle identifier (write for example \"com.example.notes\")")
        }
        backgroundModes = []
        permittedIdentifiers = []
        if c.contains(AnyKey("infoPlist")) {
            let plist = try c.superDecoder(forKey: AnyKey("infoPlist"))
                .strictContainer(allowing: ["UIBackgroundModes", "BGTaskSchedulerPermittedIdentifiers", "note"])
            backgroundModes = try plist.optional([String].self, "UIBackgroundModes") ?? []
            for (index, mode) in backgroundModes.enumerated() where !Self.knownBackgroundModes.contains(mode) {
                throw invalid(plist.path("UIBackgroundModes") + [AnyKey(intValue: index)!],
                              "unknown background mode \"\(mode)\"\(Suggestion.hint(for: mode, among: Self.knownBackgroundModes))")
            }
            permittedIdentifiers = try plist.optional([String].self, "BGTaskSchedulerPermittedIdentifiers") ?? []
        }
        entitlements = try c.optional([String].self, "entitlements") ?? []
        for (index, entitlement) in entitlements.enumerated() where !Self.knownEntitlements.contains(entitlement) {
            throw invalid(c.path("entitlements") + [AnyKey(intValue: index)!],
                          "unknown entitlement \"\(entitlement)\"\(Suggestion.hint(for: entitlement, among: Self.knownEntitlements)); bgsim knows \(Self.knownEntitlements.joined(separator: ", "))")
        }
        actions = try c.optional([String: [Step]].self, "actions") ?? [:]
        let names = Callback.allCases.map(\.rawValue)
        handlers = []
        if c.contains(AnyKey("handlers")) {
            let h = try c.superDecoder(forKey: AnyKey("handlers")).strictContainer(allowing: names)
            for callback in Callback.allCases {
                guard let action = try h.optional(String.self, callback.rawValue) else { continue }
                guard actions[action] != nil else {
                    throw invalid(h.path(callback.rawValue), "no action named \"\(action)\" in app.actions"
                        + Suggestion.hint(for: action, among: actions.keys.sorted()))
                }
                handlers.append((callback, action))
            }
        }
    }

    public static func == (lhs: AppDefinition, rhs: AppDefinition) -> Bool {
        lhs.bundleIdentifier == rhs.bundleIdentifier && lhs.backgroundModes == rhs.backgroundModes
            && lhs.permittedIdentifiers == rhs.permittedIdentifiers && lhs.entitlements == rhs.entitlements
            && lhs.actions == rhs.actions
            && lhs.handlers.map(\.callback) == rhs.handlers.map(\.callback)
            && lhs.handlers.map(\.action) == rhs.handlers.map(\.action)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bundleIdentifier)
        hasher.combine(handlers.map(\.action))
    }
}
