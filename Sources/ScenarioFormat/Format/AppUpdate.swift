import SimulationKernel
import SimulationModel
import SimulationSupport

/// A later build of the app, installed by a timeline's `updateApp`: what it changes of the app before it.
///
/// Written in `app.updates` under the build's name:
///
/// ```json
/// "updates": {
///   "2.0": {
///     "infoPlist": { "BGTaskSchedulerPermittedIdentifiers": ["com.example.weekly-roundup.v2"] },
///     "actions": { "registerTasks": [ { "step": "register", "identifier": "com.example.weekly-roundup.v2", "launchHandler": "roundup" } ] }
///   }
/// }
/// ```
///
/// What the update gives replaces the earlier build's: `infoPlist` and
/// `handlers` as a whole, `actions` and `flags` by name (the others stay).
public struct AppUpdate: Sendable, Hashable, Decodable {
    /// The build's name.
    public var build: String
    /// The new Info.plist, if the update changes it.
    public var backgroundModes: [BackgroundMode]?
    /// The new build's permitted task identifiers; nil keeps the old build's.
    public var permittedIdentifiers: [String]?
    /// Whether the new build uses scenes; nil keeps the old build's.
    public var usesScenes: Bool?
    /// The new callback handlers, if the update changes them.
    public var handlers: [(callback: AppDefinition.Callback, action: String)]?
    /// Actions the update adds or replaces, by name.
    public var actions: [String: [Step]]
    /// Flags the update adds or whose starting value it changes, in name order.
    public var flags: [(name: String, value: Bool)]

    /// Creates an update.
    public init(
        build: String, backgroundModes: [BackgroundMode]? = nil, permittedIdentifiers: [String]? = nil, usesScenes: Bool? = nil,
        handlers: [(callback: AppDefinition.Callback, action: String)]? = nil, actions: [String: [Step]] = [:],
        flags: [(name: String, value: Bool)] = []
    ) {
        self.build = build
        self.backgroundModes = backgroundModes
        self.permittedIdentifiers = permittedIdentifiers
        self.usesScenes = usesScenes
        self.handlers = handlers
        self.actions = actions
        self.flags = flags
    }

    /// `app` as this build is.
    package func applied(to app: AppDefinition) -> AppDefinition {
        var updated = app
        updated.build = build
        updated.updates = []
        if let backgroundModes { updated.backgroundModes = backgroundModes }
        if let permittedIdentifiers { updated.permittedIdentifiers = permittedIdentifiers }
        if let usesScenes { updated.usesScenes = usesScenes }
        if let handlers { updated.handlers = handlers }
        updated.actions.merge(actions) { _, new in new }
        for flag in flags {
            if let index = updated.flags.firstIndex(where: { $0.name == flag.name }) {
                updated.flags[index].value = flag.value
            } else {
                updated.flags.append(flag)
            }
        }
        updated.flags.sort { $0.name < $1.name }
        return updated
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: ["infoPlist", "handlers", "actions", "flags", "note"])
        // The name is the key it is written under; `AppDefinition` sets it.
        build = ""
        let plist = try InfoPlist(in: c)
        backgroundModes = plist?.backgroundModes
        permittedIdentifiers = plist?.permittedIdentifiers
        usesScenes = plist?.usesScenes
        actions = try c.optional([String: [Step]].self, "actions") ?? [:]
        flags = try AppDefinition.flags(in: c) ?? []
        // Handlers may name the earlier build's actions too: checked against all of them when the scenario is validated.
        handlers = try AppDefinition.handlers(in: c, actions: nil)
    }

    public static func == (lhs: AppUpdate, rhs: AppUpdate) -> Bool {
        lhs.build == rhs.build && lhs.backgroundModes == rhs.backgroundModes && lhs.permittedIdentifiers == rhs.permittedIdentifiers
            && lhs.usesScenes == rhs.usesScenes && lhs.actions == rhs.actions
            && lhs.handlers?.map(\.callback) == rhs.handlers?.map(\.callback) && lhs.handlers?.map(\.action) == rhs.handlers?.map(\.action)
            && lhs.flags.map(\.name) == rhs.flags.map(\.name) && lhs.flags.map(\.value) == rhs.flags.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(build)
    }
}

/// The parts of Info.plist a scenario writes, read from `infoPlist`.
struct InfoPlist {
    var backgroundModes: [BackgroundMode]
    var permittedIdentifiers: [String]
    var usesScenes: Bool

    /// Reads `infoPlist` from `c`; nil when there is none.
    init?(in c: KeyedDecodingContainer<AnyKey>) throws {
        guard c.contains(AnyKey("infoPlist")) else { return nil }
        let plist = try c.superDecoder(forKey: AnyKey("infoPlist")).strictContainer(
            allowing: ["UIBackgroundModes", "BGTaskSchedulerPermittedIdentifiers", "UIApplicationSceneManifest", "note"])
        let modes = try plist.optional([String].self, "UIBackgroundModes") ?? []
        for (index, mode) in modes.enumerated() where !AppDefinition.knownBackgroundModes.contains(mode) {
            throw invalid(plist.path("UIBackgroundModes") + [AnyKey(intValue: index)!],
                          "unknown background mode \"\(mode)\"\(Suggestion.hint(for: mode, among: AppDefinition.knownBackgroundModes))")
        }
        backgroundModes = modes.map(BackgroundMode.init(rawValue:))
        permittedIdentifiers = try plist.optional([String].self, "BGTaskSchedulerPermittedIdentifiers") ?? []
        usesScenes = plist.contains(AnyKey("UIApplicationSceneManifest"))
        if usesScenes {
            // Only its presence matters to the model; the one key bgsim reads is checked, the rest refused.
            let manifest = try plist.superDecoder(forKey: AnyKey("UIApplicationSceneManifest"))
                .strictContainer(allowing: ["UIApplicationSupportsMultipleScenes", "note"])
            _ = try manifest.optional(Bool.self, "UIApplicationSupportsMultipleScenes")
        }
    }
}
