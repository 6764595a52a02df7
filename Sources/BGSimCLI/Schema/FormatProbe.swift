import Foundation
import ScenarioFormat
import SimulationModel
import SimulationSupport

/// Reads small scenarios made to show the reader's tables: which keys each step, timeline action and section
/// allows, which of them are required, and which names a value may have.
///
/// A step is probed by reading a scenario whose one action is that step:
/// the reader declares the keys it allows, then stops at the first required
/// key missing; the probe adds a value for it (``SchemaTypes/placeholder(for:)``)
/// and reads again until the step reads, so the required keys are the ones
/// the reader asked for.
struct FormatProbe {
    /// What one probe found about the object at its place.
    struct Shape {
        var keys: [String] = []
        var required: [String] = []
        /// The names each key's value may have, where the reader checks them.
        var choices: [(key: String, choices: [String])] = []
        /// Why the probe could not learn every required key (a placeholder missing or of the wrong type), if it could not.
        var failure: String?
    }

    /// The most required keys a probe fills in before it gives up.
    static let maximumAttempts = 12

    /// A scenario that reads, with the top-level members given replacing the defaults.
    static func document(_ members: [(String, JSONValue)]) -> JSONValue {
        var top: [(String, JSONValue)] = [
            ("format", 1), ("name", "probe"), ("stopAt", "1d"),
            ("app", app([("actions", ["p": [["step": "log", "message": "m"]]])])),
            ("timeline", [["at": "0s", "action": "launch"]]),
        ]
        for member in members {
            if let index = top.firstIndex(where: { $0.0 == member.0 }) { top[index] = member } else { top.append(member) }
        }
        return object(top)
    }

    /// An app that reads, with the members given added.
    static func app(_ members: [(String, JSONValue)]) -> JSONValue {
        let base: [(String, JSONValue)] = [
            ("bundleIdentifier", "p"),
            ("infoPlist", ["UIBackgroundModes": ["fetch", "processing"], "BGTaskSchedulerPermittedIdentifiers": ["p", "p.*"]]),
        ]
        return object(base.filter { base in !members.contains { $0.0 == base.0 } } + members)
    }

    /// The shape of the object the reader reads at `path` in documents made by `make` from the object's members,
    /// with the names each optional key may have (found by giving it a name no table has).
    static func shape(at path: String, make: ([(String, JSONValue)]) -> JSONValue, members: [(String, JSONValue)]) -> Shape {
        var shape = attempt(at: path, make: make, members: members)
        let filled = members + shape.required.compactMap { key in
            SchemaTypes.placeholder(for: key, choices: shape.choices).map { (key, $0) }
        }
        for key in shape.keys where !filled.contains(where: { $0.0 == key }) && !shape.choices.contains(where: { $0.key == key }) {
            guard SchemaTypes.type(of: key)?.placeholder == SchemaTypes.string.placeholder else { continue }
            let probe = attempt(at: path, make: make, members: filled + [(key, "~")])
            if let found = probe.choices.first(where: { $0.key == key }) { shape.choices.append(found) }
        }
        return shape
    }

    /// One reading, filling required keys until the object reads.
    private static func attempt(at path: String, make: ([(String, JSONValue)]) -> JSONValue, members: [(String, JSONValue)]) -> Shape {
        var members = members
        var shape = Shape()
        let objectPath = path.isEmpty ? "(top level)" : path
        let prefix = path.isEmpty ? "" : path + "."
        for _ in 0..<maximumAttempts {
            // Keys in the order given: the reader meets them as a file would have them.
            let (declarations, error) = FormatDeclarations.record(Data(make(members).rendered(indent: 0, sortedKeys: false).utf8))
            if let object = declarations.objects.last(where: { $0.path == objectPath }) { shape.keys = object.keys }
            shape.choices = declarations.choices.filter { $0.path.hasPrefix(prefix) && !$0.path.dropFirst(prefix.count).contains(".") }
                .map { (String($0.path.dropFirst(prefix.count)), $0.choices) }
            guard let error else { return shape }
            let missing = "missing required key \""
            if error.location.hasPrefix(prefix), error.message.hasPrefix(missing) {
                let key = String(error.location.dropFirst(prefix.count))
                guard !shape.required.contains(key), let value = SchemaTypes.placeholder(for: key, choices: shape.choices) else {
                    shape.failure = error.description
                    return shape
                }
                shape.required.append(key)
                members.append((key, value))
                continue
            }
            // A check after the keys were read (a reference, a combination) ends the probe with every key known;
            // a value of the wrong type means a placeholder is wrong, and the keys after it are unknown.
            if error.message.hasPrefix("expected ") { shape.failure = error.description }
            return shape
        }
        shape.failure = "more than \(maximumAttempts) required keys"
        return shape
    }

    /// The shape of step `name`.
    static func step(_ name: String) -> Shape {
        shape(at: "app.actions.p[0]", make: { members in
            document([("app", app([("actions", ["p": [object(members)]])]))])
        }, members: [("step", .string(name))])
    }

    /// The shape of timeline entries of action `name`.
    static func entry(_ name: String) -> Shape {
        shape(at: "timeline[0]", make: { members in document([("timeline", [object(members)])]) },
              members: [("at", "0s"), ("action", .string(name))])
    }

    /// The shape of a section: the object at `path`, placed in a document by `make`.
    static func section(_ path: String, _ make: @escaping (JSONValue) -> JSONValue) -> Shape {
        shape(at: path, make: { members in make(object(members)) }, members: [])
    }

    /// An object with `members` in this order.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members)
    }
}
