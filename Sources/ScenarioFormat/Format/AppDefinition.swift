import SimulationKernel
import SimulationModel
import SimulationSupport

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
        /// `scene(_:willConnectTo:options:)`, in an app with `UIApplicationSceneManifest`.
        case sceneWillConnect
        case sceneDidBecomeActive
        case sceneWillResignActive
        case sceneDidEnterBackground
        case sceneWillEnterForeground
        /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: a silent push; the action calls
        /// `callFetchCompletion` within 30 seconds.
        case didReceiveRemoteNotification
        /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: recreate the session here.
        case handleEventsForBackgroundURLSession
        /// `urlSession(_:downloadTask:didFinishDownloadingTo:)`: move the file (`moveDownloadedFile`) before returning.
        case didFinishDownloadingTo
        /// `urlSession(_:task:didCompleteWithError:)`.
        case didCompleteWithError
        /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`: call the stored completion handler here.
        case urlSessionDidFinishEvents

        /// Whether it is a scene delegate callback, which only an app with `UIApplicationSceneManifest` hears.
        var isScene: Bool { rawValue.hasPrefix("scene") }
    }

    /// The bundle identifier, for example `com.example.notes`.
    public var bundleIdentifier: String
    /// `UIBackgroundModes` from Info.plist.
    public var backgroundModes: [BackgroundMode]
    /// `BGTaskSchedulerPermittedIdentifiers` from Info.plist.
    public var permittedIdentifiers: [String]
    /// The app's entitlements, for example `com.apple.developer.background-tasks.continued-processing.gpu`.
    public var entitlements: [String]
    /// Which action runs for each callback, in callback order.
    public var handlers: [(callback: Callback, action: String)]
    /// The app's code: named lists of steps.
    public var actions: [String: [Step]]
    /// The app's flags and their values when a process starts, in name order (a feature flag, `shouldContinue`).
    public var flags: [(name: String, value: Bool)]
    /// Whether Info.plist has `UIApplicationSceneManifest`: the scene delegate's lifecycle callbacks replace the app
    /// delegate's (TN3187).
    public var usesScenes: Bool
    /// The name of the build the run starts with.
    public var build: String
    /// Later builds that a timeline's `updateApp` installs, in name order.
    public var updates: [AppUpdate]

    /// The background modes Info.plist may list, as it writes them.
    static let knownBackgroundModes = BackgroundMode.known.map(\.rawValue)

    /// The entitlements bgsim knows: the ones the model weighs.
    static let knownEntitlements = [gpuEntitlement]

    /// The entitlement a continued processing task needs to use the GPU in the background (Apple, `Resources.gpu`).
    package static let gpuEntitlement = AppInfo.gpuEntitlement

    /// Creates an app definition.
    public init(
        bundleIdentifier: String, backgroundModes: [BackgroundMode] = [], permittedIdentifiers: [String] = [],
        entitlements: [String] = [], handlers: [(callback: Callback, action: String)] = [], actions: [String: [Step]] = [:],
        flags: [(name: String, value: Bool)] = [], usesScenes: Bool = false, build: String = AppInfo.firstBuild,
        updates: [AppUpdate] = []
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.backgroundModes = backgroundModes
        self.permittedIdentifiers = permittedIdentifiers
        self.entitlements = entitlements
        self.handlers = handlers
        self.actions = actions
        self.flags = flags
        self.usesScenes = usesScenes
        self.build = build
        self.updates = updates
    }

    /// What the system knows of the app without running it.
    package var info: AppInfo {
        AppInfo(
            bundleIdentifier: bundleIdentifier, backgroundModes: backgroundModes, permittedIdentifiers: permittedIdentifiers,
            entitlements: entitlements, usesScenes: usesScenes, build: build)
    }

    /// The app as build `name` is: this definition with that update applied, or this one for its own build.
    public func build(named name: String) -> AppDefinition {
        guard name != build, let update = updates.first(where: { $0.build == name }) else { return self }
        return update.applied(to: self)
    }

    /// Whether any build's code creates a background `URLSession` (its parameters then go in `run.start`).
    var usesBackgroundSessions: Bool {
        func uses(_ steps: [Step]) -> Bool {
            steps.contains { step in
                switch step {
                case .transfer(.createSession): true
                case .async(let inner), .dispatchMain(_, let inner), .repeating(_, let inner), .while(_, let inner): uses(inner)
                case .if(_, let then, let otherwise): uses(then) || uses(otherwise)
                default: false
                }
            }
        }
        return actions.values.contains(where: uses) || updates.contains { $0.applied(to: self).actions.values.contains(where: uses) }
    }

    /// The action attached to `callback`, if any.
    package func action(for callback: Callback) -> String? {
        handlers.first { $0.callback == callback }?.action
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: [
            "bundleIdentifier", "build", "infoPlist", "entitlements", "flags", "handlers", "actions", "updates", "note",
        ])
        bundleIdentifier = try c.required(String.self, "bundleIdentifier")
        if bundleIdentifier.isEmpty || bundleIdentifier.contains(" ") {
            throw invalid(c.path("bundleIdentifier"), "\"\(bundleIdentifier)\" is not a bundle identifier (write for example \"com.example.notes\")")
        }
        build = try c.optional(String.self, "build") ?? AppInfo.firstBuild
        let plist = try InfoPlist(in: c)
        backgroundModes = plist?.backgroundModes ?? []
        permittedIdentifiers = plist?.permittedIdentifiers ?? []
        usesScenes = plist?.usesScenes ?? false
        entitlements = try Self.entitlements(in: c)
        flags = try Self.flags(in: c) ?? []
        actions = try c.optional([String: [Step]].self, "actions") ?? [:]
        handlers = try Self.handlers(in: c, actions: actions) ?? []
        updates = []
        if c.contains(AnyKey("updates")) {
            // Build names are the keys; sorted, because allKeys comes in hash order.
            let u = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("updates"))
            for key in u.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                if key.stringValue == build {
                    throw invalid(u.codingPath + [key], "build \"\(build)\" is the app's own build; an update installs another one")
                }
                var update = try u.decode(AppUpdate.self, forKey: key)
                update.build = key.stringValue
                updates.append(update)
            }
        }
    }

    /// `entitlements`, checked against the ones bgsim knows.
    static func entitlements(in c: KeyedDecodingContainer<AnyKey>) throws -> [String] {
        let entitlements = try c.optional([String].self, "entitlements") ?? []
        for (index, entitlement) in entitlements.enumerated() where !Self.knownEntitlements.contains(entitlement) {
            throw invalid(c.path("entitlements") + [AnyKey(intValue: index)!],
                          "unknown entitlement \"\(entitlement)\"\(Suggestion.hint(for: entitlement, among: Self.knownEntitlements)); bgsim knows \(Self.knownEntitlements.joined(separator: ", "))")
        }
        return entitlements
    }

    /// `flags`, an object of names and their starting values, in name order; nil when absent.
    static func flags(in c: KeyedDecodingContainer<AnyKey>) throws -> [(name: String, value: Bool)]? {
        guard c.contains(AnyKey("flags")) else { return nil }
        let f = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("flags"))
        // Every object takes a "note", so no flag is called that.
        return try f.allKeys.map(\.stringValue).filter { $0 != "note" }.sorted().map { name in (name, try f.required(Bool.self, name)) }
    }

    /// `handlers`: which action runs for each callback, each naming an action of `actions`; nil when absent.
    /// `actions` nil: the names are checked later, against another build's actions too.
    static func handlers(in c: KeyedDecodingContainer<AnyKey>, actions: [String: [Step]]?) throws -> [(callback: Callback, action: String)]? {
        guard c.contains(AnyKey("handlers")) else { return nil }
        let h = try c.superDecoder(forKey: AnyKey("handlers")).strictContainer(allowing: Callback.allCases.map(\.rawValue))
        var handlers: [(callback: Callback, action: String)] = []
        for callback in Callback.allCases {
            guard let action = try h.optional(String.self, callback.rawValue) else { continue }
            if let actions, actions[action] == nil {
                throw invalid(h.path(callback.rawValue), "no action named \"\(action)\" in app.actions"
                    + Suggestion.hint(for: action, among: actions.keys.sorted()))
            }
            handlers.append((callback, action))
        }
        return handlers
    }

    public static func == (lhs: AppDefinition, rhs: AppDefinition) -> Bool {
        lhs.bundleIdentifier == rhs.bundleIdentifier && lhs.backgroundModes == rhs.backgroundModes
            && lhs.permittedIdentifiers == rhs.permittedIdentifiers && lhs.entitlements == rhs.entitlements
            && lhs.actions == rhs.actions
            && lhs.handlers.map(\.callback) == rhs.handlers.map(\.callback)
            && lhs.handlers.map(\.action) == rhs.handlers.map(\.action)
            && lhs.flags.map(\.name) == rhs.flags.map(\.name) && lhs.flags.map(\.value) == rhs.flags.map(\.value)
            && lhs.usesScenes == rhs.usesScenes && lhs.build == rhs.build && lhs.updates == rhs.updates
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bundleIdentifier)
        hasher.combine(handlers.map(\.action))
    }
}
