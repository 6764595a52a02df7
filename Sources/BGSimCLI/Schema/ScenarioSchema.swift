import ScenarioFormat
import SimulationModel
import SimulationSupport

/// The JSON Schema (draft 2020-12) of the scenario format, written from what the reader declares (``FormatProbe``).
///
/// Steps and timeline entries are `oneOf` lists discriminated by `step` and
/// `action`; every object is closed (`additionalProperties: false`) as the
/// reader is strict. The schema checks shapes and names; references (a tap
/// naming an action), order and ranges are left to `bgsim validate`.
enum ScenarioSchema {
    /// Keys the reader allows that ``SchemaTypes`` does not type: empty, or `SchemaTests` fails.
    static func untypedKeys() -> [String] {
        var untyped: [String] = []
        _ = schema(untyped: &untyped)
        return Array(Set(untyped)).sorted()
    }

    /// Probes that could not read their object to the end: empty, or the schema misses required keys.
    static func failedProbes() -> [String] {
        Step.names.compactMap { name in FormatProbe.step(name).failure.map { "step \(name): \($0)" } }
            + UserAction.names.compactMap { name in FormatProbe.entry(name).failure.map { "action \(name): \($0)" } }
    }

    /// The schema as pretty-printed JSON, with a final newline.
    static func render() -> String {
        var untyped: [String] = []
        return schema(untyped: &untyped).rendered() + "\n"
    }

