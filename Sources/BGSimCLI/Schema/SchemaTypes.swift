import ScenarioFormat
import SimulationModel
import SimulationSupport

/// The JSON type of each key of the scenario format, by name: what the reader's tables do not say.
///
/// The keys, which are required, and the names a value may have come from
/// the reader (``FormatProbe``); this table gives only each key's JSON type
/// and a value a probe can put where a key is required. A key the reader
/// allows and this table does not know is typed as any value, and
/// `SchemaTests` fails, so a new key cannot slip by without a type.
enum SchemaTypes {
    /// A key's schema and a value that reads.
    struct KeyType {
        var schema: JSONValue
        var placeholder: JSONValue
    }

    static let string = KeyType(schema: .object([("type", .string("string"))]), placeholder: "p")
    static let duration = KeyType(
        schema: .object([("type", .string("string")), ("description", .string("A duration: 5s, 250ms, 2m, 1h30m, 1d, 1w."))]),
        placeholder: "1s")
    static let integer = KeyType(schema: .object([("type", .string("integer")), ("minimum", .int(0))]), placeholder: 1)
    static let boolean = KeyType(schema: .object([("type", .string("boolean"))]), placeholder: true)
    static let strings = KeyType(
        schema: .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))]), placeholder: [])
    static let steps = KeyType(schema: reference("steps"), placeholder: [])

    /// A `$ref` to a definition.
    static func reference(_ name: String) -> JSONValue { .object([("$ref", .string("#/$defs/\(name)"))]) }

    /// The type of `key`, or nil when the table does not know it.
    static func type(of key: String) -> KeyType? {
        switch key {
        case "note", "description", "name", "bundleIdentifier", "build", "id", "lock", "action", "message", "identifier",
             "launchHandler", "title", "subtitle", "checkpoint", "output", "flag", "run", "answer", "valid",
             "queue", "style", "isolation", "type", "strategy", "profile", "policy", "network", "backgroundAppRefresh",
             "thermalState", "maximumSeverity", "finalState", "ended", "step", "session", "pushType", "error":
            return string
        case "at", "stopAt", "duration", "jitter", "delay", "earliestBegin", "every", "endedWithin", "backgroundTimeRemainingBelow",
             "by":
            return duration
        case "format", "seed", "count", "units", "progressEvery", "runs", "batteryLevel", "bytes", "priority":
            return integer
        case "success":
            // setTaskCompleted's success: a constant or a condition evaluated when the step runs.
            return KeyType(schema: .object([("anyOf", .array([boolean.schema, reference("condition")]))]), placeholder: true)
        case "changesState", "checksCancellation", "requiresNetworkConnectivity", "requiresExternalPower", "locked",
             "charging", "lowDataMode", "lowPowerMode", "supportsBackgroundGPU", "UIApplicationSupportsMultipleScenes",
             "contentAvailable", "isDiscretionary", "sessionSendsLaunchEvents":
            return boolean
        case "UIBackgroundModes", "BGTaskSchedulerPermittedIdentifiers", "entitlements", "requiredResources", "diagnostics",
             "allowedDiagnostics", "saved", "notSaved", "terminations":
            return strings
        case "steps", "then", "else":
            return steps
        case "onExpiration":
            return KeyType(
                schema: .object([("anyOf", .array([
                    .object([("enum", .array(ExpirationBehavior.shorthands.map(JSONValue.string)))]), reference("steps"),
                ]))]),
                placeholder: "endTask")
        case "to":
            return KeyType(
                schema: .object([("anyOf", .array([.object([("type", .string("boolean"))]), .object([("const", .string("invalid"))])]))]),
                placeholder: true)
        case "condition", "not": return KeyType(schema: reference("condition"), placeholder: ["flag": "f"])
        case "all", "any":
            return KeyType(schema: .object([("type", .string("array")), ("items", reference("condition"))]), placeholder: [])
        case "app": return KeyType(schema: reference("app"), placeholder: ["bundleIdentifier": "p"])
        case "timeline":
            return KeyType(schema: .object([("type", .string("array")), ("items", reference("timelineItem"))]), placeholder: [])
        case "entries":
            return KeyType(
                schema: .object([("type", .string("array")), ("items", reference("timelineEntry"))]),
                placeholder: [["at": "0s", "action": "launch"]])
        case "repeat": return KeyType(schema: reference("repeat"), placeholder: [:])
        case "infoPlist": return KeyType(schema: reference("infoPlist"), placeholder: [:])
        case "UIApplicationSceneManifest": return KeyType(schema: reference("sceneManifest"), placeholder: [:])
        case "handlers": return KeyType(schema: reference("handlers"), placeholder: [:])
        case "device": return KeyType(schema: reference("device"), placeholder: [:])
        case "overrides": return KeyType(schema: reference("overrides"), placeholder: [:])
        case "expect": return KeyType(schema: reference("expect"), placeholder: [:])
        case "actions": return KeyType(schema: map(of: reference("steps")), placeholder: [:])
        case "flags":
            // Flag names are the keys, with their starting values; every object takes a note, so no flag is called that.
            return KeyType(
                schema: .object([
                    ("type", .string("object")), ("properties", .object([("note", string.schema)])),
                    ("additionalProperties", boolean.schema),
                ]),
                placeholder: [:])
        case "updates": return KeyType(schema: map(of: reference("update")), placeholder: [:])
        case "tasks": return KeyType(schema: map(of: reference("taskExpectation")), placeholder: [:])
        case "outputs":
            return KeyType(schema: map(of: .object([("enum", .array(Expectations.OutputExpectation.states.map(JSONValue.string)))])), placeholder: [:])
        default:
            return nil
        }
    }

    /// An object whose keys are names the file chooses (actions, builds, flags) and whose values all have `schema`.
    static func map(of schema: JSONValue) -> JSONValue {
        .object([("type", .string("object")), ("additionalProperties", schema)])
    }

    /// A value placed in a probe for a required key, or nil when the key has no known type.
    static func placeholder(for key: String, choices: [(key: String, choices: [String])]) -> JSONValue? {
        if let names = choices.first(where: { $0.key == key })?.choices, let first = names.first { return .string(first) }
        return type(of: key)?.placeholder
    }
}
