@testable import BGSimCLI
import Foundation
@testable import ScenarioFormat
import SimulationSupport
import Testing

/// The subset of JSON Schema (draft 2020-12) `bgsim schema` emits: type, properties, required,
/// additionalProperties, enum, const, items, oneOf, anyOf, minimum and local `$ref`s; over the reader's own JSON trees.
struct MiniSchemaValidator {
    let root: JSONValue

    init(_ text: String) throws {
        root = try JSONParser.parse(Array(text.utf8))
    }

    /// Every place where `value` breaks `schema`, as `path: what`; empty when it conforms.
    func errors(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        guard case .object(let rule) = schema.content else { return ["\(path): the schema is not an object"] }
        if case .string(let reference)? = rule["$ref"]?.content {
            guard case .object(let root) = root.content, case .object(let definitions)? = root["$defs"]?.content,
                  let target = definitions[String(reference.dropFirst("#/$defs/".count))] else {
                return ["\(path): unknown $ref \(reference)"]
            }
            return errors(value, target, at: path)
        }
        if case .string(let type)? = rule["type"]?.content, !Self.has(value, type: type) { return ["\(path): not \(type)"] }
        var found: [String] = []
        if case .array(let names)? = rule["enum"]?.content, !names.contains(where: { Self.equal($0, value) }) { found.append("\(path): not in enum") }
        if let constant = rule["const"], !Self.equal(constant, value) { found.append("\(path): not the constant") }
        if case .number(let minimum)? = rule["minimum"]?.content, case .number(let number) = value.content,
           let low = minimum.int64, let actual = number.int64, actual < low {
            found.append("\(path): below \(minimum)")
        }
        if case .object(let object) = value.content {
            var properties: JSONObject?
            if case .object(let declared)? = rule["properties"]?.content { properties = declared }
            if case .array(let required)? = rule["required"]?.content {
                for key in required.compactMap(\.string) where object[key] == nil { found.append("\(path): missing \(key)") }
            }
            for member in object.members {
                if let property = properties?[member.key] {
                    found += errors(member.value, property, at: "\(path).\(member.key)")
                } else if let additional = rule["additionalProperties"] {
                    if case .bool(false) = additional.content {
                        found.append("\(path): unexpected key \(member.key)")
                    } else if case .object = additional.content {
                        found += errors(member.value, additional, at: "\(path).\(member.key)")
                    }
                }
            }
        }
        if case .array(let array) = value.content, let items = rule["items"] {
            for (index, item) in array.enumerated() { found += errors(item, items, at: "\(path)[\(index)]") }
        }
        if case .array(let options)? = rule["oneOf"]?.content {
            let matching = options.filter { errors(value, $0, at: path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of oneOf, not 1") }
        }
        if case .array(let options)? = rule["anyOf"]?.content, !options.contains(where: { errors(value, $0, at: path).isEmpty }) {
            found.append("\(path): matches none of anyOf")
        }
        return found
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value.content) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool): return true
        case ("integer", .number(let number)): return number.int64 != nil
        default: return false
        }
    }

    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a.content, b.content) {
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        default: return false
        }
    }
}

/// `bgsim schema` and docs/scenario.schema.json: written from the reader's tables, and every sample conforms.
@Suite struct SchemaTests {
    func schema() throws -> MiniSchemaValidator {
        try MiniSchemaValidator(runTool(["schema"]).out)
    }

    func document(_ path: String) throws -> JSONValue {
        try JSONParser.parse(Array(try Data(contentsOf: packageRoot.appendingPathComponent(path))))
    }

    /// The sample with `old` replaced by `new` in its text.
    func sample(replacing old: String, with new: String) throws -> JSONValue {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/save-on-background.json"), encoding: .utf8)
        #expect(text.contains(old))
        return try JSONParser.parse(Array(text.replacingOccurrences(of: old, with: new).utf8))
    }

    @Test func theCommittedSchemaIsWhatBgsimSchemaPrints() throws {
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/scenario.schema.json"), encoding: .utf8)
        #expect(runTool(["schema"]).out == committed, "regenerate with: swift run bgsim schema > docs/scenario.schema.json")
    }

    @Test func everyKeyHasATypeAndEveryProbeReads() {
        #expect(ScenarioSchema.untypedKeys() == [])
        #expect(ScenarioSchema.failedProbes() == [])
    }

    @Test func everySampleConforms() throws {
        let validator = try schema()
        for path in sampleScenarioPaths {
            let errors = validator.errors(try document(path), validator.root)
            #expect(errors == [], "\(path): \(errors)")
        }
        let starter = try JSONParser.parse(Array(StarterScenario.text(name: "s").utf8))
        #expect(validator.errors(starter, validator.root) == [])
    }

    @Test func theSchemaRefusesWhatTheReaderRefuses() throws {
        let validator = try schema()
        let changes: [(String, String)] = [
            (#""stopAt": "10m""#, #""stopAtt": "10m""#),
            (#""name": "save-on-background","#, ""),
            (#""profile": "iOS26""#, #""profile": "iOS99""#),
            (#""action": "goHome""#, #""action": "jump""#),
            (#""action": "tap", "run": "editNote""#, #""action": "tap""#),
            (#"{ "step": "work", "duration": "2s","#, #"{ "step": "work","#),
            (#"{ "step": "work", "duration": "2s","#, #"{ "step": "work", "duration": "2s", "durations": "1s","#),
            (#""seed": 1,"#, #""seed": true,"#),
            (#""saved": ["draft"]"#, #""saved": "draft""#),
        ]
        for (old, new) in changes {
            #expect(!validator.errors(try sample(replacing: old, with: new), validator.root).isEmpty, "\(new)")
        }
        let repeated = try sample(
            replacing: #"{ "at": "30s", "action": "goHome", "note": "The person leaves the app with the draft unsaved." },"#,
            with: #"{ "repeat": { "every": "10s", "count": 2, "entries": [{ "at": "30s", "action": "goHome" }] } },"#)
        #expect(validator.errors(repeated, validator.root) == [])
    }
}