    static func schema(untyped: inout [String]) -> JSONValue {
        let top = FormatProbe.shape(at: "", make: FormatProbe.object, members: [])
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("bgsim scenario, format \(Scenario.currentFormat)")),
            ("description", .string("Written by `bgsim schema` from the reader's own tables; `bgsim validate` also checks references, order and ranges.")),
        ] + members(of: top, untyped: &untyped) + [("$defs", .object(definitions(untyped: &untyped)))])
    }

    /// A closed object's schema: its keys typed from the reader's names, `fixed` and `types` first, then ``SchemaTypes``.
    private static func object(
        _ shape: FormatProbe.Shape, fixed: [(String, JSONValue)] = [], required extra: [String] = [],
        types: (String) -> JSONValue? = { _ in nil }, untyped: inout [String]
    ) -> JSONValue {
        .object(members(of: shape, fixed: fixed, required: extra, types: types, untyped: &untyped))
    }

    private static func members(
        of shape: FormatProbe.Shape, fixed: [(String, JSONValue)] = [], required extra: [String] = [],
        types: (String) -> JSONValue? = { _ in nil }, untyped: inout [String]
    ) -> [(String, JSONValue)] {
        var properties: [(String, JSONValue)] = []
        for key in shape.keys {
            if let value = fixed.first(where: { $0.0 == key })?.1 {
                properties.append((key, value))
            } else if let names = shape.choices.first(where: { $0.key == key })?.choices {
                properties.append((key, .object([("enum", .array(names.map(JSONValue.string)))])))
            } else if let value = types(key) ?? SchemaTypes.type(of: key)?.schema {
                properties.append((key, value))
            } else {
                untyped.append(key)
                properties.append((key, .object([])))
            }
        }
        let required = extra + shape.required.filter { !extra.contains($0) }
        return [
            ("type", .string("object")), ("properties", .object(properties)),
            ("required", .array(required.map(JSONValue.string))), ("additionalProperties", .bool(false)),
        ]
    }

    /// The schemas of the file's sections, steps and timeline entries, by name.
    private static func definitions(untyped: inout [String]) -> [(String, JSONValue)] {
        let steps = Step.names.map { name in
            object(FormatProbe.step(name), fixed: [("step", .object([("const", .string(name))]))], required: ["step"], untyped: &untyped)
        }
        let entries = UserAction.names.map { name in
            object(
                FormatProbe.entry(name), fixed: [("action", .object([("const", .string(name))]))], required: ["at", "action"],
                untyped: &untyped)
        }
        let handlers = FormatProbe.section("app.handlers") { FormatProbe.document([("app", FormatProbe.app([("handlers", $0)]))]) }
        let handlerProperties: [(String, JSONValue)] = handlers.keys.map { ($0, SchemaTypes.string.schema) }
        var repeatItem = FormatProbe.Shape()
        repeatItem.keys = ["repeat", "note"]
        repeatItem.required = ["repeat"]
        return sections(untyped: &untyped) + [
            ("handlers", .object([("type", .string("object")), ("properties", .object(handlerProperties)), ("additionalProperties", .bool(false))])),
            ("steps", .object([("type", .string("array")), ("items", SchemaTypes.reference("step"))])),
            ("step", .object([("oneOf", .array(steps))])),
            ("condition", .object([("anyOf", .array([
                .object([("const", .string("cancelled"))]),
                .object([
                    ("type", .string("object")), ("properties", .object(conditionProperties(untyped: &untyped))),
                    ("additionalProperties", .bool(false)),
                ]),
            ]))])),
            ("timelineEntry", .object([("oneOf", .array(entries))])),
            ("timelineItem", .object([("oneOf", .array([SchemaTypes.reference("timelineEntry"), object(repeatItem, untyped: &untyped)]))])),
        ]
    }

    /// The closed objects of the file's sections, each probed where it sits in a document.
    private static func sections(untyped: inout [String]) -> [(String, JSONValue)] {
        func section(_ path: String, _ make: @escaping (JSONValue) -> JSONValue) -> JSONValue {
            object(FormatProbe.section(path, make), untyped: &untyped)
        }
        let repetition = FormatProbe.shape(
            at: "timeline[0].repeat", make: { FormatProbe.document([("timeline", [["repeat": FormatProbe.object($0)]])]) }, members: [])
        let overrides = FormatProbe.section("overrides") { FormatProbe.document([("overrides", $0)]) }
        let task = FormatProbe.section("expect.tasks.p") { FormatProbe.document([("expect", ["tasks": ["p": $0]])]) }
        return [
            ("app", section("app") { FormatProbe.document([("app", $0)]) }),
            ("infoPlist", section("app.infoPlist") { FormatProbe.document([("app", FormatProbe.app([("infoPlist", $0)]))]) }),
            ("sceneManifest", section("app.infoPlist.UIApplicationSceneManifest") {
                FormatProbe.document([("app", FormatProbe.app([("infoPlist", ["UIApplicationSceneManifest": $0])]))])
            }),
            ("update", section("app.updates.2") { FormatProbe.document([("app", FormatProbe.app([("updates", ["2": $0])]))]) }),
            ("device", section("device") { FormatProbe.document([("device", $0)]) }),
            ("overrides", object(overrides, types: overrideType, untyped: &untyped)),
            ("expect", section("expect") { FormatProbe.document([("expect", $0)]) }),
            ("taskExpectation", object(task, types: { $0 == "success" ? SchemaTypes.boolean.schema : nil }, untyped: &untyped)),
            ("repeat", object(repetition, untyped: &untyped)),
        ]
    }

    /// A profile parameter's schema, from its unit.
    private static func overrideType(_ key: String) -> JSONValue? {
        guard let parameter = PlatformProfile.Key(rawValue: key) else { return nil }
        switch PlatformProfile.info(parameter).unit {
        case .duration: return SchemaTypes.duration.schema
        case .count: return SchemaTypes.integer.schema
        case .flag: return SchemaTypes.boolean.schema
        case .choice: return .object([("enum", .array(PlatformProfile.info(parameter).choices.map(JSONValue.string)))])
        }
    }

    /// A condition is "cancelled" or an object with one of Condition.keys (the reader's table); applicationState names a
    /// state, cancelledReason a reason.
    private static func conditionProperties(untyped: inout [String]) -> [(String, JSONValue)] {
        Condition.keys.map { key in
            if key == "applicationState" {
                return (key, .object([("enum", .array(Condition.ApplicationState.allCases.map { JSONValue.string($0.rawValue) }))]))
            }
            if key == "cancelledReason" {
                return (key, .object([("enum", .array(Condition.CancelledReason.allCases.map { JSONValue.string($0.rawValue) }))]))
            }
            if SchemaTypes.type(of: key) == nil { untyped.append(key) }
            return (key, SchemaTypes.type(of: key)?.schema ?? .object([]))
        } + [("note", SchemaTypes.string.schema)]
    }
}
